import { describe, expect, it } from 'vitest';
import {
  applyPricing,
  buildPriceRows,
  filterRows,
  jsonEditorValue,
  optionText,
  pageOf,
  parsePriceMaps,
  prettyJson,
  pricingSaveValues,
  removePricing,
  sameJson,
  unsetModelNames,
  type PriceMaps,
} from './price-maps';

const maps = (): PriceMaps => ({
  ModelPrice: { 'dall-e-3': 0.04 },
  ModelRatio: { 'gpt-4o': 1.25, 'b-model': 2 },
  CompletionRatio: { 'gpt-4o': 4, 'only-completion': 2 },
});

describe('price maps', () => {
  it('parses the three stored tables and refuses anything that is not a map of numbers', () => {
    expect(parsePriceMaps({ ModelPrice: '{"a":1}', ModelRatio: '{}', CompletionRatio: '{"a":2}' })).toEqual({
      ModelPrice: { a: 1 },
      ModelRatio: {},
      CompletionRatio: { a: 2 },
    });
    expect(
      parsePriceMaps({ ModelPrice: '{"a":"1"}', ModelRatio: '{}', CompletionRatio: '{}' }),
    ).toBeUndefined();
    expect(parsePriceMaps({ ModelPrice: '[1]', ModelRatio: '{}', CompletionRatio: '{}' })).toBeUndefined();
    expect(parsePriceMaps({ ModelPrice: '{', ModelRatio: '{}', CompletionRatio: '{}' })).toBeUndefined();
  });

  it('builds one row per model named anywhere, sorted by name', () => {
    expect(buildPriceRows(maps())).toEqual([
      { name: 'b-model', price: undefined, ratio: 2, completionRatio: undefined },
      { name: 'dall-e-3', price: 0.04, ratio: undefined, completionRatio: undefined },
      { name: 'gpt-4o', price: undefined, ratio: 1.25, completionRatio: 4 },
      { name: 'only-completion', price: undefined, ratio: undefined, completionRatio: 2 },
    ]);
    expect(filterRows(buildPriceRows(maps()), ' GPT ').map((r) => r.name)).toEqual(['gpt-4o']);
  });

  it('lets a fixed price replace the ratios and per-token pricing replace the price', () => {
    const fixed = applyPricing(maps(), 'gpt-4o', { mode: 'request', price: 0.5 });
    expect(fixed.ModelPrice).toEqual({ 'dall-e-3': 0.04, 'gpt-4o': 0.5 });
    expect(fixed.ModelRatio).toEqual({ 'b-model': 2 });
    expect(fixed.CompletionRatio).toEqual({ 'only-completion': 2 });

    const token = applyPricing(maps(), 'dall-e-3', { mode: 'token', ratio: 3, completionRatio: 2 });
    expect(token.ModelPrice).toEqual({});
    expect(token.ModelRatio['dall-e-3']).toBe(3);
    expect(token.CompletionRatio['dall-e-3']).toBe(2);

    const noCompletion = applyPricing(maps(), 'gpt-4o', { mode: 'token', ratio: 1 });
    expect(noCompletion.CompletionRatio).toEqual({ 'only-completion': 2 });
  });

  it('deletes a model from every table without touching the input', () => {
    const before = maps();
    const after = removePricing(before, 'gpt-4o');
    expect(after.ModelRatio).toEqual({ 'b-model': 2 });
    expect(after.CompletionRatio).toEqual({ 'only-completion': 2 });
    expect(before.ModelRatio['gpt-4o']).toBe(1.25);
  });

  it('lists enabled models with neither a price nor a ratio', () => {
    expect(
      unsetModelNames(['gpt-4o', 'dall-e-3', 'new-model', 'only-completion', 'new-model'], maps()),
    ).toEqual(['new-model', 'only-completion']);
  });

  it('keeps the stored string when a table means the same, so unchanged keys are not sent', () => {
    expect(sameJson({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1.5 })).toBe(false);
    expect(optionText('{ "a": 1 }', { a: 1 })).toBe('{ "a": 1 }');
    expect(optionText('{"a":1}', { a: 1, b: 2 })).toBe('{"a":1,"b":2}');
    const stored = {
      ModelPrice: '{"dall-e-3":0.04}',
      ModelRatio: '{"gpt-4o":1.25}',
      CacheRatio: '{"gpt-4o":0.5}',
      CompletionRatio: '{}',
    };
    const next = applyPricing(parsePriceMaps(stored)!, 'new', {
      mode: 'token',
      ratio: 2,
      completionRatio: 3,
    });
    expect(pricingSaveValues(stored, next)).toEqual({
      ModelPrice: '{"dall-e-3":0.04}',
      ModelRatio: '{"gpt-4o":1.25,"new":2}',
      CacheRatio: '{"gpt-4o":0.5}',
      CompletionRatio: '{"new":3}',
    });
  });

  it('shows JSON pretty and saves edited text compact, or as typed when it is not JSON', () => {
    expect(prettyJson('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyJson('{oops')).toBe('{oops');
    expect(jsonEditorValue('{"a":1}', '{\n  "a": 1\n}')).toBe('{"a":1}');
    expect(jsonEditorValue('{"a":1}', '{\n  "a": 2\n}')).toBe('{"a":2}');
    expect(jsonEditorValue('{"a":1}', '{"a":')).toBe('{"a":');
  });

  it('cuts pages of ten and keeps the page number within the pages there are', () => {
    const rows = Array.from({ length: 23 }, (_, i) => i);
    expect(pageOf(rows, 1, 10)).toEqual({ page: 1, rows: rows.slice(0, 10) });
    expect(pageOf(rows, 3, 10)).toEqual({ page: 3, rows: [20, 21, 22] });
    expect(pageOf(rows, 9, 10)).toEqual({ page: 3, rows: [20, 21, 22] });
    expect(pageOf([], 2, 10)).toEqual({ page: 1, rows: [] });
  });
});
