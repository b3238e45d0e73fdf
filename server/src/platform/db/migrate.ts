import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { SqlDialectName } from '../../config.js';
import type { PortableMigration } from './migrations/column-types.js';

/**
 * Runs pending migrations. Kysely's migrator holds a database lock while it works (an advisory
 * lock on PostgreSQL, GET_LOCK on MySQL), so instances starting together apply each one once.
 */
export async function migrate(
  db: Kysely<unknown>,
  dialect: SqlDialectName,
  migrations: readonly PortableMigration[],
  tableName = 'schema_migrations',
): Promise<string[]> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const m of migrations) out[m.name] = { up: (tx) => m.up(tx, dialect) };
      return out;
    },
  };
  const migrator = new Migrator({
    db,
    provider,
    migrationTableName: tableName,
    migrationLockTableName: `${tableName}_lock`,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`database migration ${failed} failed: ${(error as Error).message ?? String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
