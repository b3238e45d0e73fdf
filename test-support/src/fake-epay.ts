import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake Epay ("易支付") gateway on loopback. The merchant (the gateway under test) has the
 * browser POST a signed form to /submit.php; the fake records the order. `pay()` then does what
 * a real gateway does after the customer paid: it calls the order's notify_url with signed
 * query parameters (GET). The signature code is written independently of the server's, so a
 * mistake on either side shows up as a failed verification.
 */

export interface FakeEpayOptions {
  pid: string;
  key: string;
}

export interface FakeEpayOrder {
  /** The form fields as submitted. */
  fields: Record<string, string>;
  /** Whether the merchant's signature on the form was correct. */
  signatureValid: boolean;
  /** Our own trade number, sent back in notifies. */
  tradeNo: string;
}

export interface NotifyResult {
  status: number;
  /** The merchant's answer: "success" or "fail". */
  body: string;
}

export interface NotifyOptions {
  /** Fields to change or add before signing (a tampered notify still has a valid signature). */
  override?: Record<string, string>;
  /** Sign with this key instead of the merchant's (a forged notify). */
  signingKey?: string;
  /** Send the request as a POST form instead of a GET query string. */
  method?: 'GET' | 'POST';
}

export interface FakeEpay {
  url: string;
  orders: Map<string, FakeEpayOrder>;
  /** The customer paid: the signed TRADE_SUCCESS notify goes to the order's notify_url. */
  pay(outTradeNo: string, options?: NotifyOptions): Promise<NotifyResult>;
  /** Same notify signed with a wrong key. */
  forgeNotify(outTradeNo: string): Promise<NotifyResult>;
  /** Correctly signed notify claiming a different amount paid. */
  tamperedNotify(outTradeNo: string, money: string): Promise<NotifyResult>;
  /** Sends the same successful notify `times` times, concurrently. */
  repeatNotify(outTradeNo: string, times: number): Promise<NotifyResult[]>;
  close(): Promise<void>;
}

export function epayTestSign(params: Record<string, string>, key: string): string {
  const pairs: string[] = [];
  for (const name of Object.keys(params).sort()) {
    const value = params[name];
    if (name === 'sign' || name === 'sign_type' || value === undefined || value === '') continue;
    pairs.push(`${name}=${value}`);
  }
  return createHash('md5')
    .update(pairs.join('&') + key)
    .digest('hex');
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeEpay(options: FakeEpayOptions): Promise<FakeEpay> {
  const orders = new Map<string, FakeEpayOrder>();
  let sequence = 0;

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake-epay');
      if (url.pathname !== '/submit.php') {
        res.writeHead(404).end('not found');
        return;
      }
      const raw = req.method === 'POST' ? await readBody(req) : url.search.slice(1);
      const fields = Object.fromEntries(new URLSearchParams(raw));
      const signatureValid = fields.pid === options.pid && fields.sign === epayTestSign(fields, options.key);
      const tradeNo = `${new Date().toISOString().slice(0, 10).replaceAll('-', '')}${++sequence}`;
      if (fields.out_trade_no) orders.set(fields.out_trade_no, { fields, signatureValid, tradeNo });
      res.writeHead(signatureValid ? 200 : 400, { 'content-type': 'text/html; charset=utf-8' });
      res.end(signatureValid ? '<html><body>收银台</body></html>' : '签名校验失败');
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  async function notify(outTradeNo: string, notifyOptions: NotifyOptions = {}): Promise<NotifyResult> {
    const order = orders.get(outTradeNo);
    if (!order) throw new Error(`fake epay has no order ${outTradeNo}`);
    const params: Record<string, string> = {
      pid: options.pid,
      trade_no: order.tradeNo,
      out_trade_no: outTradeNo,
      type: order.fields.type ?? 'alipay',
      name: order.fields.name ?? '',
      money: order.fields.money ?? '',
      trade_status: 'TRADE_SUCCESS',
      ...notifyOptions.override,
    };
    params.sign = epayTestSign(params, notifyOptions.signingKey ?? options.key);
    params.sign_type = 'MD5';
    const query = new URLSearchParams(params).toString();
    const target = order.fields.notify_url ?? '';
    const res =
      notifyOptions.method === 'POST'
        ? await fetch(target, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: query,
          })
        : await fetch(`${target}${target.includes('?') ? '&' : '?'}${query}`);
    return { status: res.status, body: await res.text() };
  }

  return {
    url: `http://127.0.0.1:${port}`,
    orders,
    pay: notify,
    forgeNotify: (outTradeNo) => notify(outTradeNo, { signingKey: randomBytes(16).toString('hex') }),
    tamperedNotify: (outTradeNo, money) => notify(outTradeNo, { override: { money } }),
    repeatNotify: (outTradeNo, times) => Promise.all(Array.from({ length: times }, () => notify(outTradeNo))),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
