import { fetch as undiciFetch } from 'undici';
import { channelDispatcher } from '../../../platform/http/outbound-guard.js';
import { JWT } from 'google-auth-library';
import { ChannelCredentialError, RelayError } from '../../errors.js';

const SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
/** Where google-auth-library sends every JWT grant, whatever the key says. */
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
/** A token this close to its expiry is renewed before use. */
const RENEW_BEFORE_MS = 5 * 60_000;
const MAX_CACHED = 1000;

export interface ServiceAccount {
  projectId: string;
  clientEmail: string;
  privateKey: string;
  privateKeyId: string;
  tokenUri: string;
}

interface Entry {
  account: ServiceAccount;
  client: JWT;
  token: string;
  expiresAt: number;
  /** The grant under way, shared by every request that needs a token meanwhile. */
  pending: Promise<string> | null;
}

const entries = new Map<string, Entry>();

function keyError(message: string): RelayError {
  return new RelayError(500, message, 'invalid_channel_key', { local: false, type: 'new_api_error' });
}

/** The channel key: a service-account JSON key file. */
export function parseServiceAccount(key: string): ServiceAccount {
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(key) as Record<string, unknown>;
  } catch {
    throw keyError('Vertex AI 渠道密钥应为服务账号 JSON');
  }
  const text = (name: string) => (typeof json[name] === 'string' ? (json[name] as string) : '');
  const account = {
    projectId: text('project_id'),
    clientEmail: text('client_email'),
    privateKey: text('private_key'),
    privateKeyId: text('private_key_id'),
    tokenUri: text('token_uri') || GOOGLE_TOKEN_URL,
  };
  if (!account.projectId || !account.clientEmail || !account.privateKey) {
    throw keyError('Vertex AI 服务账号 JSON 缺少 project_id、client_email 或 private_key');
  }
  return account;
}

/** undici's fetch on the channel policy's dispatcher (no link-local or metadata addresses). */
const guardedFetch = ((input: Parameters<typeof undiciFetch>[0], init?: Parameters<typeof undiciFetch>[1]) =>
  undiciFetch(input, { ...init, dispatcher: channelDispatcher() })) as unknown as typeof fetch;

function entryFor(key: string): Entry {
  let entry = entries.get(key);
  if (entry) return entry;
  const account = parseServiceAccount(key);
  const client = new JWT({
    email: account.clientEmail,
    key: account.privateKey,
    keyId: account.privateKeyId || undefined,
    scopes: [SCOPE],
    // The library's own notion of "expiring" must match ours, or it would hand back the old token.
    eagerRefreshThresholdMillis: RENEW_BEFORE_MS,
  });
  // The library posts the grant to Google's fixed address; the key names its own token_uri
  // (another Google universe, or a local fake in tests), which is where the grant must go. An
  // admin writes that address, so the grant goes through the channel policy's connector too.
  const tokenUri = account.tokenUri !== GOOGLE_TOKEN_URL ? new URL(account.tokenUri) : null;
  client.transporter.interceptors.request.add({
    resolved: (options) => {
      if (tokenUri && String(options.url) === GOOGLE_TOKEN_URL) options.url = tokenUri;
      options.fetchImplementation = guardedFetch;
      return Promise.resolve(options);
    },
  });
  entry = { account, client, token: '', expiresAt: 0, pending: null };
  if (entries.size >= MAX_CACHED) entries.clear();
  entries.set(key, entry);
  return entry;
}

async function grant(entry: Entry): Promise<string> {
  try {
    const credentials = await entry.client.authorize();
    const token = credentials.access_token;
    if (!token) throw new Error('no access_token in the answer');
    entry.token = token;
    entry.expiresAt = credentials.expiry_date ?? Date.now() + 3600_000;
    return token;
  } catch (err) {
    // The token endpoint's answer may quote the key's address; report the failure kind only.
    const status = (err as { response?: { status?: number } }).response?.status;
    const message = `获取 Vertex AI 访问令牌失败${status ? ` (HTTP ${status})` : ''}`;
    // 400/401 (invalid_grant, unknown client): the key itself is refused, a channel fault.
    if (status === 400 || status === 401) {
      throw new ChannelCredentialError(502, message, 'access_token_failed', 401);
    }
    throw new RelayError(502, message, 'access_token_failed', { local: false, type: 'upstream_error' });
  } finally {
    entry.pending = null;
  }
}

/**
 * The service account and an OAuth access token for it (JWT grant, cloud-platform scope), cached
 * until five minutes before it expires; concurrent requests share one grant.
 */
export async function vertexCredentials(key: string): Promise<{ account: ServiceAccount; token: string }> {
  const entry = entryFor(key);
  if (entry.token && Date.now() < entry.expiresAt - RENEW_BEFORE_MS) {
    return { account: entry.account, token: entry.token };
  }
  entry.pending ??= grant(entry);
  return { account: entry.account, token: await entry.pending };
}
