import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

const TLS_DIR = new URL('./tls/', import.meta.url);
/** A self-signed certificate for localhost, 127.0.0.1 and ::1; test use only. */
export const WEBHOOK_TEST_CERT_PATH = new URL('webhook-test.crt', TLS_DIR).pathname;
const KEY_PATH = new URL('webhook-test.key', TLS_DIR).pathname;

export interface ReceivedWebhook {
  headers: Record<string, string | string[] | undefined>;
  /** The body exactly as received, for signature checks. */
  raw: Buffer;
  json: unknown;
}

export interface FakeWebhook {
  /** https://127.0.0.1:<port>/hook */
  url: string;
  received: ReceivedWebhook[];
  /** Status to answer with (default 200); e.g. 302 to check that redirects are not followed. */
  status: number;
  headers: Record<string, string>;
  next(timeoutMs?: number): Promise<ReceivedWebhook>;
  close(): Promise<void>;
}

/** An HTTPS webhook receiver on loopback; trust WEBHOOK_TEST_CERT_PATH to call it. */
export async function startFakeWebhook(): Promise<FakeWebhook> {
  const received: ReceivedWebhook[] = [];
  let taken = 0;
  const state = { status: 200, headers: {} as Record<string, string> };
  const server = https.createServer(
    { cert: fs.readFileSync(WEBHOOK_TEST_CERT_PATH), key: fs.readFileSync(KEY_PATH) },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        let json: unknown;
        try {
          json = JSON.parse(raw.toString('utf8'));
        } catch {
          json = null;
        }
        received.push({ headers: req.headers, raw, json });
        res.writeHead(state.status, state.headers);
        res.end('ok');
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `https://127.0.0.1:${port}/hook`,
    received,
    get status() {
      return state.status;
    },
    set status(v: number) {
      state.status = v;
    },
    get headers() {
      return state.headers;
    },
    set headers(v: Record<string, string>) {
      state.headers = v;
    },
    async next(timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length <= taken) {
        if (Date.now() > deadline) throw new Error('no webhook arrived');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received[taken++]!;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
