import type { AppContext } from '../../context.js';
import { aggregateQuotaData } from './aggregate.js';

/** How often the job wakes to see whether DataExportInterval has passed (the option may change). */
export const QUOTA_DATA_TICK_MS = 60_000;

/**
 * The dashboard aggregation as a background task: every DataExportInterval minutes while
 * DataExportEnabled. Runs under the job lease, so one instance at a time.
 */
export function quotaDataTask(ctx: AppContext): () => Promise<void> {
  let lastRun = 0;
  return async () => {
    if (!ctx.options.bool('DataExportEnabled')) return;
    const intervalMs = Math.max(1, ctx.options.num('DataExportInterval')) * 60_000;
    if (Date.now() - lastRun < intervalMs - 1000) return;
    lastRun = Date.now();
    await aggregateQuotaData(ctx.logDb);
  };
}
