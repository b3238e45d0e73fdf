import type { PortableMigration } from './column-types.js';
import { withId } from './column-types.js';

/**
 * Hourly usage aggregates for the dashboard. They live beside the logs they are computed from
 * (the log database when LOG_SQL_DSN is set), so recomputing an hour is one local transaction.
 */
export const quotaData: PortableMigration = {
  name: '0006_quota_data',
  async up(db, dialect) {
    await withId(db.schema.createTable('quota_data'), dialect, true)
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('username', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('model_name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('token_used', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('idx_quota_data_hour_user_model')
      .on('quota_data')
      .columns(['created_at', 'user_id', 'model_name'])
      .unique()
      .execute();
    await db.schema
      .createIndex('idx_quota_data_username_hour')
      .on('quota_data')
      .columns(['username', 'created_at'])
      .execute();
    await db.schema
      .createIndex('idx_quota_data_user_hour')
      .on('quota_data')
      .columns(['user_id', 'created_at'])
      .execute();
  },
};
