import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Zhipu API keys (`id.secret`) the fake knows: the secret is needed to check a token's signature. */
export class ZhipuKeys {
  private readonly secrets = new Map<string, string>();

  /** A new key as a channel key `id.secret`; scenarios are keyed by `id`. */
  create(): { key: string; id: string; secret: string } {
    const id = randomBytes(16).toString('hex');
    const secret = randomBytes(12).toString('base64url').replaceAll('.', '');
    this.secrets.set(id, secret);
    return { key: `${id}.${secret}`, id, secret };
  }

  /**
   * Checks a v3 token as Zhipu does: three base64url parts, header `{alg: HS256, sign_type:
   * SIGN}`, payload `{api_key, exp, timestamp}` (milliseconds), an HMAC-SHA256 of
   * `header.payload` with the key's secret, not expired. Returns the failure's code, or the key id.
   */
  verify(token: string): { id: string } | { code: number; msg: string } {
    if (!token) return { code: 1001, msg: 'Header中未收到Authorization参数，无法进行身份验证。' };
    const invalid = { code: 1002, msg: 'Authorization Token非法，请确认Authorization Token正确传递。' };
    const parts = token.split('.');
    if (parts.length !== 3) return invalid;
    const [header, payload, signature] = parts as [string, string, string];
    let h: { alg?: unknown; sign_type?: unknown };
    let p: { api_key?: unknown; exp?: unknown; timestamp?: unknown };
    try {
      h = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as typeof h;
      p = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof p;
    } catch {
      return invalid;
    }
    if (h.alg !== 'HS256' || h.sign_type !== 'SIGN' || typeof p.api_key !== 'string') return invalid;
    const secret = this.secrets.get(p.api_key);
    if (!secret) return { code: 1000, msg: '身份验证失败。' };
    const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return invalid;
    if (typeof p.exp !== 'number' || typeof p.timestamp !== 'number' || p.exp <= Date.now()) {
      return { code: 1003, msg: 'Authorization Token已过期。' };
    }
    return { id: p.api_key };
  }
}

/** The key id a v3 token names (unverified), for scenario selection. */
export function zhipuTokenKeyId(token: string): string | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as { api_key?: unknown };
    return typeof payload.api_key === 'string' ? payload.api_key : null;
  } catch {
    return null;
  }
}
