import { describe, expect, it } from 'vitest';
import { applyUnsetDraft, batchFill, editEntry, seedDraft, type BatchInput } from './unset-models';
import type { PriceMaps } from './price-maps';

const maps = (): PriceMaps => ({
  ModelPrice: { old: 1 },
  ModelRatio: { r: 2 },
  CompletionRatio: { waiting: 3 },
});
const input = (over: Partial<BatchInput>): BatchInput => ({
  type: 'ratio',
  value: '',
  ratio: '',
  completionRatio: '',
  ...over,
});

describe('unset models', () => {
  it('edits inline: numbers only, a fixed price clears and locks the ratios', () => {
    expect(editEntry({}, 'a', 'ratio', 'x')).toBeUndefined();
    let draft = editEntry({}, 'a', 'ratio', '2')!;
    draft = editEntry(draft, 'a', 'completionRatio', '3')!;
    expect(draft.a).toEqual({ price: '', ratio: '2', completionRatio: '3' });
    draft = editEntry(draft, 'a', 'price', '0.5')!;
    expect(draft.a).toEqual({ price: '0.5', ratio: '', completionRatio: '' });
    expect(editEntry(draft, 'a', 'ratio', '4')).toBe(draft);
    draft = editEntry(draft, 'a', 'price', '')!;
    expect(editEntry(draft, 'a', 'ratio', '4')!.a).toEqual({ price: '', ratio: '4', completionRatio: '' });
  });

  it('checks a batch in the spec order', () => {
    expect(batchFill({}, [], input({ value: '1' }))).toEqual({ problem: 'needSelection' });
    expect(batchFill({}, ['a'], input({ value: ' ' }))).toEqual({ problem: 'needValue' });
    expect(batchFill({}, ['a'], input({ value: '1.2.3' }))).toEqual({ problem: 'invalidNumber' });
    expect(batchFill({}, ['a'], input({ type: 'bothRatio', ratio: '1' }))).toEqual({ problem: 'needBoth' });
    expect(batchFill({}, ['a'], input({ type: 'bothRatio', ratio: '1', completionRatio: 'x' }))).toEqual({
      problem: 'invalidNumber',
    });
  });

  it('fills the selected models only, a price replacing the ratios', () => {
    const start = { a: { price: '', ratio: '1', completionRatio: '2' } };
    const price = batchFill(start, ['a', 'b'], input({ type: 'price', value: '0.1' }));
    expect(price).toEqual({
      draft: {
        a: { price: '0.1', ratio: '', completionRatio: '' },
        b: { price: '0.1', ratio: '', completionRatio: '' },
      },
    });
    const ratio = batchFill(start, ['a'], input({ type: 'ratio', value: '5' }));
    expect(ratio).toEqual({ draft: { a: { price: '', ratio: '5', completionRatio: '2' } } });
    const both = batchFill({}, ['c'], input({ type: 'bothRatio', ratio: '1', completionRatio: '4' }));
    expect(both).toEqual({ draft: { c: { price: '', ratio: '1', completionRatio: '4' } } });
  });

  it('writes prices and ratios into the tables, the price winning', () => {
    const next = applyUnsetDraft(maps(), {
      p: { price: '0.02', ratio: '', completionRatio: '' },
      t: { price: '', ratio: '1.5', completionRatio: '2' },
      waiting: { price: '', ratio: '', completionRatio: '3' },
      blank: { price: '', ratio: '', completionRatio: '' },
    });
    expect(next).toEqual({
      ModelPrice: { old: 1, p: 0.02 },
      ModelRatio: { r: 2, t: 1.5 },
      CompletionRatio: { waiting: 3, t: 2 },
    });
  });

  it('starts from the completion ratios models already have', () => {
    expect(seedDraft(['waiting', 'fresh'], maps())).toEqual({
      waiting: { price: '', ratio: '', completionRatio: '3' },
    });
  });
});
