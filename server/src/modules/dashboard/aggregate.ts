import { LogType } from '@gateway/contract';
import { sql, type Kysely } from 'kysely';
import type { LogDatabase } from '../../platform/db/schema.js';

export const HOUR = 3600;

/** The first second of the hour holding `t`. */
export const hourOf = (t: number) => t - (t % HOUR);

/**
 * Hours recomputed before the newest aggregated one: log rows are written in batches and may
 * land a little after their `created_at` (a slow flush, a restarted instance), so the recent past
 * is computed again rather than trusted.
 */
const LOOKBACK_HOURS = 2;

/**
 * Rebuilds the hourly aggregates from the consumption logs, from a little before the newest
 * aggregated hour up to now. Each run deletes and recomputes that window in one transaction, so a
 * run that repeats, overlaps another or dies half-way never counts a call twice or loses one.
 * Returns the number of (user, model, hour) rows written.
 */
export async function aggregateQuotaData(db: Kysely<LogDatabase>): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const newest = await tx
      .selectFrom('quota_data')
      .select((eb) => eb.fn.max('created_at').as('hour'))
      .executeTakeFirst();
    let from: number;
    if (newest?.hour !== null && newest?.hour !== undefined) {
      from = Number(newest.hour) - LOOKBACK_HOURS * HOUR;
    } else {
      const oldest = await tx
        .selectFrom('logs')
        .select((eb) => eb.fn.min('created_at').as('at'))
        .where('type', '=', LogType.Consume)
        .executeTakeFirst();
      if (oldest?.at === null || oldest?.at === undefined) return 0;
      from = hourOf(Number(oldest.at));
    }
    await tx.deleteFrom('quota_data').where('created_at', '>=', from).execute();
    const hour = sql<number>`created_at - (created_at % ${sql.lit(HOUR)})`;
    const rows = await tx
      .selectFrom('logs')
      .select([
        'user_id',
        'model_name',
        hour.as('hour'),
        (eb) => eb.fn.max('username').as('username'),
        (eb) => eb.fn.sum<number>(eb('prompt_tokens', '+', eb.ref('completion_tokens'))).as('token_used'),
        (eb) => eb.fn.countAll<number>().as('count'),
        (eb) => eb.fn.sum<number>('quota').as('quota'),
      ])
      .where('type', '=', LogType.Consume)
      .where('created_at', '>=', from)
      .groupBy(['user_id', 'model_name', hour])
      .execute();
    const values = rows.map((r) => ({
      user_id: Number(r.user_id),
      username: String(r.username ?? ''),
      model_name: r.model_name,
      created_at: Number(r.hour),
      token_used: Number(r.token_used ?? 0),
      count: Number(r.count),
      quota: Number(r.quota ?? 0),
    }));
    // Batches keep each INSERT well under every dialect's parameter limit.
    for (let i = 0; i < values.length; i += 500) {
      await tx
        .insertInto('quota_data')
        .values(values.slice(i, i + 500))
        .execute();
    }
    return values.length;
  });
}
