import { LogType, type LogFilters, type LogStat, type PageQuery } from '@gateway/contract';
import type { ExpressionBuilder, Kysely, SelectQueryBuilder } from 'kysely';
import type { Database, LogDatabase, LogRow } from '../../platform/db/schema.js';

type LogQuery<O> = SelectQueryBuilder<LogDatabase, 'logs', O>;

/** Filters as the API takes them; `userId` pins a user's own logs. */
export type LogScope = Partial<LogFilters> & { userId?: number };

/** Applies every filter that is set; with `ignoreTime` the start/end range is left out (rpm/tpm). */
function filtered<O>(query: LogQuery<O>, f: LogScope, ignoreTime = false): LogQuery<O> {
  let q = query;
  if (f.userId !== undefined) q = q.where('user_id', '=', f.userId);
  if (f.type) q = q.where('type', '=', f.type);
  if (!ignoreTime && f.start_timestamp) q = q.where('created_at', '>=', f.start_timestamp);
  if (!ignoreTime && f.end_timestamp) q = q.where('created_at', '<=', f.end_timestamp);
  if (f.username) q = q.where('username', '=', f.username);
  if (f.token_name) q = q.where('token_name', '=', f.token_name);
  if (f.model_name) {
    q = q.where('model_name', f.model_name.includes('%') ? 'like' : '=', f.model_name);
  }
  if (f.channel) q = q.where('channel_id', '=', f.channel);
  if (f.group) q = q.where('group', '=', f.group);
  return q;
}

/** Logs may live in their own database (LOG_SQL_DSN), so reads never join with main tables. */
export class LogQueries {
  constructor(
    private readonly logDb: Kysely<LogDatabase>,
    private readonly mainDb: Kysely<Database>,
  ) {}

  /** Newest first. */
  async page(scope: LogScope, page: PageQuery): Promise<{ rows: LogRow[]; total: number }> {
    const base = filtered(this.logDb.selectFrom('logs'), scope);
    const { count } = await base
      .select((eb: ExpressionBuilder<LogDatabase, 'logs'>) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const rows = await base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute();
    return { rows, total: Number(count) };
  }

  /** Names of the channels these logs used, looked up in the main database. */
  async channelNames(rows: readonly LogRow[]): Promise<Map<number, string>> {
    const ids = [...new Set(rows.map((r) => r.channel_id).filter((id) => id > 0))];
    if (ids.length === 0) return new Map();
    const channels = await this.mainDb
      .selectFrom('channels')
      .select(['id', 'name'])
      .where('id', 'in', ids)
      .execute();
    return new Map(channels.map((c) => [c.id, c.name]));
  }

  /** Consume logs only, whatever `type` says: quota over the filters, rpm/tpm over the last minute. */
  async stat(scope: LogScope, now = Math.floor(Date.now() / 1000)): Promise<LogStat> {
    const consume = { ...scope, type: LogType.Consume };
    const total = await filtered(this.logDb.selectFrom('logs'), consume)
      .select((eb) => eb.fn.sum<number | null>('quota').as('quota'))
      .executeTakeFirstOrThrow();
    const recent = await filtered(this.logDb.selectFrom('logs'), consume, true)
      .where('created_at', '>=', now - 60)
      .select((eb) => [
        eb.fn.countAll<number>().as('requests'),
        eb.fn.sum<number | null>('prompt_tokens').as('prompt'),
        eb.fn.sum<number | null>('completion_tokens').as('completion'),
      ])
      .executeTakeFirstOrThrow();
    return {
      quota: Number(total.quota ?? 0),
      rpm: Number(recent.requests),
      tpm: Number(recent.prompt ?? 0) + Number(recent.completion ?? 0),
    };
  }

  /** Deletes logs created before the timestamp; returns how many. */
  async deleteBefore(timestamp: number): Promise<number> {
    const result = await this.logDb.deleteFrom('logs').where('created_at', '<', timestamp).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
