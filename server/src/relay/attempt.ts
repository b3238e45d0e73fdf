import type { FastifyReply } from 'fastify';
import { REQUEST_ID_HEADER } from '../platform/http/request-id.js';
import { RelayError } from './errors.js';
import type {
  InboundRequest,
  ProviderAdapter,
  ReportedUsage,
  StreamTranslator,
  UpstreamTarget,
} from './providers/types.js';
import { mapStatus } from './retry-policy.js';
import { ClientStream } from './stream/client-stream.js';
import { SseParser } from './stream/sse-parser.js';
import { readBody, type UpstreamClient } from './upstream-client.js';

/** Per-request state shared by every attempt. */
export interface RequestState {
  requestId: string;
  startedAt: number;
  abort: AbortController;
  clientGone: boolean;
  pingSeconds: number;
}

/** The upstream answered and the client got (some of) it; billing follows. */
export interface Delivered {
  kind: 'delivered';
  usage: ReportedUsage | null;
  produced: () => string;
  /** Milliseconds to the first streamed byte. */
  frt: number | null;
  /** Set when a stream did not end normally. */
  interruption?: 'client_aborted' | 'upstream_broken';
  /** Open stream awaiting its closing frames (sent once usage is known). */
  stream?: { client: ClientStream; translator: StreamTranslator };
}

export type AttemptResult =
  Delivered | { kind: 'failed'; error: RelayError; upstreamStatus: number } | { kind: 'aborted' };

function transportError(err: unknown): RelayError {
  const code = (err as { code?: string }).code ?? '';
  const timeout = code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT';
  // The upstream address stays private: report the failure kind only.
  return new RelayError(
    timeout ? 504 : 502,
    `请求上游地址失败 (${code || 'network error'})`,
    'do_request_failed',
    {
      local: false,
      type: 'upstream_error',
    },
  );
}

/** One call to one channel. Nothing reaches the client unless the upstream answered 200. */
export async function attempt(
  client: UpstreamClient,
  adapter: ProviderAdapter,
  inbound: InboundRequest,
  target: UpstreamTarget,
  state: RequestState,
  reply: FastifyReply,
): Promise<AttemptResult> {
  const request = adapter.buildRequest(inbound, target);
  let res;
  try {
    res = await client.send(request, state.abort.signal, target.channel.setting.proxy);
  } catch (err) {
    if (state.clientGone) return { kind: 'aborted' };
    return { kind: 'failed', error: transportError(err), upstreamStatus: 0 };
  }

  const status = res.statusCode;
  const contentType = String(res.headers['content-type'] ?? '');
  if (status < 200 || status >= 300) {
    let body: Buffer;
    try {
      body = await readBody(res, 1024 * 1024);
    } catch {
      body = Buffer.alloc(0);
    }
    const info = adapter.parseError(status, body);
    const error = new RelayError(
      mapStatus(target.channel.statusCodeMapping, status),
      info.message,
      info.code,
      {
        local: false,
        type: info.type,
        param: info.param,
      },
    );
    return { kind: 'failed', error, upstreamStatus: status };
  }

  if (inbound.stream && contentType.includes('text/event-stream')) {
    return relayStream(res.body, adapter, inbound, target, state, reply);
  }

  let body: Buffer;
  try {
    body = await readBody(res);
  } catch (err) {
    if (state.clientGone) return { kind: 'aborted' };
    return { kind: 'failed', error: transportError(err), upstreamStatus: 0 };
  }
  const parsed = adapter.parseResponse(inbound, body, contentType, target);
  if (parsed.error) {
    const error = new RelayError(
      mapStatus(target.channel.statusCodeMapping, 500),
      parsed.error.message,
      parsed.error.code,
      {
        local: false,
        type: parsed.error.type,
        param: parsed.error.param,
      },
    );
    return { kind: 'failed', error, upstreamStatus: 500 };
  }
  if (state.clientGone) return { kind: 'aborted' };
  await reply
    .code(200)
    .header('content-type', parsed.contentType || 'application/json')
    .send(parsed.body);
  return { kind: 'delivered', usage: parsed.usage, produced: parsed.text, frt: null };
}

async function relayStream(
  body: AsyncIterable<unknown>,
  adapter: ProviderAdapter,
  inbound: InboundRequest,
  target: UpstreamTarget,
  state: RequestState,
  reply: FastifyReply,
): Promise<AttemptResult> {
  reply.hijack();
  const client = new ClientStream(reply.raw, { [REQUEST_ID_HEADER]: state.requestId }, state.pingSeconds);
  client.open();
  const translator = adapter.streamTranslator(inbound, target);
  const parser = new SseParser();
  let frt: number | null = null;
  let interruption: Delivered['interruption'];
  try {
    for await (const chunk of body) {
      frt ??= Math.round(performance.now() - state.startedAt);
      for (const event of parser.push(chunk as Buffer)) await client.write(translator.push(event));
      if (state.clientGone) break;
    }
    for (const event of parser.end()) await client.write(translator.push(event));
  } catch {
    interruption = state.clientGone ? 'client_aborted' : 'upstream_broken';
  }
  if (state.clientGone) interruption = 'client_aborted';
  return {
    kind: 'delivered',
    usage: translator.usage,
    produced: () => translator.producedText(),
    frt,
    interruption,
    stream: { client, translator },
  };
}
