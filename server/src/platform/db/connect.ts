import fs from 'node:fs';
import path from 'node:path';
import type { Database as SqliteDatabase } from 'better-sqlite3';
import { Kysely, MysqlDialect, PostgresDialect, SqliteDialect, type Dialect } from 'kysely';
import type { DatabaseTarget, SqlDialectName } from '../../config.js';
import { ConfigError } from '../../config.js';
import { countQuery } from './query-stats.js';
import { registerSqliteHandle } from './sqlite-handle.js';

export interface DbHandle<DB> {
  db: Kysely<DB>;
  dialect: SqlDialectName;
  close(): Promise<void>;
}

/** Opens one database. Numeric columns come back as JS numbers on every dialect. */
export async function openDatabase<DB>(target: DatabaseTarget, debug = false): Promise<DbHandle<DB>> {
  const { dialect, sqlite } = await buildDialect(target);
  const db = new Kysely<DB>({
    dialect,
    log: (event) => {
      countQuery(event.query.sql);
      if (debug && event.level === 'query') console.debug(event.query.sql);
    },
  });
  if (sqlite) registerSqliteHandle(db, sqlite);
  try {
    await db.selectNoFrom((eb) => eb.lit(1).as('one')).execute();
  } catch (err) {
    await db.destroy().catch(() => undefined);
    throw new ConfigError(`cannot connect to the ${target.dialect} database: ${(err as Error).message}`);
  }
  return { db, dialect: target.dialect, close: () => db.destroy() };
}

async function buildDialect(target: DatabaseTarget): Promise<{ dialect: Dialect; sqlite?: SqliteDatabase }> {
  switch (target.dialect) {
    case 'sqlite': {
      const { default: Sqlite } = await import('better-sqlite3');
      fs.mkdirSync(path.dirname(target.url), { recursive: true });
      const database = new Sqlite(target.url);
      database.pragma('journal_mode = WAL');
      database.pragma('synchronous = NORMAL');
      database.pragma('busy_timeout = 5000');
      database.pragma('foreign_keys = OFF');
      return { dialect: new SqliteDialect({ database }), sqlite: database };
    }
    case 'postgres': {
      const pg = await import('pg');
      const types = pg.default.types;
      // int8 (COUNT, bigint columns) and numeric (SUM) arrive as strings by default.
      types.setTypeParser(20, (v) => Number(v));
      types.setTypeParser(1700, (v) => Number(v));
      const pool = new pg.default.Pool({ connectionString: target.url, max: 20 });
      // An idle connection dropped by the server (restart, failover) must not crash the process;
      // the pool replaces it on next use.
      pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
      return { dialect: new PostgresDialect({ pool }) };
    }
    case 'mysql': {
      const mysql = await import('mysql2');
      const pool = mysql.createPool({
        uri: target.url,
        connectionLimit: 20,
        supportBigNumbers: true,
        bigNumberStrings: false,
        decimalNumbers: true,
        charset: 'utf8mb4',
      });
      return { dialect: new MysqlDialect({ pool }) };
    }
  }
}
