import { randomBytes } from 'node:crypto';

/**
 * Baidu application keys the fake knows and the access tokens it issued. Tokens look like
 * Baidu's (`24.<hex>.<lifetime>…`) and end in the client id, so scenarios can be picked by it.
 */
export class BaiduAccounts {
  /** Lifetime of issued tokens in seconds (Baidu: 30 days). */
  expiresIn = 2_592_000;
  /** Token exchanges served so far. */
  grants = 0;
  private readonly secrets = new Map<string, string>();
  private readonly tokens = new Map<string, { clientId: string; expiresAt: number }>();

  /** A new application as a channel key `APIKey|SecretKey`; scenarios are keyed by `clientId`. */
  create(): { key: string; clientId: string; clientSecret: string } {
    const clientId = randomBytes(12).toString('base64url');
    const clientSecret = randomBytes(16).toString('hex');
    this.secrets.set(clientId, clientSecret);
    return { key: `${clientId}|${clientSecret}`, clientId, clientSecret };
  }

  /** The client_credentials grant: a token, or the OAuth error Baidu answers (HTTP 401). */
  grant(clientId: string, clientSecret: string): { token: string } | { error: string; description: string } {
    const secret = this.secrets.get(clientId);
    if (secret === undefined) return { error: 'invalid_client', description: 'unknown client id' };
    if (secret !== clientSecret)
      return { error: 'invalid_client', description: 'Client authentication failed' };
    this.grants += 1;
    const token = `24.${randomBytes(16).toString('hex')}.${this.expiresIn}.${clientId}`;
    this.tokens.set(token, { clientId, expiresAt: Date.now() + this.expiresIn * 1000 });
    return { token };
  }

  /** The client id of a live token the fake issued, else null. */
  check(token: string): string | null {
    const entry = this.tokens.get(token);
    return entry && Date.now() < entry.expiresAt ? entry.clientId : null;
  }

  /** Invalidates every token issued so far (as Baidu does when a key's secret is reset). */
  revokeAll(): void {
    this.tokens.clear();
  }
}

/** The client id a token names (see `grant`), for scenario selection. */
export function baiduTokenClient(token: string): string | null {
  return /^24\.[0-9a-f]{32}\.\d+\.(.+)$/.exec(token)?.[1] ?? null;
}
