import { describe, expect, it } from 'vitest';
import { en } from './resources/en';
import { featureTexts } from './resources/features';
import { zh } from './resources/zh';

function flatten(tree: object, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out[prefix + key] = value;
    else Object.assign(out, flatten(value as object, `${prefix}${key}.`));
  }
  return out;
}

describe('translations', () => {
  const zhTexts = flatten({ ...zh, ...featureTexts('zh') });
  const enTexts = flatten({ ...en, ...featureTexts('en') });

  it('have the same keys in Chinese and English', () => {
    expect(Object.keys(enTexts).sort()).toEqual(Object.keys(zhTexts).sort());
  });

  it('leave no text empty', () => {
    for (const [key, text] of [...Object.entries(zhTexts), ...Object.entries(enTexts)]) {
      expect(text.trim(), key).not.toBe('');
    }
  });

  it('keep the same placeholders in both languages', () => {
    const placeholders = (text: string) => (text.match(/{{\w+}}/g) ?? []).sort();
    for (const key of Object.keys(zhTexts)) {
      expect(placeholders(enTexts[key]), key).toEqual(placeholders(zhTexts[key]));
    }
  });
});
