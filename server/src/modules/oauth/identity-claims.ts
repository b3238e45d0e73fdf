import type { AppContext } from '../../context.js';
import { nowSeconds } from '../setup/state.js';
import type { IdentityColumn } from './accounts.js';

/** A claim left at user 0 this long belongs to a sign-in that died before creating its account. */
const STALE_PENDING_SECONDS = 60;

/**
 * Takes the identity for `userId` (0: an account about to be created), or answers who holds it:
 * the primary key lets exactly one of several concurrent callers, on any instances, win.
 */
export async function claimIdentity(
  ctx: AppContext,
  kind: IdentityColumn,
  externalId: string,
  userId: number,
): Promise<{ won: true } | { won: false; holder: number }> {
  const now = nowSeconds();
  // A pending claim whose sign-in died is given up, so the identity is not locked out for ever.
  await ctx.db
    .deleteFrom('identity_claims')
    .where('kind', '=', kind)
    .where('external_id', '=', externalId)
    .where('user_id', '=', 0)
    .where('created_at', '<', now - STALE_PENDING_SECONDS)
    .execute();
  const insert = ctx.db
    .insertInto('identity_claims')
    .values({ kind, external_id: externalId, user_id: userId, created_at: now });
  const result = await (
    ctx.dialect === 'mysql' ? insert.ignore() : insert.onConflict((oc) => oc.doNothing())
  ).executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) === 1) return { won: true };
  const row = await ctx.db
    .selectFrom('identity_claims')
    .select('user_id')
    .where('kind', '=', kind)
    .where('external_id', '=', externalId)
    .executeTakeFirst();
  // Gone again (a stale claim removed meanwhile): nobody holds it; the caller may simply retry.
  return { won: false, holder: row?.user_id ?? -1 };
}

/** Records the account a pending claim created. */
export async function completeClaim(
  ctx: AppContext,
  kind: IdentityColumn,
  externalId: string,
  userId: number,
) {
  await ctx.db
    .updateTable('identity_claims')
    .set({ user_id: userId })
    .where('kind', '=', kind)
    .where('external_id', '=', externalId)
    .execute();
}

/** Gives up a pending claim (the account could not be created). */
export async function dropPendingClaim(ctx: AppContext, kind: IdentityColumn, externalId: string) {
  await ctx.db
    .deleteFrom('identity_claims')
    .where('kind', '=', kind)
    .where('external_id', '=', externalId)
    .where('user_id', '=', 0)
    .execute();
}
