import { LogType } from '@gateway/contract';
import type { AppContext } from '../../context.js';
import { hashPassword } from '../../platform/crypto/passwords.js';
import { ALPHANUMERIC, randomString } from '../../platform/crypto/random.js';
import { ApiError } from '../../platform/http/api-error.js';
import { formatLogQuota } from '../logs/format.js';
import { nowSeconds } from '../setup/state.js';

export interface NewAccount {
  username: string;
  password: string;
  displayName?: string;
  email?: string;
  inviterId?: number;
  /** Third-party ids the account starts bound to (a sign-up through GitHub, OIDC, ...). */
  identities?: Partial<Record<'github_id' | 'oidc_id' | 'linux_do_id' | 'wechat_id' | 'telegram_id', string>>;
}

/** A fresh 4-character invite code that no user holds yet. */
export async function uniqueAffCode(ctx: AppContext): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const code = randomString(attempt < 10 ? 4 : 6, ALPHANUMERIC);
    if (!(await ctx.users.repo.findByAffCode(code))) return code;
  }
  throw new ApiError(500, '生成邀请码失败，请重试');
}

/**
 * The common path of every sign-up: hash, starting quota, invite code, and the invite rewards
 * (the inviter's reward goes to the invite balance, the invitee's straight to quota).
 */
export async function createAccount(ctx: AppContext, input: NewAccount): Promise<number> {
  const quotaForNewUser = ctx.options.num('QuotaForNewUser');
  const quotaForInvitee = input.inviterId ? ctx.options.num('QuotaForInvitee') : 0;
  const quotaForInviter = input.inviterId ? ctx.options.num('QuotaForInviter') : 0;
  const password = await hashPassword(input.password);
  const affCode = await uniqueAffCode(ctx);

  const id = await ctx.db.transaction().execute(async (tx) => {
    const newId = await ctx.users.repo.insert(
      {
        username: input.username,
        password,
        display_name: input.displayName || input.username,
        email: input.email ?? '',
        quota: quotaForNewUser + quotaForInvitee,
        aff_code: affCode,
        inviter_id: input.inviterId ?? 0,
        created_at: nowSeconds(),
        ...input.identities,
      },
      tx,
    );
    if (input.inviterId) {
      await tx
        .updateTable('users')
        .set((eb) => ({
          aff_count: eb('aff_count', '+', 1),
          aff_quota: eb('aff_quota', '+', quotaForInviter),
          aff_history_quota: eb('aff_history_quota', '+', quotaForInviter),
        }))
        .where('id', '=', input.inviterId)
        .execute();
    }
    return newId;
  });

  if (input.inviterId) ctx.users.cache.invalidate(input.inviterId);
  const log = (userId: number, content: string) =>
    ctx.logs.add({ user_id: userId, type: LogType.System, username: '', content });
  if (quotaForNewUser > 0) log(id, `新用户注册赠送 ${formatLogQuota(quotaForNewUser, ctx.options)}`);
  if (quotaForInvitee > 0) log(id, `使用邀请码赠送 ${formatLogQuota(quotaForInvitee, ctx.options)}`);
  if (input.inviterId && quotaForInviter > 0) {
    log(input.inviterId, `邀请用户赠送 ${formatLogQuota(quotaForInviter, ctx.options)}`);
  }
  return id;
}
