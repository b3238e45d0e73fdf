import { randomBytes } from 'node:crypto';

export type TestDbKind = 'sqlite' | 'postgres' | 'mysql';

/** Which database the integration suite runs on this time (set by scripts/test.mjs). */
export function testDbKind(): TestDbKind {
  const kind = process.env.TEST_DB ?? 'sqlite';
  if (kind !== 'sqlite' && kind !== 'postgres' && kind !== 'mysql')
    throw new Error(`unknown TEST_DB ${kind}`);
  return kind;
}

/** Redis for this run, when the suite runs in its Redis flavour. */
export const testRedisUrl = (): string | null =>
  process.env.TEST_WITH_REDIS ? (process.env.TEST_REDIS_URL ?? null) : null;

export interface TestDatabase {
  /** Value for SQL_DSN ('' = SQLite in the gateway's data directory). */
  dsn: string;
  drop(): Promise<void>;
}

/** A fresh, empty database on the server named by TEST_POSTGRES_URL / TEST_MYSQL_URL. */
export async function createTestDatabase(kind: TestDbKind = testDbKind()): Promise<TestDatabase> {
  if (kind === 'sqlite') return { dsn: '', drop: async () => undefined };
  const name = `gw_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  if (kind === 'postgres') {
    const base = process.env.TEST_POSTGRES_URL;
    if (!base) throw new Error('TEST_POSTGRES_URL is not set');
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    return {
      dsn: url.toString(),
      async drop() {
        const c = new pg.Client({ connectionString: base });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const base = process.env.TEST_MYSQL_URL;
  if (!base) throw new Error('TEST_MYSQL_URL is not set');
  const mysql = await import('mysql2/promise');
  const admin = await mysql.createConnection(base);
  await admin.query(`CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    dsn: url.toString(),
    async drop() {
      const c = await mysql.createConnection(base);
      await c.query(`DROP DATABASE IF EXISTS ${name}`);
      await c.end();
    },
  };
}
