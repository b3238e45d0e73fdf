import { randomInt } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The WeChat server the gateway asks to turn a code (shown to the user by the official account)
 * into their WeChat id: GET /api/wechat/user?code= with the raw token in Authorization. Codes
 * work once.
 */
export interface FakeWeChat {
  url: string;
  /** A code the official account would show this WeChat user. */
  issueCode(wechatId: string): string;
  close(): Promise<void>;
}

export async function startFakeWeChat(token: string): Promise<FakeWeChat> {
  const codes = new Map<string, string>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname !== '/api/wechat/user') return send(404, { success: false, message: 'not found' });
    if (req.headers.authorization !== token) return send(200, { success: false, message: '无权进行此操作' });
    const code = url.searchParams.get('code') ?? '';
    const id = codes.get(code);
    codes.delete(code);
    if (!id) return send(200, { success: false, message: '验证码错误或已过期' });
    send(200, { success: true, message: '', data: id });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    issueCode(wechatId) {
      const code = String(randomInt(100000, 1000000));
      codes.set(code, wechatId);
      return code;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
