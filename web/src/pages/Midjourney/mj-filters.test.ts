import { describe, expect, it } from 'vitest';
import { codeText, defaultMjFilters, percent, taskSeconds, toMjQuery } from './mj-filters';

describe('drawing log filters and cells', () => {
  const now = new Date('2026-03-01T12:00:00Z');

  it('defaults to the last 30 days through one hour ahead, sent in milliseconds', () => {
    const values = defaultMjFilters(now);
    expect(now.getTime() - values.start.getTime()).toBe(30 * 24 * 3_600_000);
    expect(values.end.getTime() - now.getTime()).toBe(3_600_000);
    expect(toMjQuery({ ...values, mjId: ' 123 ', channel: '7' }, false)).toEqual({
      mj_id: '123',
      start_timestamp: values.start.getTime(),
      end_timestamp: values.end.getTime(),
    });
    expect(toMjQuery({ ...values, channel: '7' }, true).channel_id).toBe(7);
    expect(toMjQuery({ ...values, channel: 'seven' }, true).channel_id).toBeUndefined();
  });

  it('measures a task until it finished, or until now while it runs', () => {
    expect(taskSeconds(1_000, 62_500)).toBe(61.5);
    expect(taskSeconds(1_000, 0, 11_000)).toBe(10);
    expect(taskSeconds(0, 5_000)).toBeNull();
  });

  it('names the submit codes and reads progress text', () => {
    expect([1, 21, 22, 0, 24].map(codeText)).toEqual([
      'mj.code.submitted',
      'mj.code.waiting',
      'mj.code.duplicate',
      'mj.code.notSubmitted',
      'mj.code.unknown',
    ]);
    expect(percent('45%')).toBe(45);
    expect(percent('')).toBe(0);
    expect(percent('100%')).toBe(100);
  });
});
