import { request } from 'undici';
import { channelDispatcher, OutboundRefusedError } from '../../../platform/http/outbound-guard.js';
import { ChannelCredentialError, RelayError } from '../../errors.js';

/** Tokens live 30 days; one this close to its expiry is exchanged again before use. */
const RENEW_BEFORE_MS = 60 * 60_000;
const MAX_CACHED = 1000;
const EXCHANGE_TIMEOUT_MS = 15_000;

interface Entry {
  token: string;
  expiresAt: number;
  /** The exchange under way, shared by every request that needs a token meanwhile. */
  pending: Promise<string> | null;
}

/** By base URL and key: the same key against another host is another account. */
const entries = new Map<string, Entry>();

export function baiduKey(key: string): { clientId: string; clientSecret: string } {
  const [clientId = '', clientSecret = '', ...rest] = key.split('|').map((p) => p.trim());
  if (!clientId || !clientSecret || rest.length > 0) {
    throw new RelayError(500, '百度渠道密钥格式错误，应为 APIKey|SecretKey', 'invalid_channel_key', {
      local: false,
      type: 'new_api_error',
    });
  }
  return { clientId, clientSecret };
}

async function exchange(base: string, key: string, entry: Entry): Promise<string> {
  const { clientId, clientSecret } = baiduKey(key);
  const query = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: clientId,
    client_secret: clientSecret,
  });
  try {
    let res;
    try {
      res = await request(`${base}/oauth/2.0/token?${query.toString()}`, {
        method: 'POST',
        headers: { accept: 'application/json' },
        dispatcher: channelDispatcher(),
        headersTimeout: EXCHANGE_TIMEOUT_MS,
        bodyTimeout: EXCHANGE_TIMEOUT_MS,
      });
    } catch (err) {
      const why = err instanceof OutboundRefusedError ? err.message : 'network error';
      throw new RelayError(502, `获取百度访问令牌失败 (${why})`, 'access_token_failed', {
        local: false,
        type: 'upstream_error',
      });
    }
    const json = (await res.body.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: number;
      error?: string;
    };
    if (res.statusCode === 200 && json.access_token) {
      entry.token = json.access_token;
      entry.expiresAt = Date.now() + (json.expires_in ?? 2_592_000) * 1000;
      return json.access_token;
    }
    // The answer may quote the client id: report the failure kind only.
    const message = `获取百度访问令牌失败 (HTTP ${res.statusCode}${json.error ? `, ${json.error}` : ''})`;
    // invalid_client: the key itself is refused, a channel fault like an upstream 401.
    if (res.statusCode === 400 || res.statusCode === 401 || json.error === 'invalid_client') {
      throw new ChannelCredentialError(502, message, 'access_token_failed', 401);
    }
    throw new RelayError(502, message, 'access_token_failed', { local: false, type: 'upstream_error' });
  } finally {
    entry.pending = null;
  }
}

/**
 * An access token for `APIKey|SecretKey` (client credentials grant at `{base}/oauth/2.0/token`),
 * cached until an hour before it expires; concurrent requests share one exchange.
 */
export async function baiduAccessToken(base: string, key: string): Promise<string> {
  const id = `${base}\n${key}`;
  let entry = entries.get(id);
  if (!entry) {
    if (entries.size >= MAX_CACHED) entries.clear();
    entry = { token: '', expiresAt: 0, pending: null };
    entries.set(id, entry);
  }
  if (entry.token && Date.now() < entry.expiresAt - RENEW_BEFORE_MS) return entry.token;
  entry.pending ??= exchange(base, key, entry);
  return entry.pending;
}

/** Drops a token Baidu refused (error 110/111), so the next request exchanges the key again. */
export function forgetBaiduToken(base: string, key: string): void {
  const entry = entries.get(`${base}\n${key}`);
  if (entry) {
    entry.token = '';
    entry.expiresAt = 0;
  }
}
