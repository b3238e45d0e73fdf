import { Agent, ProxyAgent, request, type Dispatcher } from 'undici';
import type { Config } from '../config.js';
import { channelConnector } from '../platform/http/outbound-guard.js';
import type { UpstreamExchange, UpstreamRequest, UpstreamTransport } from './providers/types.js';

export type UpstreamResponse = Dispatcher.ResponseData;

/**
 * Upstream HTTP with keep-alive connection pools. Timeouts: connecting, waiting for the response
 * headers, and silence between body chunks (the stream idle timeout).
 */
export class UpstreamClient {
  private readonly agent: Agent;
  private readonly proxies = new Map<string, ProxyAgent>();

  constructor(private readonly config: Config['relay']) {
    this.agent = new Agent({
      // Channels may live on loopback or a private network (Ollama, Xinference), never on
      // link-local or metadata addresses: an admin must not aim a key-bearing call at them.
      connect: channelConnector({ timeout: config.connectTimeoutMs }),
      keepAliveTimeout: 30_000,
      keepAliveMaxTimeout: 120_000,
    });
  }

  private dispatcher(proxy: string | undefined): Dispatcher {
    if (!proxy) return this.agent;
    let agent = this.proxies.get(proxy);
    if (!agent) {
      agent = new ProxyAgent({ uri: proxy, connect: { timeout: this.config.connectTimeoutMs } });
      this.proxies.set(proxy, agent);
    }
    return agent;
  }

  /**
   * undici's request() never follows redirects (no redirect interceptor here, and none may be
   * added): a redirect would carry the channel's key to whatever host the upstream names.
   * A 3xx is an upstream failure like any other (server/test/channels-keys.test.ts).
   */
  send(req: UpstreamRequest, signal: AbortSignal, proxy?: string): Promise<UpstreamResponse> {
    return request(req.url, {
      method: req.method,
      headers: req.headers,
      body: req.body,
      signal,
      dispatcher: this.dispatcher(proxy),
      headersTimeout: this.config.responseTimeoutMs || undefined,
      bodyTimeout: this.config.streamIdleTimeoutMs,
    });
  }

  /** One exchange with an upstream: through the adapter's own transport if it has one, else HTTP. */
  exchange(
    req: UpstreamRequest,
    signal: AbortSignal,
    proxy: string | undefined,
    transport: UpstreamTransport | undefined,
  ): Promise<UpstreamExchange> {
    if (!transport) return this.send(req, signal, proxy);
    return transport.exchange(req, {
      signal,
      proxy,
      connectTimeoutMs: this.config.connectTimeoutMs,
      responseTimeoutMs: this.config.responseTimeoutMs,
      idleTimeoutMs: this.config.streamIdleTimeoutMs,
    });
  }

  async close() {
    await Promise.all([this.agent.close(), ...[...this.proxies.values()].map((p) => p.close())]);
  }
}

/** Reads a whole body, refusing absurd sizes. */
export async function readBody(res: UpstreamExchange, limit = 256 * 1024 * 1024): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    size += buf.length;
    if (size > limit) throw new Error(`upstream body larger than ${limit} bytes`);
    parts.push(buf);
  }
  return parts.length === 1 ? parts[0]! : Buffer.concat(parts, size);
}
