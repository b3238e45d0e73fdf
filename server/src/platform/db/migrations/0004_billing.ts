import type { PortableMigration } from './column-types.js';
import { withId } from './column-types.js';

export const billing: PortableMigration = {
  name: '0004_billing',
  async up(db, dialect) {
    await withId(db.schema.createTable('redemptions'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('key', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('quota', 'bigint', (c) => c.notNull())
      .addColumn('created_time', 'bigint', (c) => c.notNull())
      .addColumn('redeemed_time', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('used_user_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('deleted_at', 'bigint')
      .execute();
    await db.schema.createIndex('idx_redemptions_name').on('redemptions').column('name').execute();

    await withId(db.schema.createTable('top_ups'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      // The quota the order credits, fixed when it is placed: a later change of QuotaPerUnit or
      // of the display mode must not change what a paid order is worth.
      .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('money', 'double precision', (c) => c.notNull())
      .addColumn('trade_no', 'varchar(128)', (c) => c.notNull().unique())
      .addColumn('payment_method', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('create_time', 'bigint', (c) => c.notNull())
      .addColumn('complete_time', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('idx_top_ups_user_id').on('top_ups').column('user_id').execute();
  },
};
