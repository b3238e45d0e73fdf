import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { LogInput } from '../../modules/logs/writer.js';
import type { Database } from '../../platform/db/schema.js';

/** What an asynchronous task (drawing, music) charged, and to whom. */
export interface TaskCharge {
  userId: number;
  /** The paying API key; 0 when none is known. */
  tokenId: number;
  channelId: number;
  quota: number;
  /** Names the refund once (logs.charge_key), e.g. `refund:mj:<row id>`. */
  key: string;
  /** The system log row that tells the user. */
  log: LogInput;
}

/**
 * Gives a failed task's charge back inside the caller's transaction — the one whose conditional
 * update made this caller the task's only finisher — so the refund happens exactly once: the
 * user's balance and usage, the paying key's remaining quota (when limited) and usage, the
 * channel's usage, and the log row saying so, all or nothing. Returns whether the key's admission
 * balance must move too.
 */
export async function refundTaskCharge(
  ctx: AppContext,
  tx: Transaction<Database>,
  charge: TaskCharge,
): Promise<boolean> {
  const { quota } = charge;
  if (quota <= 0) return false;
  await ctx.ledger.logRowIn(tx, charge.key, charge.log);
  await tx
    .updateTable('users')
    .set((eb) => ({ quota: eb('quota', '+', quota), used_quota: eb('used_quota', '-', quota) }))
    .where('id', '=', charge.userId)
    .execute();
  await tx
    .updateTable('channels')
    .set((eb) => ({ used_quota: eb('used_quota', '-', quota) }))
    .where('id', '=', charge.channelId)
    .execute();
  if (charge.tokenId <= 0) return false;
  const token = await tx
    .selectFrom('tokens')
    .select('unlimited_quota')
    .where('id', '=', charge.tokenId)
    .executeTakeFirst();
  if (!token) return false;
  const limited = !token.unlimited_quota;
  await tx
    .updateTable('tokens')
    .set((eb) => ({
      used_quota: eb('used_quota', '-', quota),
      ...(limited ? { remain_quota: eb('remain_quota', '+', quota) } : {}),
    }))
    .where('id', '=', charge.tokenId)
    .execute();
  return limited;
}

/** After the refund committed: the admission view (memory or Redis) gets the quota back too. */
export async function refundAdmission(ctx: AppContext, charge: TaskCharge, tokenLimited: boolean) {
  ctx.ledger.logRowsCommitted();
  await ctx.ledger.adjustUserQuota(charge.userId, charge.quota);
  if (tokenLimited) await ctx.ledger.adjustTokenQuota(charge.tokenId, charge.quota);
}
