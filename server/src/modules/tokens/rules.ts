import { TOKEN_NEVER_EXPIRES } from '@gateway/contract';
import type { AppContext } from '../../context.js';
import type { TokenRow } from '../../platform/db/schema.js';
import { badRequest, forbidden } from '../../platform/http/api-error.js';
import { parseAllowEntries } from '../../relay/auth/ip-allow.js';
import { nowSeconds } from '../setup/state.js';

/** Business rules of token writes that need the server: time, options, the owner's groups. */

/**
 * The allow list as stored: one entry per line, duplicates dropped. Input may also separate
 * entries with commas or spaces (none can occur inside an address). An invalid entry is
 * rejected rather than dropped: silently ignoring it would leave the token open wider than the
 * user believes. The entry rule is the relay's own, so what is accepted here is what it enforces.
 */
export function normalizeAllowIps(raw: string): string {
  const { valid, invalid } = parseAllowEntries(raw);
  if (invalid.length > 0) {
    throw badRequest(`IP 白名单中的条目无效：${invalid[0]}（每行填写一个 IPv4/IPv6 地址或 CIDR 网段）`);
  }
  return [...new Set(valid)].join('\n');
}

/** '' (the owner's group) or a group the owner may pick: UserUsableGroups plus their own group. */
export function checkTokenGroup(ctx: AppContext, ownGroup: string, group: string): void {
  if (group === '' || group === ownGroup) return;
  const usable = ctx.options.json<Record<string, string> | null>('UserUsableGroups') ?? {};
  if (!Object.hasOwn(usable, group)) throw forbidden(`无权使用分组 ${group}`);
}

/**
 * New expiry times lie in the future (or are -1, never). An edit may keep the stored time even
 * when it has passed, so renaming an expired token does not force a new expiry on the user.
 */
export function checkExpiry(expiredTime: number, stored?: number): void {
  if (expiredTime === TOKEN_NEVER_EXPIRES || expiredTime === stored) return;
  if (expiredTime <= nowSeconds()) throw badRequest('过期时间必须晚于当前时间，或设为 -1（永不过期）');
}

/**
 * Enabling is refused for a token the relay could not use anyway: an expired one, or a limited
 * one without quota left. The checks look at the values, not only at the status the relay
 * recorded, so a disabled token that expired meanwhile cannot be switched back on either.
 */
export function checkMayEnable(token: TokenRow): void {
  if (token.expired_time !== TOKEN_NEVER_EXPIRES && token.expired_time <= nowSeconds()) {
    throw badRequest('令牌已过期，无法启用，请先修改令牌过期时间，或者设置为永不过期');
  }
  if (token.unlimited_quota !== 1 && token.remain_quota <= 0) {
    throw badRequest('令牌可用额度已用尽，无法启用，请先修改令牌剩余额度，或者设置为无限额度');
  }
}
