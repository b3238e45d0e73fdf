import { vi } from 'vitest';

export type FakeReply = { status?: number; body: unknown } | ((init: RequestInit, url: URL) => FakeReply);

export interface FakeServer {
  /** Every request seen, in order. */
  calls: Array<{ method: string; path: string; headers: Record<string, string>; body: unknown }>;
  reply(method: string, path: string, reply: FakeReply): void;
  has(method: string, path: string): boolean;
}

export const ok = (data: unknown = null, message = '') => ({ body: { success: true, message, data } });
export const fail = (status: number, message: string) => ({ status, body: { success: false, message } });

/**
 * Stands in for fetch in component tests: answers by "METHOD /path" (query ignored) and answers
 * 404 for anything not set up, so a forgotten endpoint shows up as a failing expectation.
 */
export function fakeServer(): FakeServer {
  const replies = new Map<string, FakeReply>();
  const server: FakeServer = {
    calls: [],
    reply(method, path, reply) {
      replies.set(`${method} ${path}`, reply);
    },
    has: (method, path) => replies.has(`${method} ${path}`),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://console.test');
      const method = init.method ?? 'GET';
      server.calls.push({
        method,
        path: url.pathname + url.search,
        headers: (init.headers ?? {}) as Record<string, string>,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      let reply =
        replies.get(`${method} ${url.pathname}`) ?? fail(404, `no fake for ${method} ${url.pathname}`);
      while (typeof reply === 'function') reply = reply(init, url);
      return new Response(JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return server;
}
