import { describe, expect, it } from 'vitest';
import { balanceText, groupColor, hasBalanceApi, msToSeconds, responseTimeColor } from './channel-display';

describe('responseTimeColor (spec 2 §4)', () => {
  it('is grey for an untested channel', () => {
    expect(responseTimeColor(0)).toBe('grey');
  });

  it.each([
    [1, 'green'],
    [1000, 'green'],
    [1001, 'lime'],
    [3000, 'lime'],
    [3001, 'yellow'],
    [5000, 'yellow'],
    [5001, 'red'],
    [60_000, 'red'],
  ])('%i ms is %s', (ms, colour) => {
    expect(responseTimeColor(ms)).toBe(colour);
  });

  it('shows seconds with two decimals', () => {
    expect(msToSeconds(1234)).toBe('1.23');
    expect(msToSeconds(50)).toBe('0.05');
  });
});

describe('balanceText', () => {
  it('uses the unit the provider reports', () => {
    expect(balanceText(1, 12.3)).toBe('$12.30');
    expect(balanceText(43, 5)).toBe('¥5.00');
    expect(balanceText(10, 1234.5)).toBe('1,234.5');
  });

  it('is null for types without a balance API', () => {
    expect(hasBalanceApi(14)).toBe(false);
    expect(hasBalanceApi(39)).toBe(false);
    expect(balanceText(40, 2)).toBe('¥2.00');
    expect(balanceText(13, 2)).toBe('2');
    expect(balanceText(14, 3)).toBeNull();
  });
});

describe('groupColor (document 1 §9)', () => {
  it('colours vip/pro yellow and svip/premium red', () => {
    expect(groupColor('vip')).toBe('yellow');
    expect(groupColor('Pro')).toBe('yellow');
    expect(groupColor('svip')).toBe('red');
    expect(groupColor('premium')).toBe('red');
    expect(groupColor('default')).toBe('white');
  });
});
