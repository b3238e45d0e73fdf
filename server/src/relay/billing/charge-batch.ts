import type { Kysely, Transaction } from 'kysely';
import type { SqlDialectName } from '../../config.js';
import { insertLogRows, writeOutbox } from '../../modules/logs/outbox.js';
import type { Database, LogDatabase, NewLog } from '../../platform/db/schema.js';

export interface UserDelta {
  quota: number;
  used: number;
  requests: number;
}
export interface TokenDelta {
  remain: number;
  used: number;
  accessed: number;
}

/** Charges and their log rows collected between two flushes. */
export interface ChargeBatch {
  users: Map<number, UserDelta>;
  tokens: Map<number, TokenDelta>;
  channels: Map<number, number>;
  logs: NewLog[];
}

/** Where the log rows of a batch go: the main database, or its outbox for a separate log database. */
export type LogTarget = { kind: 'main'; dialect: SqlDialectName } | { kind: 'outbox' };

const ascending = <V>(map: Map<number, V>) => [...map].sort((a, b) => a[0] - b[0]);

/**
 * Writes one batch in one transaction: the log rows first (they lock no shared row), then the
 * users, tokens and channels, each in ascending id order. Every instance takes the row locks in
 * that same order, so concurrent flushes wait for each other but never deadlock.
 */
export async function writeChargeBatch(
  db: Kysely<Database>,
  batch: ChargeBatch,
  logs: LogTarget,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    if (logs.kind === 'main') {
      await insertLogRows(tx as unknown as Transaction<LogDatabase>, logs.dialect, batch.logs);
    } else {
      await writeOutbox(tx, batch.logs);
    }
    for (const [id, d] of ascending(batch.users)) {
      await tx
        .updateTable('users')
        .set((eb) => ({
          quota: eb('quota', '+', d.quota),
          used_quota: eb('used_quota', '+', d.used),
          request_count: eb('request_count', '+', d.requests),
        }))
        .where('id', '=', id)
        .execute();
    }
    for (const [id, d] of ascending(batch.tokens)) {
      await tx
        .updateTable('tokens')
        .set((eb) => ({
          remain_quota: eb('remain_quota', '+', d.remain),
          used_quota: eb('used_quota', '+', d.used),
          ...(d.accessed ? { accessed_time: d.accessed } : {}),
        }))
        .where('id', '=', id)
        .execute();
    }
    for (const [id, used] of ascending(batch.channels)) {
      await tx
        .updateTable('channels')
        .set((eb) => ({ used_quota: eb('used_quota', '+', used) }))
        .where('id', '=', id)
        .execute();
    }
  });
}

/**
 * Errors after which the whole transaction was rolled back and may simply run again: deadlock
 * and serialization failures (PostgreSQL 40P01/40001, MySQL 1213/1205), a busy SQLite file.
 */
export function isRetryable(err: unknown): boolean {
  const e = err as { code?: unknown; errno?: unknown };
  return (
    e.code === '40P01' ||
    e.code === '40001' ||
    e.errno === 1213 ||
    e.errno === 1205 ||
    e.code === 'SQLITE_BUSY'
  );
}

/** Whether a batch with log rows was committed (an answer lost after COMMIT left it unknown). */
export async function batchCommitted(db: Kysely<Database>, batch: ChargeBatch, logs: LogTarget) {
  const key = batch.logs[0]?.charge_key;
  if (!key || logs.kind !== 'main') return false;
  const row = await (db as unknown as Kysely<LogDatabase>)
    .selectFrom('logs')
    .select('id')
    .where('charge_key', '=', key)
    .executeTakeFirst();
  return row !== undefined;
}
