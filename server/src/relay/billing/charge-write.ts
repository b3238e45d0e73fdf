import type { Kysely } from 'kysely';
import type { SqlDialectName } from '../../config.js';
import type { Database } from '../../platform/db/schema.js';
import {
  DuplicateCharge,
  NeedsCap,
  writeChargeBatch,
  type BatchMode,
  type Charge,
  type LogTarget,
  type BatchResult,
} from './charge-batch.js';

/** Attempts of one batch that failed on a deadlock, a serialization error or a key written meanwhile. */
const ATTEMPTS = 4;

/**
 * Writes a batch of charges exactly once, whoever else writes some of them (the instance that
 * settled them, a journal replay after its crash): the usual transaction first; if a payer cannot
 * pay, again capped; if a charge's key is already in SQL, again without the known charges.
 * Deadlock and serialization failures are retried a few times; other errors are thrown (nothing
 * of the batch was applied, or, with an answer lost at COMMIT, all of it: a later write of the
 * same charges finds their keys and skips them).
 */
export async function writeCharges(
  db: Kysely<Database>,
  dialect: SqlDialectName,
  charges: Charge[],
  logs: LogTarget,
): Promise<BatchResult> {
  const mode: BatchMode = { capped: false, dedupe: false };
  for (let attempt = 1; ; attempt++) {
    try {
      return await writeChargeBatch(db, dialect, charges, logs, { ...mode });
    } catch (err) {
      // Rare: admission let charges exceed a balance; written again, capped (nothing was applied).
      if (err instanceof NeedsCap && !mode.capped) {
        mode.capped = true;
        attempt--;
        continue;
      }
      // Rare: a charge of the batch was applied already (a replay, a commit whose answer was lost).
      if (isDuplicateKey(err) && !mode.dedupe) {
        mode.dedupe = true;
        attempt--;
        continue;
      }
      if ((isRetryable(err) || isDuplicateKey(err)) && attempt < ATTEMPTS) {
        await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * attempt));
        continue;
      }
      throw err;
    }
  }
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

/** A unique key already present: PostgreSQL 23505, MySQL 1062, SQLite's constraint codes. */
export function isDuplicateKey(err: unknown): boolean {
  if (err instanceof DuplicateCharge) return true;
  const e = err as { code?: unknown; errno?: unknown };
  return (
    e.code === '23505' ||
    e.errno === 1062 ||
    e.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** Charge keys are kept this long: no journal is replayed later than that. */
const KEY_DAYS = 30;

/** Deletes charge keys no journal can name any more (the leased job); returns how many. */
export async function pruneChargeKeys(db: Kysely<Database>): Promise<number> {
  const before = Math.floor(Date.now() / 1000) - KEY_DAYS * 86_400;
  const [result] = await db.deleteFrom('ledger_charges').where('created_at', '<', before).execute();
  return Number(result?.numDeletedRows ?? 0);
}
