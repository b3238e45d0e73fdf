import { LogType, redeemRequest, RedemptionStatus } from '@gateway/contract';
import type { AppContext } from '../../context.js';
import type { RedemptionRow } from '../../platform/db/schema.js';
import { badRequest, parseInput, type ApiError } from '../../platform/http/api-error.js';
import type { AuthUser } from '../../platform/http/auth.js';
import { formatLogQuota } from '../logs/format.js';
import { nowSeconds } from '../setup/state.js';

/** Why a code that exists cannot be redeemed (it was not in the unused state). */
function refusal(code: RedemptionRow | undefined): ApiError {
  if (!code) return badRequest('无效的兑换码');
  if (code.status === RedemptionStatus.Used) return badRequest('该兑换码已被使用');
  if (code.status === RedemptionStatus.Disabled) return badRequest('该兑换码已被禁用');
  return badRequest('无效的兑换码');
}

const findLive = (ctx: AppContext, key: string) =>
  ctx.db
    .selectFrom('redemptions')
    .selectAll()
    .where('key', '=', key)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

/**
 * POST /api/user/topup: credits a code's quota to the caller, exactly once. The conditional
 * UPDATE (status 1 → 3) is the claim: when requests race, on one instance or several, the
 * database lets exactly one of them change the row, and only that one credits the user, in the
 * same transaction. Answers the quota added.
 */
export async function redeemCode(ctx: AppContext, me: AuthUser, body: unknown): Promise<number> {
  const { key } = parseInput(redeemRequest, body);
  const known = await findLive(ctx, key);
  if (!known || known.status !== RedemptionStatus.Unused) throw refusal(known);

  const claimed = await ctx.db.transaction().execute(async (tx) => {
    const claim = await tx
      .updateTable('redemptions')
      .set({ status: RedemptionStatus.Used, used_user_id: me.id, redeemed_time: nowSeconds() })
      .where('key', '=', key)
      .where('status', '=', RedemptionStatus.Unused)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) !== 1) return undefined;
    // Read after claiming: the row is ours now and an admin edit can no longer change the quota.
    const code = await tx
      .selectFrom('redemptions')
      .select(['id', 'quota'])
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    await tx
      .updateTable('users')
      .set((eb) => ({ quota: eb('quota', '+', code.quota) }))
      .where('id', '=', me.id)
      .execute();
    return code;
  });
  if (!claimed) throw refusal(await findLive(ctx, key));

  await ctx.ledger.adjustUserQuota(me.id, claimed.quota);
  ctx.logs.add({
    user_id: me.id,
    type: LogType.Topup,
    username: me.username,
    content: `通过兑换码充值 ${formatLogQuota(claimed.quota, ctx.options)}，兑换码ID ${claimed.id}`,
  });
  return claimed.quota;
}
