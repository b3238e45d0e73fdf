/**
 * The baseline: the least a Node reverse proxy can do. node:http server, undici to the upstream,
 * bodies piped both ways without parsing, no auth, billing or logging. Same keep-alive agent
 * settings as the gateway's UpstreamClient so the two differ only in what the gateway adds.
 *
 * Env: PORT, UPSTREAM (base URL). Prints `READY <url>` once listening.
 */
import http from 'node:http';
import { Agent, request } from 'undici';

const upstream = process.env.UPSTREAM;
const port = Number(process.env.PORT ?? 0);
if (!upstream) throw new Error('UPSTREAM is required');

/** Hop-by-hop headers describe one connection and must not be forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'host',
]);

function endToEnd(headers) {
  const out = {};
  for (const [name, value] of Object.entries(headers)) if (!HOP_BY_HOP.has(name)) out[name] = value;
  return out;
}

const agent = new Agent({ keepAliveTimeout: 30_000, keepAliveMaxTimeout: 120_000 });

async function relay(req, res) {
  try {
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const up = await request(upstream + req.url, {
      method: req.method,
      headers: endToEnd(req.headers),
      body: hasBody ? req : undefined,
      dispatcher: agent,
    });
    res.writeHead(up.statusCode, endToEnd(up.headers));
    // pipe() writes each upstream chunk as it arrives (streams are not buffered) and respects
    // backpressure. Not stream.pipeline: on Node 20 it aborts an AbortController on every
    // completion, and building that DOMException cost ~10% of this proxy's CPU.
    up.body.on('error', () => res.destroy());
    res.on('close', () => up.body.destroy());
    up.body.pipe(res);
  } catch {
    if (!res.headersSent) res.writeHead(502).end();
    else res.destroy();
  }
}

const server = http.createServer((req, res) => void relay(req, res));
server.keepAliveTimeout = 30_000;
server.listen(port, '127.0.0.1', () => {
  console.log(`READY http://127.0.0.1:${server.address().port}`);
});
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => void agent.close().finally(() => process.exit(0)));
});
