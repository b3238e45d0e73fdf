import type { PortableMigration } from './column-types.js';
import { withId } from './column-types.js';

/**
 * Asynchronous upstream tasks (Suno music and lyrics). `progress` reaching '100%' marks a task
 * finished; the poller's conditional update on it decides, once, whether a failure is refunded.
 */
export const tasks: PortableMigration = {
  name: '0008_tasks',
  async up(db, dialect) {
    await withId(db.schema.createTable('tasks'), dialect, true)
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('task_id', 'varchar(50)', (c) => c.notNull().defaultTo(''))
      .addColumn('platform', 'varchar(30)', (c) => c.notNull().defaultTo(''))
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('token_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('channel_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('action', 'varchar(40)', (c) => c.notNull().defaultTo(''))
      .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo(''))
      .addColumn('fail_reason', 'text')
      .addColumn('submit_time', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('start_time', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('finish_time', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('progress', 'varchar(20)', (c) => c.notNull().defaultTo(''))
      .addColumn('properties', 'text')
      .addColumn('data', 'text')
      .execute();
    const indexes: Array<[string, string[]]> = [
      ['idx_tasks_created_at', ['created_at']],
      ['idx_tasks_task_id', ['task_id']],
      ['idx_tasks_platform', ['platform']],
      ['idx_tasks_user_submit', ['user_id', 'submit_time']],
      ['idx_tasks_channel_id', ['channel_id']],
      ['idx_tasks_action', ['action']],
      ['idx_tasks_status', ['status']],
      ['idx_tasks_submit_time', ['submit_time']],
      ['idx_tasks_progress', ['progress']],
    ];
    for (const [name, columns] of indexes)
      await db.schema.createIndex(name).on('tasks').columns(columns).execute();
  },
};
