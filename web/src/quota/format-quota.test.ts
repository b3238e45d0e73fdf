import { describe, expect, it } from 'vitest';
import { abbreviateQuota, currencyQuota, formatQuota } from './format-quota';

describe('abbreviateQuota', () => {
  it('keeps numbers below 10 000 as they are', () => {
    expect(abbreviateQuota(0)).toBe('0');
    expect(abbreviateQuota(9999)).toBe('9999');
  });
  it('uses k from 1e4, M from 1e6 and B from 1e9', () => {
    expect(abbreviateQuota(10000)).toBe('10.0k');
    expect(abbreviateQuota(123456)).toBe('123.5k');
    expect(abbreviateQuota(1_000_000)).toBe('1.0M');
    expect(abbreviateQuota(2_550_000)).toBe('2.5M');
    expect(abbreviateQuota(1_000_000_000)).toBe('1.0B');
  });
  it('keeps the sign of negative adjustments', () => {
    expect(abbreviateQuota(-20000)).toBe('-20.0k');
  });
});

describe('currencyQuota', () => {
  it('divides by the quota per unit with two decimals', () => {
    expect(currencyQuota(500000, 500000)).toBe('$1.00');
    expect(currencyQuota(100_000_000, 500000)).toBe('$200.00');
    expect(currencyQuota(0, 500000)).toBe('$0.00');
  });
  it('adds decimals so a tiny amount does not read as zero', () => {
    expect(currencyQuota(1, 500000)).toBe('$0.000002');
    expect(currencyQuota(500, 500000)).toBe('$0.001');
  });
  it('honours a custom unit and digits', () => {
    expect(currencyQuota(1234, 1000, 3)).toBe('$1.234');
  });
  it('falls back to the default unit when the unit is not positive', () => {
    expect(currencyQuota(500000, 0)).toBe('$1.00');
  });
  it('puts the minus sign before the dollar sign', () => {
    expect(currencyQuota(-250000, 500000)).toBe('-$0.50');
  });
});

describe('formatQuota', () => {
  it('shows currency when display_in_currency is on, else abbreviations', () => {
    expect(formatQuota(1_500_000, { displayInCurrency: true, quotaPerUnit: 500000 })).toBe('$3.00');
    expect(formatQuota(1_500_000, { displayInCurrency: false, quotaPerUnit: 500000 })).toBe('1.5M');
  });
});
