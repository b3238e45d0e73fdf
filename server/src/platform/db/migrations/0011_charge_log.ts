import type { PortableMigration } from './column-types.js';
import { withId } from './column-types.js';

/**
 * A consume log row names the charge it records (the request id) in `charge_key`, unique, so
 * that a row copied twice from the ledger outbox is kept once. Other rows leave it NULL, which
 * every dialect allows many times under a unique index. Also run on a separate log database.
 */
export const logChargeKey: PortableMigration = {
  name: '0011_log_charge_key',
  async up(db) {
    await db.schema.alterTable('logs').addColumn('charge_key', 'varchar(64)').execute();
    await db.schema.createIndex('idx_logs_charge_key').unique().on('logs').column('charge_key').execute();
  },
};

/**
 * With a separate log database, a batch of charges and its log rows cannot share a transaction
 * there: the rows go to this outbox in the main database, in the charges' transaction, and a job
 * copies them to the log database (keyed by `charge_key`) and deletes them.
 */
export const ledgerOutbox: PortableMigration = {
  name: '0011_ledger_outbox',
  async up(db, dialect) {
    await withId(db.schema.createTable('ledger_outbox'), dialect, true)
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .execute();
  },
};
