import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database, UserUpdate } from '../../platform/db/schema.js';

/**
 * Session cookies are signed, not stored, so they cannot be deleted on the server. Instead each
 * carries the user's session generation (`users.session_version`); authentication compares it
 * with the cached user, and bumping the generation ends every session issued before, on every
 * instance (the user cache is invalidated through the bus).
 */

/** Signs the request in as this user under their current generation. */
export function startSession(request: FastifyRequest, user: { id: number; session_version: number }) {
  request.session.set('uid', user.id);
  request.session.set('sv', user.session_version);
}

/**
 * Writes `fields` and bumps the user's session generation in one statement; answers the new
 * generation. The caller invalidates the user cache after its transaction commits.
 */
export async function bumpSessionVersion(
  db: Kysely<Database> | Transaction<Database>,
  userId: number,
  fields: UserUpdate = {},
): Promise<number> {
  await db
    .updateTable('users')
    .set((eb) => ({ ...fields, session_version: eb('session_version', '+', 1) }))
    .where('id', '=', userId)
    .execute();
  const row = await db
    .selectFrom('users')
    .select('session_version')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.session_version;
}

/** Ends every session of a user (logout everywhere, ban, deletion) and tells every instance. */
export async function endUserSessions(ctx: AppContext, userId: number, fields: UserUpdate = {}) {
  const version = await bumpSessionVersion(ctx.db, userId, fields);
  ctx.users.cache.invalidate(userId);
  return version;
}
