import type { PortableMigration } from './column-types.js';
import { withId } from './column-types.js';

export const relay: PortableMigration = {
  name: '0002_relay',
  async up(db, dialect) {
    await withId(db.schema.createTable('channels'), dialect)
      .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('openai_organization', 'varchar(255)')
      .addColumn('test_model', 'varchar(255)')
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_time', 'bigint', (c) => c.notNull())
      .addColumn('test_time', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('response_time', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('base_url', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
      .addColumn('other', 'text')
      .addColumn('balance', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('balance_updated_time', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('models', 'text', (c) => c.notNull())
      .addColumn('group', 'varchar(1024)', (c) => c.notNull().defaultTo('default'))
      .addColumn('used_quota', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('model_mapping', 'text')
      .addColumn('status_code_mapping', 'varchar(1024)')
      .addColumn('priority', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('auto_ban', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('other_info', 'text')
      .addColumn('tag', 'varchar(255)')
      .addColumn('setting', 'text')
      .addColumn('param_override', 'text')
      .addColumn('headers', 'text')
      .addColumn('max_input_tokens', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('idx_channels_name').on('channels').column('name').execute();
    await db.schema.createIndex('idx_channels_tag').on('channels').column('tag').execute();

    await db.schema
      .createTable('abilities')
      .addColumn('group', 'varchar(64)', (c) => c.notNull())
      .addColumn('model', 'varchar(255)', (c) => c.notNull())
      .addColumn('channel_id', 'integer', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('priority', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('tag', 'varchar(255)')
      .addPrimaryKeyConstraint('abilities_pk', ['group', 'model', 'channel_id'])
      .execute();
    await db.schema.createIndex('idx_abilities_channel_id').on('abilities').column('channel_id').execute();

    await withId(db.schema.createTable('tokens'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('key', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_time', 'bigint', (c) => c.notNull())
      .addColumn('accessed_time', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('expired_time', 'bigint', (c) => c.notNull().defaultTo(-1))
      .addColumn('remain_quota', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('unlimited_quota', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('model_limits_enabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('model_limits', 'text')
      .addColumn('allow_ips', 'text')
      .addColumn('used_quota', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('group', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('deleted_at', 'bigint')
      .execute();
    await db.schema.createIndex('idx_tokens_user_id').on('tokens').column('user_id').execute();
    await db.schema.createIndex('idx_tokens_name').on('tokens').column('name').execute();
  },
};
