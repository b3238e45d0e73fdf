import type { PortableMigration } from './column-types.js';

/**
 * The keys of applied charges whose log row does not carry one in the main database (consume
 * logging off, or logs in a separate database via the outbox). With `logs.charge_key` it makes
 * applying a charge idempotent: a charge replayed from a crashed instance's journal, or flushed
 * twice, is applied once. Old keys are pruned (they can no longer be replayed).
 */
export const ledgerCharges: PortableMigration = {
  name: '0015_ledger_charges',
  async up(db) {
    await db.schema
      .createTable('ledger_charges')
      .addColumn('charge_key', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('idx_ledger_charges_created')
      .on('ledger_charges')
      .column('created_at')
      .execute();
  },
};
