import { describe, expect, it } from 'vitest';
import { defaultLogFilters, toLogQuery } from './log-filters';
import { firstTokenColor, hasFixedPrice, parseLogOther, retryPath, durationColor } from './log-other';

describe('duration colours', () => {
  it('use time: under 101 s green, under 300 s orange, else red', () => {
    expect(durationColor(0)).toBe('green');
    expect(durationColor(100)).toBe('green');
    expect(durationColor(101)).toBe('orange');
    expect(durationColor(299)).toBe('orange');
    expect(durationColor(300)).toBe('red');
  });

  it('first token: under 3 s green, under 10 s orange, else red', () => {
    expect(firstTokenColor(2999)).toBe('green');
    expect(firstTokenColor(3000)).toBe('orange');
    expect(firstTokenColor(9999)).toBe('orange');
    expect(firstTokenColor(10_000)).toBe('red');
  });
});

describe('log other', () => {
  it('parses objects only', () => {
    expect(parseLogOther('{"model_ratio":2}')).toEqual({ model_ratio: 2 });
    expect(parseLogOther('')).toBeNull();
    expect(parseLogOther('[1]')).toBeNull();
    expect(parseLogOther('{oops')).toBeNull();
  });

  it('joins the channels tried', () => {
    expect(retryPath({ admin_info: { use_channel: ['3', '5', 7] } })).toBe('3 → 5 → 7');
    expect(retryPath({ admin_info: { use_channel: [] } })).toBeNull();
    expect(retryPath({})).toBeNull();
    expect(retryPath(null)).toBeNull();
  });

  it('tells a fixed price from ratio pricing (-1)', () => {
    expect(hasFixedPrice({ model_price: 0.05 })).toBe(true);
    expect(hasFixedPrice({ model_price: -1 })).toBe(false);
    expect(hasFixedPrice({})).toBe(false);
  });
});

describe('log filters', () => {
  it('default to today from midnight until an hour from now', () => {
    const now = new Date(2030, 4, 6, 15, 30, 0);
    const values = defaultLogFilters(now);
    expect(values.start).toEqual(new Date(2030, 4, 6, 0, 0, 0));
    expect(values.end).toEqual(new Date(2030, 4, 6, 16, 30, 0));
  });

  it('send admin filters only for admins, and only a numeric channel', () => {
    const values = {
      ...defaultLogFilters(new Date(2030, 0, 1)),
      channel: ' 12 ',
      username: 'bob',
      model_name: ' gpt ',
    };
    expect(toLogQuery(values, true)).toMatchObject({ channel: 12, username: 'bob', model_name: 'gpt' });
    const user = toLogQuery(values, false);
    expect(user).not.toHaveProperty('channel');
    expect(user).not.toHaveProperty('username');
    expect(toLogQuery({ ...values, channel: 'abc' }, true)).not.toHaveProperty('channel');
  });
});
