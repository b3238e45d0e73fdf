import {
  TOKEN_BATCH_SUFFIX_LENGTH,
  TOKEN_KEY_LENGTH,
  TokenStatus,
  type createTokenRequest,
  type updateTokenRequest,
  type updateTokenStatusRequest,
} from '@gateway/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { randomString } from '../../platform/crypto/random.js';
import type { NewToken, TokenRow } from '../../platform/db/schema.js';
import type { AuthUser } from '../../platform/http/auth.js';
import { notFound } from '../../platform/http/api-error.js';
import { nowSeconds } from '../setup/state.js';
import type { TokenRepo } from './repo.js';
import { checkExpiry, checkMayEnable, checkTokenGroup, normalizeAllowIps } from './rules.js';

/**
 * Token writes. Each one ends by publishing the key on the `token` topic (the relay caches
 * tokens by key on every instance) and, when remain_quota moved, by telling the ledger the delta.
 */

const TOKEN_NOT_FOUND = '令牌不存在';
const flag = (value: boolean) => (value ? 1 : 0);

export async function createTokens(
  ctx: AppContext,
  repo: TokenRepo,
  me: AuthUser,
  input: z.output<typeof createTokenRequest>,
): Promise<TokenRow[]> {
  checkTokenGroup(ctx, me.group, input.group);
  checkExpiry(input.expired_time);
  const allowIps = normalizeAllowIps(input.allow_ips);
  const now = nowSeconds();
  const rows: NewToken[] = Array.from({ length: input.count }, (_, i) => ({
    user_id: me.id,
    key: randomString(TOKEN_KEY_LENGTH),
    status: TokenStatus.Enabled,
    // The first token keeps the name; the others get a suffix so they can be told apart.
    name: i === 0 ? input.name : `${input.name}-${randomString(TOKEN_BATCH_SUFFIX_LENGTH)}`,
    created_time: now,
    accessed_time: now,
    expired_time: input.expired_time,
    remain_quota: input.remain_quota,
    unlimited_quota: flag(input.unlimited_quota),
    model_limits_enabled: flag(input.model_limits_enabled),
    model_limits: input.model_limits,
    allow_ips: allowIps,
    used_quota: 0,
    group: input.group,
  }));
  const created = await ctx.db.transaction().execute((tx) => repo.insertMany(rows, tx));
  for (const token of created) ctx.bus.publish('token', token.key);
  return created;
}

export async function updateToken(
  ctx: AppContext,
  repo: TokenRepo,
  me: AuthUser,
  input: z.output<typeof updateTokenRequest>,
): Promise<TokenRow> {
  const { before, after } = await ctx.db.transaction().execute(async (tx) => {
    const before = await repo.findOwned(me.id, input.id, tx);
    if (!before) throw notFound(TOKEN_NOT_FOUND);
    if (input.group !== undefined && input.group !== before.group)
      checkTokenGroup(ctx, me.group, input.group);
    if (input.expired_time !== undefined) checkExpiry(input.expired_time, before.expired_time);
    const quotaDelta = input.remain_quota === undefined ? 0 : input.remain_quota - before.remain_quota;
    await tx
      .updateTable('tokens')
      .set((eb) => ({
        name: input.name ?? before.name,
        expired_time: input.expired_time ?? before.expired_time,
        // Relative, so charges the relay flushes meanwhile are not overwritten.
        remain_quota: eb('remain_quota', '+', quotaDelta),
        unlimited_quota:
          input.unlimited_quota === undefined ? before.unlimited_quota : flag(input.unlimited_quota),
        model_limits_enabled:
          input.model_limits_enabled === undefined
            ? before.model_limits_enabled
            : flag(input.model_limits_enabled),
        model_limits: input.model_limits ?? before.model_limits ?? '',
        allow_ips:
          input.allow_ips === undefined ? (before.allow_ips ?? '') : normalizeAllowIps(input.allow_ips),
        group: input.group ?? before.group,
      }))
      .where('id', '=', before.id)
      .execute();
    const after = await repo.findOwned(me.id, before.id, tx);
    if (!after) throw notFound(TOKEN_NOT_FOUND);
    return { before, after };
  });
  ctx.bus.publish('token', after.key);
  await ctx.ledger.adjustTokenQuota(after.id, after.remain_quota - before.remain_quota);
  return after;
}

export async function setTokenStatus(
  ctx: AppContext,
  repo: TokenRepo,
  me: AuthUser,
  input: z.output<typeof updateTokenStatusRequest>,
): Promise<TokenRow> {
  const token = await repo.findOwned(me.id, input.id);
  if (!token) throw notFound(TOKEN_NOT_FOUND);
  if (input.status === TokenStatus.Enabled) checkMayEnable(token);
  await ctx.db
    .updateTable('tokens')
    .set({ status: input.status })
    .where('id', '=', token.id)
    .where('deleted_at', 'is', null)
    .execute();
  ctx.bus.publish('token', token.key);
  return { ...token, status: input.status };
}

/** Soft delete: the row stays for the logs that name it, the relay stops accepting the key. */
export async function deleteToken(ctx: AppContext, repo: TokenRepo, me: AuthUser, id: number) {
  const token = await repo.findOwned(me.id, id);
  if (!token) throw notFound(TOKEN_NOT_FOUND);
  const result = await ctx.db
    .updateTable('tokens')
    .set({ deleted_at: nowSeconds() })
    .where('id', '=', token.id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound(TOKEN_NOT_FOUND);
  ctx.bus.publish('token', token.key);
}
