import type { PortableMigration } from './column-types.js';

/**
 * The API key that paid for a drawing task, so a failed task's refund goes back to that key's
 * remaining quota as well as to the user (0: no key, as for tasks stored before this column).
 */
export const midjourneyToken: PortableMigration = {
  name: '0014_midjourney_token',
  async up(db) {
    await db.schema
      .alterTable('midjourneys')
      .addColumn('token_id', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
