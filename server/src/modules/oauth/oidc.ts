import * as client from 'openid-client';
import type { AppContext } from '../../context.js';
import { ApiError, badRequest } from '../../platform/http/api-error.js';
import type { ExternalIdentity } from './accounts.js';

const CACHE_MS = 10 * 60 * 1000;
const unreachable = '无法连接至 OIDC 服务器，请稍后重试！';

let cached: { key: string; at: number; config: client.Configuration } | undefined;

/**
 * The provider's configuration from its discovery document, kept for ten minutes per setting.
 * Discovery (not the three endpoint options alone) is what brings the issuer and the signing
 * keys, without which the ID token could not be checked.
 */
async function configuration(ctx: AppContext): Promise<client.Configuration> {
  const wellKnown = ctx.options.str('oidc.well_known');
  if (!wellKnown) throw badRequest('OIDC 未配置 Well-Known URL，无法校验身份令牌，请检查设置！');
  const clientId = ctx.options.str('oidc.client_id');
  const secret = ctx.options.str('oidc.client_secret');
  const key = JSON.stringify([wellKnown, clientId, secret]);
  if (cached && cached.key === key && Date.now() - cached.at < CACHE_MS) return cached.config;
  const url = new URL(wellKnown);
  // Signatures are checked even though the token comes straight from the token endpoint: OIDC
  // lets TLS stand in for them, but an administrator may run the provider on plain http.
  const execute = [client.enableNonRepudiationChecks];
  if (url.protocol === 'http:') execute.push(client.allowInsecureRequests);
  let config: client.Configuration;
  try {
    config = await client.discovery(url, clientId, secret, undefined, { execute, timeout: 5 });
  } catch {
    throw new ApiError(502, unreachable);
  }
  cached = { key, at: Date.now(), config };
  return config;
}

/**
 * Code → tokens at the provider's token endpoint; the ID token's signature, issuer, audience and
 * expiry are verified by openid-client (the signature against the provider's published keys). The subject identifies the person; name and email come
 * from the ID token or, failing that, the user-info endpoint.
 */
export async function oidcIdentity(
  ctx: AppContext,
  code: string,
  state: string,
  redirectUri: string,
  /** The provider's `iss` in the redirect (RFC 9207), checked when it announces sending it. */
  iss?: string,
): Promise<ExternalIdentity> {
  const config = await configuration(ctx);
  const callback = new URL(redirectUri);
  callback.searchParams.set('code', code);
  callback.searchParams.set('state', state);
  if (iss) callback.searchParams.set('iss', iss);
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(config, callback, {
      expectedState: state,
      idTokenExpected: true,
    });
  } catch (err) {
    if (err instanceof client.ResponseBodyError) throw badRequest(`OIDC 获取 Token 失败：${err.error}`);
    if (err instanceof client.ClientError) {
      const cause = (err.cause as { message?: string } | undefined)?.message;
      throw badRequest(`OIDC 身份令牌校验失败：${cause ?? err.message}`);
    }
    throw new ApiError(502, unreachable);
  }
  const claims = tokens.claims();
  if (!claims?.sub) throw badRequest('OIDC 获取用户信息为空！请检查设置！');
  let info: Record<string, unknown> = claims;
  if (!claims.email || !claims.preferred_username) {
    try {
      info = { ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
    } catch {
      // The ID token already proved who this is; the profile only adds names.
    }
  }
  const str = (name: string) => (typeof info[name] === 'string' ? (info[name] as string) : '');
  return {
    id: claims.sub,
    username: str('preferred_username'),
    displayName: str('name'),
    email: info.email_verified === false ? '' : str('email'),
  };
}
