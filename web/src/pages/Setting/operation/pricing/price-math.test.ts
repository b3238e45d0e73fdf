import { describe, expect, it } from 'vitest';
import {
  completionRatioFromPrices,
  formatUsd,
  inputPriceToRatio,
  isNumberInput,
  numberText,
  outputPrice,
  ratioTagColor,
  ratioToInputPrice,
  readNumber,
} from './price-math';

describe('price conversions', () => {
  it('prices 1M input tokens at ratio × 2 and converts back by ÷ 2', () => {
    expect(ratioToInputPrice(1)).toBe(2);
    expect(ratioToInputPrice(1.25)).toBe(2.5);
    expect(ratioToInputPrice(0.075)).toBe(0.15);
    expect(inputPriceToRatio(2.5)).toBe(1.25);
    expect(inputPriceToRatio(0.3)).toBe(0.15);
    for (const ratio of [0.1, 0.3, 0.55, 2.5, 37.5])
      expect(inputPriceToRatio(ratioToInputPrice(ratio))).toBe(ratio);
  });

  it('prices output as input × completion ratio, and the completion ratio is output ÷ input', () => {
    expect(outputPrice(1.25, 4)).toBe(10);
    expect(outputPrice(0.1, 3)).toBe(0.6);
    expect(completionRatioFromPrices(2.5, 10)).toBe(4);
    expect(completionRatioFromPrices(0.2, 0.6)).toBe(3);
    expect(completionRatioFromPrices(0, 5)).toBeUndefined();
  });

  it('colours ratios: above 5 red, above 3 orange, above 1 blue, else green', () => {
    expect([0, 1, 1.01, 3, 3.5, 5, 5.01, 40].map(ratioTagColor)).toEqual([
      'green',
      'green',
      'blue',
      'blue',
      'orange',
      'orange',
      'red',
      'red',
    ]);
  });

  it('accepts only non-negative decimals while typing', () => {
    for (const ok of ['', '0', '12', '1.', '1.5', '.5', ' 3 ']) expect(isNumberInput(ok), ok).toBe(true);
    for (const bad of ['a', '-1', '1.2.3', '1e3', '１', '1,5']) expect(isNumberInput(bad), bad).toBe(false);
    expect(readNumber('1.')).toBe(1);
    expect(readNumber('.')).toBeUndefined();
    expect(readNumber('')).toBeUndefined();
    expect(readNumber('x')).toBeUndefined();
    expect(numberText(0.1 * 3)).toBe('0.3');
    expect(numberText(undefined)).toBe('');
  });

  it('writes dollars without trailing zeros', () => {
    expect(formatUsd(2.5)).toBe('$2.5');
    expect(formatUsd(0.0000004)).toBe('$0');
    expect(formatUsd(0.15)).toBe('$0.15');
  });
});
