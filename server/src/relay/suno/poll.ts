import { TASK_PLATFORM_SUNO, TaskStatus } from '@gateway/contract';
import type { Updateable } from 'kysely';
import type { AppContext } from '../../context.js';
import type { TaskRow, TasksTable } from '../../platform/db/schema.js';
import { finishTask, unfinishedTasks, updateRunningTask } from './task-store.js';
import { fetchUpstream } from './upstream.js';
import type { UpstreamTask } from './wire.js';

/** How often unfinished tasks are polled (the reference's 15 s). */
export const SUNO_POLL_MS = 15_000;
/** Tasks polled per round, oldest first. */
const BATCH = 500;
/** A task the upstream has not finished after this long is failed and refunded. */
export const TASK_TIMEOUT_SECONDS = 3600;
export const TIMEOUT_REASON = '上游任务超时（超过1小时）';
export const CHANNEL_GONE_REASON = '获取渠道信息失败，请联系管理员，渠道ID：';

/**
 * One polling round: asks each channel's upstream about its unfinished tasks (one batch fetch per
 * channel) and records what changed. Failures are refunded exactly once (finishTask). Runs under
 * the job lease; running it on several instances at once is still safe.
 */
export async function pollSunoTasks(ctx: AppContext, now = Math.floor(Date.now() / 1000)): Promise<void> {
  const tasks = await unfinishedTasks(ctx, TASK_PLATFORM_SUNO, BATCH);
  const byChannel = new Map<number, TaskRow[]>();
  for (const task of tasks) {
    if (!task.task_id) {
      await finishTask(ctx, task, { status: TaskStatus.Failure, fail_reason: 'task_id 为空' }, true);
      continue;
    }
    byChannel.set(task.channel_id, [...(byChannel.get(task.channel_id) ?? []), task]);
  }
  for (const [channelId, group] of byChannel) {
    await pollChannel(ctx, channelId, group, now).catch((err: Error) =>
      console.error(`polling suno tasks of channel ${channelId} failed: ${err.message}`),
    );
  }
}

async function pollChannel(ctx: AppContext, channelId: number, tasks: TaskRow[], now: number) {
  const channel = ctx.relay.routing.channel(channelId);
  if (!channel) {
    // Deleted: nobody can ask about these tasks any more; the users get their quota back.
    for (const task of tasks) {
      const patch = { status: TaskStatus.Failure, fail_reason: `${CHANNEL_GONE_REASON}${channelId}` };
      await finishTask(ctx, task, patch, true);
    }
    return;
  }
  let reported: UpstreamTask[] = [];
  try {
    reported = await fetchUpstream(
      ctx.relay,
      channel,
      tasks.map((t) => t.task_id),
    );
  } catch (err) {
    console.error(`suno fetch on channel ${channelId} failed: ${(err as Error).message}`);
  }
  const byId = new Map(reported.map((item) => [item.task_id, item]));
  for (const task of tasks) {
    const item = byId.get(task.task_id);
    if (item) await applyReport(ctx, task, item, now);
    else if (now - task.submit_time > TASK_TIMEOUT_SECONDS) {
      await finishTask(ctx, task, { status: TaskStatus.Failure, fail_reason: TIMEOUT_REASON }, true);
    }
  }
}

async function applyReport(ctx: AppContext, task: TaskRow, item: UpstreamTask, now: number) {
  const patch: Updateable<TasksTable> = {};
  if (item.status) patch.status = item.status;
  if (item.fail_reason) patch.fail_reason = item.fail_reason;
  if (item.submit_time) patch.submit_time = item.submit_time;
  if (item.start_time) patch.start_time = item.start_time;
  if (item.finish_time) patch.finish_time = item.finish_time;
  if (item.data !== undefined && item.data !== null) patch.data = JSON.stringify(item.data);
  const status = item.status ?? task.status;
  if (item.fail_reason || status === TaskStatus.Failure) {
    await finishTask(ctx, task, { ...patch, status: TaskStatus.Failure }, true);
  } else if (status === TaskStatus.Success) {
    await finishTask(ctx, task, patch, false);
  } else if (now - task.submit_time > TASK_TIMEOUT_SECONDS) {
    await finishTask(ctx, task, { ...patch, status: TaskStatus.Failure, fail_reason: TIMEOUT_REASON }, true);
  } else if (changed(task, patch)) {
    await updateRunningTask(ctx, task.id, patch);
  }
}

function changed(task: TaskRow, patch: Updateable<TasksTable>): boolean {
  return Object.entries(patch).some(([key, value]) => task[key as keyof TaskRow] !== value);
}
