import type { PricingModel } from '@gateway/contract';
import { describe, expect, it } from 'vitest';
import { fuzzyMatch, priceLines, pricingRows } from './pricing-rows';

const model = (name: string, over: Partial<PricingModel> = {}): PricingModel => ({
  model_name: name,
  quota_type: 0,
  model_ratio: 1,
  completion_ratio: 1,
  model_price: 0,
  enable_groups: ['default'],
  ...over,
});

describe('fuzzyMatch', () => {
  it('finds names by an in-order subsequence, ignoring case and spaces', () => {
    expect(fuzzyMatch('g4m', 'gpt-4o-mini')).toBe(true);
    expect(fuzzyMatch('GPT 4O', 'gpt-4o-mini')).toBe(true);
    expect(fuzzyMatch('m4g', 'gpt-4o-mini')).toBe(false);
    expect(fuzzyMatch('', 'anything')).toBe(true);
  });
});

describe('pricingRows', () => {
  it('puts usable models first, then per call, then gpt names, then by name', () => {
    const rows = pricingRows(
      [
        model('zeta'),
        model('claude-x'),
        model('gpt-b'),
        model('gpt-a'),
        model('mj_imagine', { quota_type: 1, model_price: 0.1 }),
        model('vip-only', { enable_groups: ['vip'] }),
      ],
      'default',
      '',
    );
    expect(rows.map((r) => r.model_name)).toEqual([
      'mj_imagine',
      'gpt-a',
      'gpt-b',
      'claude-x',
      'zeta',
      'vip-only',
    ]);
    expect(rows.map((r) => r.available)).toEqual([true, true, true, true, true, false]);
  });

  it('filters by the search text', () => {
    expect(
      pricingRows([model('gpt-4o'), model('claude-3')], 'default', 'cl3').map((r) => r.model_name),
    ).toEqual(['claude-3']);
  });
});

describe('priceLines', () => {
  const usd = { displayInCurrency: true, quotaPerUnit: 500_000 };
  it('prices 1M input tokens at ratio × 2 USD and output at the completion ratio times that', () => {
    expect(priceLines(model('m', { model_ratio: 0.075, completion_ratio: 4 }), 1, usd)).toEqual([
      { kind: 'input', amount: '$0.15', perMillion: true },
      { kind: 'output', amount: '$0.6', perMillion: true },
    ]);
  });
  it('applies the group ratio', () => {
    expect(priceLines(model('m', { model_ratio: 2.5, completion_ratio: 4 }), 0.5, usd)).toEqual([
      { kind: 'input', amount: '$2.5', perMillion: true },
      { kind: 'output', amount: '$10', perMillion: true },
    ]);
    expect(priceLines(model('p', { quota_type: 1, model_price: 0.04 }), 2, usd)).toEqual([
      { kind: 'perCall', amount: '$0.08' },
    ]);
  });
  it('shows quota when currency display is off', () => {
    const quota = { displayInCurrency: false, quotaPerUnit: 500_000 };
    expect(priceLines(model('m', { model_ratio: 0.075, completion_ratio: 4 }), 1, quota)).toEqual([
      { kind: 'input', amount: '75.0k', perMillion: true },
      { kind: 'output', amount: '300.0k', perMillion: true },
    ]);
    expect(priceLines(model('p', { quota_type: 1, model_price: 0.1 }), 1, quota)).toEqual([
      { kind: 'perCall', amount: '50.0k' },
    ]);
  });
});
