import { Role, TokenStatus, UserStatus } from '@gateway/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { CachedUser } from '../../modules/users/user-cache.js';
import { maskSecret } from '../../platform/crypto/random.js';
import { RelayError } from '../errors.js';
import { ipAllowed } from './ip-allow.js';
import type { CachedToken, TokenCache } from './token-cache.js';

/** Who is calling the relay and under which group they are routed and billed. */
export interface RelayCaller {
  token: CachedToken | null;
  user: CachedUser;
  /** Effective group: the token's group when set, else the user's. */
  group: string;
  tokenName: string;
  /** Admin-only `sk-<key>-<channelId>` pins a channel. */
  pinnedChannelId: number | null;
}

const deny = (status: number, message: string, code: string) => new RelayError(status, message, code);

/** The API key of a request: Bearer (OpenAI), x-api-key (Anthropic), x-goog-api-key or ?key= (Gemini). */
export function extractApiKey(request: FastifyRequest): string {
  const auth = request.headers.authorization;
  if (auth) return auth.replace(/^Bearer\s+/i, '').trim();
  const alt = request.headers['x-api-key'] ?? request.headers['x-goog-api-key'];
  if (typeof alt === 'string' && alt) return alt.trim();
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.key === 'string' ? query.key.trim() : '';
}

export async function authenticateRelay(
  request: FastifyRequest,
  ctx: AppContext,
  tokens: TokenCache,
): Promise<RelayCaller> {
  const raw = extractApiKey(request).replace(/^sk-/, '');
  if (!raw) throw deny(401, '未提供令牌', 'token_missing');
  const [key, channelPart] = raw.split('-', 2) as [string, string | undefined];
  const token = await tokens.get(key);
  if (!token) throw deny(401, '无效的令牌', 'token_invalid');

  const masked = `sk-${maskSecret(key)}`;
  if (token.status === TokenStatus.Exhausted)
    throw deny(401, `该令牌额度已用尽 [${masked}]`, 'token_exhausted');
  if (token.status === TokenStatus.Expired) throw deny(401, '该令牌已过期', 'token_expired');
  if (token.status !== TokenStatus.Enabled) throw deny(401, '该令牌状态不可用', 'token_disabled');
  const now = Math.floor(Date.now() / 1000);
  if (token.expiredTime !== -1 && token.expiredTime < now) {
    markToken(ctx, tokens, token, TokenStatus.Expired);
    throw deny(401, '该令牌已过期', 'token_expired');
  }
  // Not written back as status 4: the balance seen here includes holds of requests in flight.
  if (!token.unlimited && (await ctx.ledger.authority.tokenBalance(token.id)) <= 0) {
    throw deny(401, `该令牌额度已用尽 [${masked}]`, 'token_exhausted');
  }

  const user = await ctx.users.cache.get(token.userId);
  if (!user) throw deny(401, '无效的令牌', 'token_invalid');
  if (user.status !== UserStatus.Enabled) throw deny(403, '用户已被封禁', 'user_banned');

  if (token.allowIps && !ipAllowed(token.allowIps, request.ip)) {
    throw deny(403, '您的 IP 不在令牌允许访问的列表中', 'ip_not_allowed');
  }

  let pinnedChannelId: number | null = null;
  if (channelPart !== undefined && channelPart !== '') {
    if (user.role < Role.Admin) throw deny(403, '普通用户不支持指定渠道', 'channel_pin_forbidden');
    if (!/^\d+$/.test(channelPart)) throw deny(400, '无效的渠道 Id', 'invalid_channel_id');
    pinnedChannelId = Number(channelPart);
  }

  return {
    token,
    user,
    group: resolveGroup(ctx, user, token.group),
    tokenName: token.name,
    pinnedChannelId,
  };
}

/** The group a request runs under; a token may pick any group its owner may use. */
export function resolveGroup(ctx: AppContext, user: CachedUser, requested: string): string {
  const own = user.group || 'default';
  if (!requested || requested === own) return own;
  const usable = ctx.options.json<Record<string, string>>('UserUsableGroups');
  if (!(requested in usable)) throw deny(403, `令牌分组 ${requested} 已被禁用`, 'group_not_allowed');
  const ratios = ctx.options.json<Record<string, number>>('GroupRatio');
  if (!(requested in ratios)) throw deny(403, `分组 ${requested} 已被弃用`, 'group_deprecated');
  return requested;
}

/** Records an expiry the relay noticed; off the request's critical path. */
function markToken(ctx: AppContext, tokens: TokenCache, token: CachedToken, status: number) {
  tokens.markStatus(token.key, status);
  void ctx.db
    .updateTable('tokens')
    .set({ status })
    .where('id', '=', token.id)
    .where('status', '=', TokenStatus.Enabled)
    .execute()
    .then(() => ctx.bus.publish('token', token.key))
    .catch((err: Error) => console.error(`marking token ${token.id} failed: ${err.message}`));
}
