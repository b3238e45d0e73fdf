import type { PortableMigration } from './column-types.js';
import { withId } from './column-types.js';

/**
 * Midjourney-proxy drawing tasks. Times are milliseconds (as the proxy reports them); buttons and
 * properties are the proxy's JSON, kept as text.
 */
export const midjourney: PortableMigration = {
  name: '0007_midjourney',
  async up(db, dialect) {
    await withId(db.schema.createTable('midjourneys'), dialect, true)
      .addColumn('code', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('action', 'varchar(40)', (c) => c.notNull().defaultTo(''))
      .addColumn('mj_id', 'varchar(191)', (c) => c.notNull().defaultTo(''))
      .addColumn('prompt', 'text')
      .addColumn('prompt_en', 'text')
      .addColumn('description', 'text')
      .addColumn('state', 'text')
      .addColumn('submit_time', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('start_time', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('finish_time', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('image_url', 'text')
      .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo(''))
      .addColumn('progress', 'varchar(30)', (c) => c.notNull().defaultTo(''))
      .addColumn('fail_reason', 'text')
      .addColumn('channel_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('buttons', 'text')
      .addColumn('properties', 'text')
      .execute();
    const indexes: Array<[string, string[]]> = [
      ['idx_midjourneys_user_id', ['user_id']],
      ['idx_midjourneys_mj_id', ['mj_id']],
      ['idx_midjourneys_action', ['action']],
      ['idx_midjourneys_submit_time', ['submit_time']],
      ['idx_midjourneys_status', ['status']],
      ['idx_midjourneys_progress', ['progress']],
      ['idx_midjourneys_channel_id', ['channel_id']],
    ];
    for (const [name, columns] of indexes)
      await db.schema.createIndex(name).on('midjourneys').columns(columns).execute();
  },
};
