import type { AppContext } from '../../context.js';
import type { MidjourneyRow } from '../../platform/db/schema.js';
import { applyReport, DONE, TASK_TIMEOUT_MS, TIMEOUT_REASON, type ProxyTask } from './tasks.js';
import { callProxy } from './upstream.js';

/** Tasks per run; the rest wait for the next run. */
const BATCH = 500;

export interface PollSummary {
  updated: number;
  failed: number;
}

/**
 * Asks each channel's proxy about its unfinished tasks (`/mj/task/list-by-condition`) and applies
 * the answers; failures are refunded once (applyReport). Runs under a job lease, but stays correct
 * if two instances poll at once: every finishing write is conditional.
 */
export async function pollMidjourneyTasks(ctx: AppContext, now = Date.now()): Promise<PollSummary> {
  const summary: PollSummary = { updated: 0, failed: 0 };
  const rows = await ctx.db
    .selectFrom('midjourneys')
    .selectAll()
    .where('progress', '!=', DONE)
    .orderBy('id', 'asc')
    .limit(BATCH)
    .execute();
  const byChannel = new Map<number, MidjourneyRow[]>();
  for (const row of rows) {
    if (row.mj_id === '') {
      // Never accepted by the proxy, so never charged: finished without a refund.
      await ctx.db
        .updateTable('midjourneys')
        .set({ status: 'FAILURE', progress: DONE, code: 1 })
        .where('id', '=', row.id)
        .where('progress', '!=', DONE)
        .execute();
      continue;
    }
    let list = byChannel.get(row.channel_id);
    if (!list) byChannel.set(row.channel_id, (list = []));
    list.push(row);
  }
  for (const [channelId, tasks] of byChannel) {
    const outcome = await pollChannel(ctx, channelId, tasks, now);
    summary.updated += outcome.updated;
    summary.failed += outcome.failed;
  }
  return summary;
}

async function pollChannel(ctx: AppContext, channelId: number, tasks: MidjourneyRow[], now: number) {
  const out = { updated: 0, failed: 0 };
  const count = (result: string) => {
    if (result === 'failed') out.failed++;
    else if (result === 'updated') out.updated++;
  };
  // A disabled channel is still asked: its tasks were accepted and may well finish.
  const channel = ctx.relay.routing.channel(channelId);
  if (!channel) {
    for (const row of tasks) {
      count(
        await applyReport(
          ctx,
          row,
          {
            failReason: `获取渠道信息失败，请联系管理员，渠道ID：${channelId}`,
            status: 'FAILURE',
            progress: DONE,
          },
          now,
        ),
      );
    }
    return out;
  }
  const reported = new Map<string, ProxyTask>();
  try {
    const answer = await callProxy(
      ctx.relay,
      channel,
      'POST',
      '/mj/task/list-by-condition',
      { ids: tasks.map((t) => t.mj_id) },
      15_000,
    );
    if (answer.status === 200 && Array.isArray(answer.json)) {
      for (const item of answer.json as ProxyTask[]) {
        if (item && typeof item.id === 'string') reported.set(item.id, item);
      }
    } else {
      console.warn(`midjourney poll of channel #${channelId} answered HTTP ${answer.status}`);
    }
  } catch (err) {
    console.warn(`midjourney poll of channel #${channelId} failed: ${(err as Error).message}`);
  }
  for (const row of tasks) {
    const item = reported.get(row.mj_id);
    if (item) count(await applyReport(ctx, row, item, now));
    else if (now - row.submit_time > TASK_TIMEOUT_MS) {
      // The proxy forgot it or cannot be reached: after the timeout it is failed and refunded.
      count(await applyReport(ctx, row, { failReason: TIMEOUT_REASON, status: 'FAILURE' }, now));
    }
  }
  return out;
}
