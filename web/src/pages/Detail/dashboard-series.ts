import type { QuotaDataRow } from '@gateway/contract';

export type Granularity = 'hour' | 'day' | 'week';
export const GRANULARITIES: readonly Granularity[] = ['hour', 'day', 'week'];

const pad = (n: number) => String(n).padStart(2, '0');
const dateLabel = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/**
 * The label of the bucket holding an hour (unix seconds), in the viewer's time zone: the hour
 * itself, its day, or the Monday of its week.
 */
export function bucketLabel(hourSeconds: number, granularity: Granularity): string {
  const d = new Date(hourSeconds * 1000);
  if (granularity === 'hour') return `${dateLabel(d)} ${pad(d.getHours())}:00`;
  if (granularity === 'week') d.setDate(d.getDate() - ((d.getDay() + 6) % 7));
  return dateLabel(d);
}

export interface SeriesPoint {
  time: string;
  model: string;
  value: number;
}

export interface DashboardSeries {
  /** Spend (quota) per bucket and model, buckets in time order. */
  quota: SeriesPoint[];
  /** Calls per bucket and model. */
  calls: SeriesPoint[];
  /** Share of spend per model, largest first. */
  modelShare: Array<{ model: string; value: number }>;
  totals: { quota: number; calls: number; tokens: number };
}

/** Everything the dashboard draws, from the hourly rows. */
export function dashboardSeries(rows: QuotaDataRow[], granularity: Granularity): DashboardSeries {
  const byBucket = new Map<string, Map<string, { quota: number; calls: number }>>();
  const share = new Map<string, number>();
  const totals = { quota: 0, calls: 0, tokens: 0 };
  for (const row of [...rows].sort((a, b) => a.created_at - b.created_at)) {
    const label = bucketLabel(row.created_at, granularity);
    const models = byBucket.get(label) ?? new Map<string, { quota: number; calls: number }>();
    const cell = models.get(row.model_name) ?? { quota: 0, calls: 0 };
    cell.quota += row.quota;
    cell.calls += row.count;
    models.set(row.model_name, cell);
    byBucket.set(label, models);
    share.set(row.model_name, (share.get(row.model_name) ?? 0) + row.quota);
    totals.quota += row.quota;
    totals.calls += row.count;
    totals.tokens += row.token_used;
  }
  const quota: SeriesPoint[] = [];
  const calls: SeriesPoint[] = [];
  for (const [time, models] of byBucket) {
    for (const [model, cell] of models) {
      quota.push({ time, model, value: cell.quota });
      calls.push({ time, model, value: cell.calls });
    }
  }
  const modelShare = [...share.entries()]
    .map(([model, value]) => ({ model, value }))
    .sort((a, b) => b.value - a.value || a.model.localeCompare(b.model));
  return { quota, calls, modelShare, totals };
}
