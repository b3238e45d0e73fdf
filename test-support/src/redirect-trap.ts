import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Two loopback servers for proving that a stored key never follows a redirect: the "upstream"
 * answers every request with a redirect to the other ("elsewhere", another port, so another
 * origin), which records whatever reaches it. An empty `elsewhere.seen` means nothing followed.
 */
export interface RedirectTrap {
  /** Base URL of the redirecting upstream. */
  url: string;
  /** Base URL the redirects point to. */
  elsewhereUrl: string;
  upstream: { seen: SeenRequest[] };
  elsewhere: { seen: SeenRequest[] };
  close(): Promise<void>;
}

export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/** `status` is the redirect status the upstream answers (302 by default; 307 keeps the method). */
export async function startRedirectTrap(status = 302): Promise<RedirectTrap> {
  const upstreamSeen: SeenRequest[] = [];
  const elsewhereSeen: SeenRequest[] = [];
  const record =
    (list: SeenRequest[]) => (req: { method?: string; url?: string; headers: IncomingHttpHeaders }) =>
      list.push({ method: req.method ?? '', path: req.url ?? '/', headers: req.headers });

  const elsewhere = createServer((req, res) => {
    record(elsewhereSeen)(req);
    req.resume();
    // A plausible answer, so a client that did follow would look successful.
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"object":"list","data":[{"id":"leaked"}]}');
  });
  const elsewhereUrl = await listen(elsewhere);
  const upstream = createServer((req, res) => {
    record(upstreamSeen)(req);
    req.resume();
    res.writeHead(status, { location: `${elsewhereUrl}${req.url ?? '/'}`, 'content-length': '0' });
    res.end();
  });
  const url = await listen(upstream);
  return {
    url,
    elsewhereUrl,
    upstream: { seen: upstreamSeen },
    elsewhere: { seen: elsewhereSeen },
    close: async () => {
      await Promise.all([close(upstream), close(elsewhere)]);
    },
  };
}
