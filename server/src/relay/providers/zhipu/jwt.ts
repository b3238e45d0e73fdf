import { SignJWT } from 'jose';
import { RelayError } from '../../errors.js';

/** Zhipu reads `exp` in milliseconds; a token this close to it is signed again before use. */
const TOKEN_TTL_MS = 60 * 60_000;
const RENEW_BEFORE_MS = 5 * 60_000;
const MAX_CACHED = 1000;

const tokens = new Map<string, { token: string; expiresAt: number }>();

export function zhipuKey(key: string): { id: string; secret: string } {
  const [id = '', secret = '', ...rest] = key.trim().split('.');
  if (!id || !secret || rest.length > 0) {
    throw new RelayError(500, '智谱渠道密钥格式错误，应为 id.secret', 'invalid_channel_key', {
      local: false,
      type: 'new_api_error',
    });
  }
  return { id, secret };
}

/**
 * Zhipu's v3 authentication: a JWT signed with the key's secret (HS256, header `sign_type:
 * SIGN`), payload `{api_key, exp, timestamp}` in milliseconds. `now` is for tests.
 */
export async function signZhipuToken(key: string, now = Date.now()): Promise<string> {
  const { id, secret } = zhipuKey(key);
  return new SignJWT({ api_key: id, exp: now + TOKEN_TTL_MS, timestamp: now })
    .setProtectedHeader({ alg: 'HS256', sign_type: 'SIGN' })
    .sign(new TextEncoder().encode(secret));
}

/** The key's token, signed once an hour rather than per request. */
export async function zhipuToken(key: string): Promise<string> {
  const cached = tokens.get(key);
  const now = Date.now();
  if (cached && now < cached.expiresAt - RENEW_BEFORE_MS) return cached.token;
  const token = await signZhipuToken(key, now);
  if (tokens.size >= MAX_CACHED) tokens.clear();
  tokens.set(key, { token, expiresAt: now + TOKEN_TTL_MS });
  return token;
}
