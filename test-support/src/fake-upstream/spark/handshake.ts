/**
 * Xunfei's handshake check: `authorization` (base64 of `api_key="…", algorithm="hmac-sha256",
 * headers="host date request-line", signature="…"`), `date` and `host` in the query; the
 * signature is recomputed with the app's secret over `host: …\ndate: …\nGET <path> HTTP/1.1`,
 * and a date more than five minutes off is refused, as Xunfei does.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { SparkApp, SparkApps } from './apps.js';

const MAX_SKEW_MS = 5 * 60 * 1000;

export type HandshakeCheck =
  { ok: true; app: SparkApp } | { ok: false; status: number; message: string; apiKey: string };

function field(authorization: string, name: string): string {
  return new RegExp(`${name}="([^"]*)"`).exec(authorization)?.[1] ?? '';
}

export function checkHandshake(req: IncomingMessage, url: URL, apps: SparkApps): HandshakeCheck {
  const query = url.searchParams;
  const authorization = Buffer.from(query.get('authorization') ?? '', 'base64').toString('utf8');
  const date = query.get('date') ?? '';
  const host = query.get('host') ?? '';
  const apiKey = field(authorization, 'api_key');
  const refuse = (status: number, message: string): HandshakeCheck => ({
    ok: false,
    status,
    message,
    apiKey,
  });
  if (!apiKey || field(authorization, 'algorithm') !== 'hmac-sha256') {
    return refuse(401, 'HMAC signature does not conform to the correct format');
  }
  if (field(authorization, 'headers') !== 'host date request-line') {
    return refuse(401, 'HMAC signature does not conform to the correct format');
  }
  const at = Date.parse(date);
  if (Number.isNaN(at) || Math.abs(Date.now() - at) > MAX_SKEW_MS) {
    return refuse(
      401,
      'HMAC signature cannot be verified, a valid date or x-date header is required for HMAC Authentication',
    );
  }
  if (host !== req.headers.host) return refuse(401, 'HMAC signature cannot be verified');
  const app = apps.find(apiKey);
  if (!app) return refuse(401, 'Unauthorized');
  const expected = createHmac('sha256', app.apiSecret)
    .update(`host: ${host}\ndate: ${date}\nGET ${url.pathname} HTTP/1.1`)
    .digest();
  const given = Buffer.from(field(authorization, 'signature'), 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return refuse(401, 'HMAC signature cannot be verified');
  }
  return { ok: true, app };
}
