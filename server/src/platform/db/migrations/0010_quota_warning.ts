import type { PortableMigration } from './column-types.js';

/**
 * When the user was last warned that their balance fell below their threshold (unix seconds).
 * A conditional UPDATE on it lets exactly one instance send each warning, at most one per
 * throttle window, whichever instance settled the charge.
 */
export const quotaWarning: PortableMigration = {
  name: '0010_quota_warning',
  async up(db) {
    await db.schema
      .alterTable('users')
      .addColumn('quota_warned_at', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
