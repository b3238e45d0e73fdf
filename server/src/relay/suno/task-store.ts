import { LogType, TASK_DONE_PROGRESS, TaskStatus } from '@gateway/contract';
import type { AppContext } from '../../context.js';
import type { TaskRow, TasksTable } from '../../platform/db/schema.js';
import type { Insertable, Updateable } from 'kysely';
import { refundAdmission, refundTaskCharge, type TaskCharge } from '../billing/task-refund.js';

const now = () => Math.floor(Date.now() / 1000);

/** Stores a submitted task; returns its row id. */
export async function insertTask(ctx: AppContext, task: Insertable<TasksTable>): Promise<void> {
  await ctx.db.insertInto('tasks').values(task).execute();
}

/** A user's own tasks by upstream id (the relay's fetch endpoints read only the local copy). */
export async function userTasks(
  ctx: AppContext,
  userId: number,
  taskIds: readonly string[],
  action?: string,
): Promise<TaskRow[]> {
  if (taskIds.length === 0) return [];
  let query = ctx.db
    .selectFrom('tasks')
    .selectAll()
    .where('user_id', '=', userId)
    .where('task_id', 'in', [...taskIds]);
  if (action) query = query.where('action', '=', action.toUpperCase());
  return query.orderBy('id', 'desc').execute();
}

/** Unfinished tasks of a platform, oldest first, at most `limit`. */
export function unfinishedTasks(ctx: AppContext, platform: string, limit: number): Promise<TaskRow[]> {
  return ctx.db
    .selectFrom('tasks')
    .selectAll()
    .where('platform', '=', platform)
    .where('progress', '<>', TASK_DONE_PROGRESS)
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
}

/** Records what the upstream reported for a task that is still running (never a finished one). */
export async function updateRunningTask(ctx: AppContext, id: number, patch: Updateable<TasksTable>) {
  await ctx.db
    .updateTable('tasks')
    .set({ ...patch, updated_at: now() })
    .where('id', '=', id)
    .where('progress', '<>', TASK_DONE_PROGRESS)
    .execute();
}

/**
 * Finishes a task (progress 100%). The conditional update picks one winner however many pollers
 * (or instances) see the same result, so a failed task's charge is given back exactly once, with
 * its log row, in the winner's transaction (refundTaskCharge); then the admission view. Returns
 * whether this call finished the task.
 */
export async function finishTask(
  ctx: AppContext,
  task: TaskRow,
  patch: Updateable<TasksTable>,
  refund: boolean,
): Promise<boolean> {
  const quota = refund ? task.quota : 0;
  const reason = patch.fail_reason ?? task.fail_reason ?? '';
  const user = quota > 0 ? await ctx.users.cache.get(task.user_id).catch(() => null) : null;
  const charge: TaskCharge = {
    userId: task.user_id,
    tokenId: task.token_id,
    channelId: task.channel_id,
    quota,
    key: `refund:task:${task.id}`,
    log: {
      user_id: task.user_id,
      type: LogType.System,
      content: `异步任务执行失败 ${task.task_id}，补偿 ${quota}${reason ? `，原因：${reason}` : ''}`,
      username: user?.username ?? '',
      token_id: task.token_id,
      quota,
      channel_id: task.channel_id,
    },
  };
  let tokenLimited = false;
  const won = await ctx.db.transaction().execute(async (tx) => {
    const result = await tx
      .updateTable('tasks')
      .set({ ...patch, progress: TASK_DONE_PROGRESS, updated_at: now() })
      .where('id', '=', task.id)
      .where('progress', '<>', TASK_DONE_PROGRESS)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    tokenLimited = await refundTaskCharge(ctx, tx, charge);
    return true;
  });
  if (won && quota > 0) await refundAdmission(ctx, charge, tokenLimited);
  return won;
}

export const isFinalStatus = (status: string) =>
  status === TaskStatus.Success || status === TaskStatus.Failure;
