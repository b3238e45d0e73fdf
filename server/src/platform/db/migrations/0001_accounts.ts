import type { PortableMigration } from './column-types.js';
import { withId } from './column-types.js';

export const accounts: PortableMigration = {
  name: '0001_accounts',
  async up(db, dialect) {
    await withId(db.schema.createTable('users'), dialect)
      .addColumn('username', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('password', 'varchar(255)', (c) => c.notNull())
      .addColumn('display_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('role', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('email', 'varchar(128)', (c) => c.notNull().defaultTo(''))
      .addColumn('github_id', 'varchar(128)', (c) => c.notNull().defaultTo(''))
      .addColumn('oidc_id', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('wechat_id', 'varchar(128)', (c) => c.notNull().defaultTo(''))
      .addColumn('telegram_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('linux_do_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('access_token', 'varchar(64)', (c) => c.unique())
      .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('used_quota', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('request_count', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('group', 'varchar(64)', (c) => c.notNull().defaultTo('default'))
      .addColumn('aff_code', 'varchar(32)', (c) => c.unique())
      .addColumn('aff_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('aff_quota', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('aff_history_quota', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('inviter_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('setting', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('deleted_at', 'bigint')
      .execute();
    for (const column of [
      'email',
      'github_id',
      'oidc_id',
      'wechat_id',
      'telegram_id',
      'linux_do_id',
      'inviter_id',
    ]) {
      await db.schema.createIndex(`idx_users_${column}`).on('users').column(column).execute();
    }

    await db.schema
      .createTable('options')
      .addColumn('key', 'varchar(191)', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('setups'), dialect)
      .addColumn('version', 'varchar(50)', (c) => c.notNull())
      .addColumn('initialized_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
