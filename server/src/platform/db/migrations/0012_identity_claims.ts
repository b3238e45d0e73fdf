import type { PortableMigration } from './column-types.js';

/**
 * One row per third-party identity (`kind` is its users column, e.g. github_id), under a primary
 * key: two sign-ins or bindings of the same new identity at once, on any instances, cannot both
 * take it. `user_id` is 0 while the first sign-in is still creating the account.
 */
export const identityClaims: PortableMigration = {
  name: '0012_identity_claims',
  async up(db) {
    await db.schema
      .createTable('identity_claims')
      .addColumn('kind', 'varchar(32)', (c) => c.notNull())
      .addColumn('external_id', 'varchar(191)', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('identity_claims_pk', ['kind', 'external_id'])
      .execute();
  },
};
