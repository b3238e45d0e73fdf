import type { QuotaDataRow } from '@gateway/contract';
import { describe, expect, it } from 'vitest';
import { bucketLabel, dashboardSeries } from './dashboard-series';

/** Hours built from local dates, so the test holds in every time zone. */
const at = (y: number, m: number, d: number, h: number) => new Date(y, m - 1, d, h).getTime() / 1000;
const row = (created_at: number, model: string, quota: number, count: number, tokens = 0): QuotaDataRow => ({
  id: 0,
  user_id: 1,
  username: 'u',
  model_name: model,
  created_at,
  quota,
  count,
  token_used: tokens,
});

describe('bucketLabel', () => {
  it('labels an hour by hour, day or the Monday of its week', () => {
    const wednesday = at(2026, 11, 18, 7);
    expect(bucketLabel(wednesday, 'hour')).toBe('2026-11-18 07:00');
    expect(bucketLabel(wednesday, 'day')).toBe('2026-11-18');
    expect(bucketLabel(wednesday, 'week')).toBe('2026-11-16');
    expect(bucketLabel(at(2026, 11, 22, 23), 'week')).toBe('2026-11-16');
    expect(bucketLabel(at(2026, 11, 23, 0), 'week')).toBe('2026-11-23');
  });
});

describe('dashboardSeries', () => {
  const rows = [
    row(at(2026, 11, 18, 9), 'gpt-4o', 300, 3, 30),
    row(at(2026, 11, 18, 7), 'gpt-4o', 100, 1, 10),
    row(at(2026, 11, 18, 7), 'claude', 50, 2, 5),
    row(at(2026, 11, 19, 1), 'claude', 1000, 4, 40),
  ];

  it('sums spend and calls per bucket and model, in time order', () => {
    const day = dashboardSeries(rows, 'day');
    expect(day.quota).toEqual([
      { time: '2026-11-18', model: 'gpt-4o', value: 400 },
      { time: '2026-11-18', model: 'claude', value: 50 },
      { time: '2026-11-19', model: 'claude', value: 1000 },
    ]);
    expect(day.calls.map((p) => p.value)).toEqual([4, 2, 4]);
    expect(dashboardSeries(rows, 'hour').quota.map((p) => p.time)).toEqual([
      '2026-11-18 07:00',
      '2026-11-18 07:00',
      '2026-11-18 09:00',
      '2026-11-19 01:00',
    ]);
  });

  it('gives the model share largest first and the totals', () => {
    const series = dashboardSeries(rows, 'week');
    expect(series.modelShare).toEqual([
      { model: 'claude', value: 1050 },
      { model: 'gpt-4o', value: 400 },
    ]);
    expect(series.totals).toEqual({ quota: 1450, calls: 10, tokens: 85 });
    expect(series.quota).toHaveLength(2);
  });

  it('is empty for no rows', () => {
    expect(dashboardSeries([], 'hour')).toEqual({
      quota: [],
      calls: [],
      modelShare: [],
      totals: { quota: 0, calls: 0, tokens: 0 },
    });
  });
});
