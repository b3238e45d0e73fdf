import type { PortableMigration } from './column-types.js';

/**
 * A per-user session generation. A session cookie carries the generation it was issued under;
 * bumping the column (logout, password change, ban, deletion) ends every older session at once,
 * on every instance, without a server-side session store.
 */
export const sessionVersion: PortableMigration = {
  name: '0005_session_version',
  async up(db) {
    await db.schema
      .alterTable('users')
      .addColumn('session_version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
