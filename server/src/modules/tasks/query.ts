import type { PageQuery, TaskFilters, TaskView } from '@gateway/contract';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database, TaskRow } from '../../platform/db/schema.js';

/** Filters as the API takes them; `userId` pins a user's own tasks. */
export type TaskScope = Partial<TaskFilters> & { userId?: number };

function filtered<O>(query: SelectQueryBuilder<Database, 'tasks', O>, f: TaskScope) {
  let q = query;
  if (f.userId !== undefined) q = q.where('user_id', '=', f.userId);
  if (f.channel_id) q = q.where('channel_id', '=', f.channel_id);
  if (f.task_id) q = q.where('task_id', '=', f.task_id);
  if (f.platform) q = q.where('platform', '=', f.platform);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.action) q = q.where('action', '=', f.action);
  if (f.start_timestamp) q = q.where('submit_time', '>=', f.start_timestamp);
  if (f.end_timestamp) q = q.where('submit_time', '<=', f.end_timestamp);
  return q;
}

/** Newest first. */
export async function taskPage(
  db: Kysely<Database>,
  scope: TaskScope,
  page: PageQuery,
): Promise<{ rows: TaskRow[]; total: number }> {
  const base = filtered(db.selectFrom('tasks'), scope);
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('id', 'desc')
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize)
    .execute();
  return { rows, total: Number(count) };
}

const json = (text: string | null): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** A row as the console shows it; users never see channel ids. */
export function toTaskView(row: TaskRow, admin: boolean): TaskView {
  return {
    id: row.id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    task_id: row.task_id,
    platform: row.platform,
    user_id: row.user_id,
    channel_id: admin ? row.channel_id : 0,
    quota: row.quota,
    action: row.action,
    status: row.status,
    fail_reason: row.fail_reason ?? '',
    submit_time: row.submit_time,
    start_time: row.start_time,
    finish_time: row.finish_time,
    progress: row.progress,
    properties: json(row.properties),
    data: json(row.data),
  };
}
