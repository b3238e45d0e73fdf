import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SiteverifyCall {
  secret: string;
  response: string;
  remoteip: string;
}

export interface FakeTurnstile {
  /** The siteverify address to give the gateway (TURNSTILE_VERIFY_URL). */
  url: string;
  calls: SiteverifyCall[];
  /** A fresh token the fake will accept once, as a solved widget would hand out. */
  issue(): string;
  close(): Promise<void>;
}

/**
 * Cloudflare's siteverify endpoint on loopback: a form POST of secret, response and remoteip,
 * answered with `{success, error-codes}`. Tokens are accepted once, only with the right secret.
 */
export async function startFakeTurnstile(secret: string): Promise<FakeTurnstile> {
  const calls: SiteverifyCall[] = [];
  const live = new Set<string>();
  let n = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const call = {
        secret: form.get('secret') ?? '',
        response: form.get('response') ?? '',
        remoteip: form.get('remoteip') ?? '',
      };
      calls.push(call);
      const errors: string[] = [];
      if (req.method !== 'POST' || !req.url?.endsWith('/siteverify')) errors.push('bad-request');
      if (call.secret !== secret) errors.push('invalid-input-secret');
      if (!live.delete(call.response)) errors.push('timeout-or-duplicate');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ success: errors.length === 0, 'error-codes': errors }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/turnstile/v0/siteverify`,
    calls,
    issue() {
      const token = `solved-${++n}-${Math.random().toString(36).slice(2)}`;
      live.add(token);
      return token;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
