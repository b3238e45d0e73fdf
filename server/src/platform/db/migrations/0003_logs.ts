import type { PortableMigration } from './column-types.js';
import { withId } from './column-types.js';

/** Also run, alone, against the separate log database when LOG_SQL_DSN is set. */
export const logs: PortableMigration = {
  name: '0003_logs',
  async up(db, dialect) {
    await withId(db.schema.createTable('logs'), dialect, true)
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('type', 'integer', (c) => c.notNull())
      .addColumn('content', 'text')
      .addColumn('username', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('token_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('token_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('model_name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('prompt_tokens', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('completion_tokens', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('use_time', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_stream', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('channel_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('group', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('other', 'text')
      .addColumn('request_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .execute();
    const indexes: Array<[string, string[]]> = [
      ['idx_logs_created_at_type', ['created_at', 'type']],
      ['idx_logs_user_id_created_at', ['user_id', 'created_at']],
      ['idx_logs_username', ['username']],
      ['idx_logs_token_name', ['token_name']],
      ['idx_logs_model_name', ['model_name']],
      ['idx_logs_channel_id', ['channel_id']],
      ['idx_logs_token_id', ['token_id']],
    ];
    for (const [name, columns] of indexes)
      await db.schema.createIndex(name).on('logs').columns(columns).execute();
  },
};
