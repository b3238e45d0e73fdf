import type { CreateTableBuilder, Kysely } from 'kysely';
import type { SqlDialectName } from '../../../config.js';

/** An auto-increment integer primary key, spelled the way each dialect wants it. */
export function withId<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: SqlDialectName,
  big = false,
): CreateTableBuilder<T, 'id'> {
  if (dialect === 'postgres')
    return table.addColumn('id', big ? 'bigserial' : 'serial', (c) => c.primaryKey());
  return table.addColumn('id', big && dialect === 'mysql' ? 'bigint' : 'integer', (c) =>
    c.primaryKey().autoIncrement(),
  );
}

/** A migration written once for the three dialects. */
export interface PortableMigration {
  name: string;
  up(db: Kysely<unknown>, dialect: SqlDialectName): Promise<void>;
}
