import type { Database as SqliteDatabase } from 'better-sqlite3';
import type { Kysely } from 'kysely';

/**
 * The better-sqlite3 connection under a Kysely instance opened on SQLite. Kysely prepares every
 * statement anew; a hot write (the ledger's log rows) can keep one prepared statement instead.
 * Kysely uses this single connection too, so a statement run on it inside a Kysely transaction's
 * callback is part of that transaction.
 */
const handles = new WeakMap<Kysely<never>, SqliteDatabase>();

export function registerSqliteHandle<DB>(db: Kysely<DB>, database: SqliteDatabase): void {
  handles.set(db as unknown as Kysely<never>, database);
}

/** The connection, when `db` was opened on SQLite by openDatabase (undefined otherwise). */
export function sqliteHandle<DB>(db: Kysely<DB>): SqliteDatabase | undefined {
  return handles.get(db as unknown as Kysely<never>);
}
