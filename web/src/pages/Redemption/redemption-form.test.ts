import { describe, expect, it } from 'vitest';
import { textFileName } from './download-text';
import { toCreateRequest, validateRedemptionForm } from './redemption-form';

const t = (key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key;
const dollars = (quota: number) => `$${(quota / 500_000).toFixed(2)}`;

describe('validateRedemptionForm', () => {
  it('accepts the defaults with an empty name on creation', () => {
    expect(validateRedemptionForm({ name: '  ', quota: 100_000, count: 1 }, 'create', t)).toEqual({});
  });

  it('wants a name when editing', () => {
    expect(validateRedemptionForm({ name: '', quota: 100_000 }, 'edit', t)).toEqual({
      name: 'redemption.form.nameLength {"max":20}',
    });
  });

  it('wants whole numbers for quota and count', () => {
    expect(validateRedemptionForm({ quota: 1.5, count: 2.5 }, 'create', t)).toEqual({
      quota: 'redemption.form.quotaInvalid',
      count: 'redemption.form.countInteger',
    });
    expect(validateRedemptionForm({ quota: -1, count: '' }, 'create', t)).toEqual({
      quota: 'redemption.form.quotaInvalid',
      count: 'redemption.form.countInteger',
    });
  });

  it('ignores the count when editing', () => {
    expect(validateRedemptionForm({ name: 'x', quota: 1, count: 500 }, 'edit', t)).toEqual({});
  });
});

describe('toCreateRequest', () => {
  it('trims the name, or names the batch after the formatted quota', () => {
    expect(toCreateRequest({ name: ' vip ', quota: 500_000, count: 3 }, dollars)).toEqual({
      name: 'vip',
      quota: 500_000,
      count: 3,
    });
    expect(toCreateRequest({ name: '', quota: 100_000, count: 1 }, dollars).name).toBe('$0.20');
  });
});

describe('textFileName', () => {
  it('keeps the name readable and safe for file systems', () => {
    expect(textFileName('$0.20', 'codes')).toBe('$0.20.txt');
    expect(textFileName('a/b c', 'codes')).toBe('a_b_c.txt');
    expect(textFileName('../', 'codes')).toBe('codes.txt');
  });
});
