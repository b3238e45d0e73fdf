import { describe, expect, it } from 'vitest';
import { formatDateTime } from './date-time';
import {
  DEFAULT_TOKEN_FORM,
  expiryFromShortcut,
  formValuesOf,
  parseExpiry,
  toCreateRequest,
  toUpdateRequest,
} from './token-form';
import { token } from './token-test-data';
import { keysForClipboard, maskKey, tokenDisplayStatus } from './token-display';

const local = (...parts: number[]) =>
  Math.floor(
    new Date(parts[0], parts[1] - 1, parts[2], parts[3] ?? 0, parts[4] ?? 0, parts[5] ?? 0).getTime() / 1000,
  );

describe('parseExpiry', () => {
  it('reads empty text and -1 as never', () => {
    expect(parseExpiry('')).toBe(-1);
    expect(parseExpiry('  ')).toBe(-1);
    expect(parseExpiry('-1')).toBe(-1);
  });

  it('reads local date-times, with or without seconds or time', () => {
    expect(parseExpiry('2030-05-06 07:08:09')).toBe(local(2030, 5, 6, 7, 8, 9));
    expect(parseExpiry('2030-05-06 07:08')).toBe(local(2030, 5, 6, 7, 8));
    expect(parseExpiry('2030-05-06')).toBe(local(2030, 5, 6));
    expect(parseExpiry('2030-05-06T07:08:09Z')).toBe(Date.UTC(2030, 4, 6, 7, 8, 9) / 1000);
  });

  it('refuses text that is not a real date', () => {
    for (const text of [
      'tomorrow',
      '2030-13-01',
      '2030-02-30 10:00:00',
      '2030-01-01 25:00',
      '1',
      '2030/01/01',
    ]) {
      expect(parseExpiry(text), text).toBeNull();
    }
  });

  it('round-trips what the drawer shows', () => {
    const seconds = local(2031, 1, 2, 3, 4, 5);
    expect(parseExpiry(formatDateTime(new Date(seconds * 1000)))).toBe(seconds);
  });
});

describe('expiry shortcuts', () => {
  const now = new Date(2030, 0, 31, 12, 0, 0);
  it('add an hour, a day or thirty days; never clears the field', () => {
    expect(expiryFromShortcut('never', now)).toBe('');
    expect(expiryFromShortcut('hour', now)).toBe('2030-01-31 13:00:00');
    expect(expiryFromShortcut('day', now)).toBe('2030-02-01 12:00:00');
    expect(expiryFromShortcut('month', now)).toBe('2030-03-02 12:00:00');
  });
});

describe('toCreateRequest', () => {
  const values = { ...DEFAULT_TOKEN_FORM, name: ' laptop ' };

  it('builds the request with trimmed text', () => {
    expect(toCreateRequest({ ...values, allow_ips: ' 10.0.0.1 \n' })).toEqual({
      ok: true,
      request: {
        name: 'laptop',
        remain_quota: 500000,
        unlimited_quota: false,
        expired_time: -1,
        model_limits_enabled: false,
        model_limits: '',
        allow_ips: '10.0.0.1',
        group: '',
        count: 1,
      },
    });
  });

  it('names the first problem', () => {
    const problem = (overrides: Partial<typeof values>) => {
      const result = toCreateRequest({ ...values, ...overrides });
      return result.ok ? null : result.problem;
    };
    expect(problem({ name: '  ' })).toEqual({ field: 'name', reason: 'required' });
    expect(problem({ expired_time: 'soon' })).toEqual({ field: 'expired_time', reason: 'invalid' });
    expect(problem({ count: 0 })).toEqual({ field: 'count', reason: 'notPositiveInteger' });
    expect(problem({ count: 1.5 })).toEqual({ field: 'count', reason: 'notPositiveInteger' });
    expect(problem({ count: NaN })).toEqual({ field: 'count', reason: 'notPositiveInteger' });
    expect(problem({ count: 101 })).toEqual({ field: 'count', reason: 'tooMany' });
    expect(problem({ remain_quota: -1 })).toEqual({ field: 'remain_quota', reason: 'invalid' });
    expect(problem({ remain_quota: NaN, unlimited_quota: true })).toBeNull();
    expect(problem({ model_limits_enabled: true })).toEqual({ field: 'model_limits', reason: 'required' });
  });
});

describe('toUpdateRequest', () => {
  it('sends the edited token back with its id and no count', () => {
    const edited = formValuesOf(token({ id: 9, model_limits: 'a,b', model_limits_enabled: true }));
    const result = toUpdateRequest(9, edited);
    expect(result.ok && result.request).toMatchObject({
      id: 9,
      model_limits: 'a,b',
      model_limits_enabled: true,
    });
    expect(result.ok && result.request).not.toHaveProperty('count');
  });
});

describe('token display', () => {
  it('masks keys and lists selected keys with the prefix', () => {
    expect(maskKey('abcd1234567890wxyz')).toBe('sk-abcd**********wxyz');
    expect(keysForClipboard([token({ key: 'k1' }), token({ key: 'k2' })])).toBe('sk-k1\nsk-k2');
  });

  it('shows enabled tokens past their expiry or out of quota as such', () => {
    const now = 2_000_000_000;
    expect(tokenDisplayStatus(token({ expired_time: now - 1 }), now)).toBe('expired');
    expect(tokenDisplayStatus(token({ remain_quota: 0 }), now)).toBe('exhausted');
    expect(tokenDisplayStatus(token({ remain_quota: 0, unlimited_quota: true }), now)).toBe('enabled');
    expect(tokenDisplayStatus(token({ status: 3 }), now)).toBe('expired');
    expect(tokenDisplayStatus(token({ status: 4 }), now)).toBe('exhausted');
    expect(tokenDisplayStatus(token({ status: 2, remain_quota: 0 }), now)).toBe('disabled');
  });
});
