import { LogType, TASK_DONE_PROGRESS, TaskStatus } from '@gateway/contract';
import type { AppContext } from '../../context.js';
import type { TaskRow, TasksTable } from '../../platform/db/schema.js';
import type { Insertable, Updateable } from 'kysely';

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
 * (or instances) see the same result, so a failed task's charge is given back exactly once: the
 * user's balance (and the paying key's) in the same transaction, then the admission view, then a
 * system log row. Returns whether this call finished the task.
 */
export async function finishTask(
  ctx: AppContext,
  task: TaskRow,
  patch: Updateable<TasksTable>,
  refund: boolean,
): Promise<boolean> {
  const quota = refund ? task.quota : 0;
  let tokenLimited = false;
  const won = await ctx.db.transaction().execute(async (tx) => {
    const result = await tx
      .updateTable('tasks')
      .set({ ...patch, progress: TASK_DONE_PROGRESS, updated_at: now() })
      .where('id', '=', task.id)
      .where('progress', '<>', TASK_DONE_PROGRESS)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    if (quota <= 0) return true;
    await tx
      .updateTable('users')
      .set((eb) => ({ quota: eb('quota', '+', quota), used_quota: eb('used_quota', '-', quota) }))
      .where('id', '=', task.user_id)
      .execute();
    if (task.token_id > 0) {
      const token = await tx
        .selectFrom('tokens')
        .select('unlimited_quota')
        .where('id', '=', task.token_id)
        .executeTakeFirst();
      if (token) {
        tokenLimited = !token.unlimited_quota;
        await tx
          .updateTable('tokens')
          .set((eb) => ({
            used_quota: eb('used_quota', '-', quota),
            ...(tokenLimited ? { remain_quota: eb('remain_quota', '+', quota) } : {}),
          }))
          .where('id', '=', task.token_id)
          .execute();
      }
    }
    return true;
  });
  if (!won || quota <= 0) return won;
  await ctx.ledger.adjustUserQuota(task.user_id, quota);
  if (tokenLimited) await ctx.ledger.adjustTokenQuota(task.token_id, quota);
  const reason = patch.fail_reason ?? task.fail_reason ?? '';
  const user = await ctx.users.cache.get(task.user_id).catch(() => null);
  ctx.logs.add({
    user_id: task.user_id,
    type: LogType.System,
    content: `异步任务执行失败 ${task.task_id}，补偿 ${quota}${reason ? `，原因：${reason}` : ''}`,
    username: user?.username ?? '',
    token_name: '',
    token_id: task.token_id,
    model_name: '',
    quota,
    prompt_tokens: 0,
    completion_tokens: 0,
    use_time: 0,
    is_stream: 0,
    channel_id: task.channel_id,
    group: '',
    other: '',
    request_id: '',
  });
  return true;
}

export const isFinalStatus = (status: string) =>
  status === TaskStatus.Success || status === TaskStatus.Failure;
