import { sql, type Kysely, type Transaction } from 'kysely';
import type { SqlDialectName } from '../../config.js';
import type { Database, LogDatabase, NewLog } from '../../platform/db/schema.js';

/** Rows per INSERT into the log database, as in the log writer. */
const INSERT_CHUNK = 100;
/** Outbox rows (each one flushed batch) copied per drain round. */
const DRAIN_BATCH = 20;

/**
 * Inserts log rows; a row whose `charge_key` is already there is skipped, not an error, unless
 * `onDuplicate` is 'fail' (the ledger's flush: a known charge must not be applied again, so the
 * unique violation rolls its transaction back).
 */
export async function insertLogRows(
  db: Kysely<LogDatabase> | Transaction<LogDatabase>,
  dialect: SqlDialectName,
  rows: NewLog[],
  onDuplicate: 'skip' | 'fail' = 'skip',
): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const chunk = rows.slice(i, i + INSERT_CHUNK);
    const insert = db.insertInto('logs').values(chunk);
    if (onDuplicate === 'fail') await insert.execute();
    // MySQL: a no-op update on a duplicate key (INSERT IGNORE would also swallow other errors).
    else
      await (
        dialect === 'mysql'
          ? insert.onDuplicateKeyUpdate({ charge_key: sql`charge_key` })
          : insert.onConflict((oc) => oc.column('charge_key').doNothing())
      ).execute();
  }
}

/** Puts one flushed batch's log rows into the outbox, inside the batch's transaction. */
export async function writeOutbox(tx: Transaction<Database>, rows: NewLog[]): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insertInto('ledger_outbox')
    .values({ created_at: Math.floor(Date.now() / 1000), payload: JSON.stringify(rows) })
    .execute();
}

/**
 * Writes log rows inside a transaction of the main database: into `logs` when logs live there,
 * else into the outbox (copied by drainOutbox), so the rows commit or vanish with the caller's
 * balance changes.
 */
export async function writeLogRowsIn(
  tx: Transaction<Database>,
  target: { kind: 'main'; dialect: SqlDialectName } | { kind: 'outbox' },
  rows: NewLog[],
): Promise<void> {
  if (target.kind === 'main') {
    await insertLogRows(tx as unknown as Transaction<LogDatabase>, target.dialect, rows);
  } else {
    await writeOutbox(tx, rows);
  }
}

/**
 * Copies outbox rows to the log database and deletes them, oldest first. Copying is idempotent
 * (keyed by `charge_key`), so a crash between the copy and the delete, or two instances draining
 * at once, never doubles a row. Returns how many log rows were copied.
 */
export async function drainOutbox(
  main: Kysely<Database>,
  logDb: Kysely<LogDatabase>,
  logDialect: SqlDialectName,
): Promise<number> {
  let copied = 0;
  for (;;) {
    const batch = await main
      .selectFrom('ledger_outbox')
      .select(['id', 'payload'])
      .orderBy('id', 'asc')
      .limit(DRAIN_BATCH)
      .execute();
    if (batch.length === 0) return copied;
    for (const entry of batch) {
      const rows = JSON.parse(entry.payload) as NewLog[];
      await insertLogRows(logDb, logDialect, rows);
      await main.deleteFrom('ledger_outbox').where('id', '=', entry.id).execute();
      copied += rows.length;
    }
    if (batch.length < DRAIN_BATCH) return copied;
  }
}
