import type { FastifyReply } from 'fastify';
import { REQUEST_ID_HEADER } from '../platform/http/request-id.js';
import { ChannelCredentialError, RelayError } from './errors.js';
import type {
  FollowUp,
  InboundRequest,
  ProviderAdapter,
  ReportedUsage,
  StreamEventDecoder,
  StreamTranslator,
  CompletedExchange,
  UpstreamTarget,
} from './providers/types.js';
import { mapStatus } from './retry-policy.js';
import { ClientStream } from './stream/client-stream.js';
import { SseParser, type SseEvent } from './stream/sse-parser.js';
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
  /** A whole (non-streamed) answer, sent once the charge is settled. */
  answer?: { body: Buffer; contentType: string };
}

export type AttemptResult =
  Delivered | { kind: 'failed'; error: RelayError; upstreamStatus: number } | { kind: 'aborted' };

/**
 * An attempt that threw: an adapter's own step may fail with its error (a channel key that does
 * not parse, a token endpoint down, a task that never finished); anything else is the transport.
 */
function failedBy(err: unknown): AttemptResult {
  if (err instanceof RelayError) {
    const upstreamStatus = err instanceof ChannelCredentialError ? err.upstreamStatus : 0;
    return { kind: 'failed', error: err, upstreamStatus };
  }
  return { kind: 'failed', error: transportError(err), upstreamStatus: 0 };
}

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

/**
 * Upstream error messages sometimes echo the key or the address they were called with; neither
 * may reach clients, logs or the console.
 */
export function scrubUpstreamMessage(message: string, target: UpstreamTarget): string {
  let out = message;
  const { key, baseUrl } = target.channel;
  if (key.length >= 8) out = out.replaceAll(key, `${key.slice(0, 3)}***`);
  if (baseUrl) out = out.replaceAll(baseUrl, '[upstream]');
  return out;
}

/**
 * The status a client sees for an upstream's error status. An upstream 401/403 is about the
 * channel's key, not the caller's: passed on, SDKs would tell the user that *their* key is wrong,
 * so it becomes a gateway error (502). The channel's status_code_mapping still decides first.
 */
function clientStatus(target: UpstreamTarget, status: number): number {
  const mapped = mapStatus(target.channel.statusCodeMapping, status);
  if (mapped !== status) return mapped;
  return status === 401 || status === 403 ? 502 : status;
}

/** Retry-After in seconds (it may also be an HTTP date); undefined when absent or unreadable. */
export function retryAfterSeconds(value: string | string[] | undefined): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  if (/^\d+$/.test(text.trim())) return Number(text.trim());
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** The headers set on a reply so far, as a plain record (for a hijacked stream). */
function headersOf(reply: FastifyReply): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}

/**
 * One call to one channel. Nothing reaches the client unless the upstream answered 200 and, for
 * a stream, produced its first output (the commit point).
 */
export async function attempt(
  client: UpstreamClient,
  adapter: ProviderAdapter,
  inbound: InboundRequest,
  target: UpstreamTarget,
  state: RequestState,
  reply: FastifyReply,
): Promise<AttemptResult> {
  let res;
  try {
    const request = await adapter.buildRequest(inbound, target);
    res = await client.exchange(request, state.abort.signal, target.channel.setting.proxy, adapter.transport);
  } catch (err) {
    if (state.clientGone) return { kind: 'aborted' };
    return failedBy(err);
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
    return upstreamFailure(adapter, target, { status, body, headers: res.headers, contentType });
  }

  const framing = adapter.streamFraming;
  if (inbound.stream && contentType.includes(framing?.contentType ?? 'text/event-stream')) {
    const parser = framing ? framing.decoder(inbound) : new SseParser();
    return relayStream(res.body, parser, adapter, inbound, target, state, reply);
  }

  let body: Buffer;
  let finalType = contentType;
  try {
    body = await readBody(res);
    if (adapter.complete) {
      const done = await adapter.complete(body, inbound, target, followUp(client, state, target));
      if (done.status < 200 || done.status >= 300) return upstreamFailure(adapter, target, done);
      ({ body, contentType: finalType } = done);
    }
  } catch (err) {
    if (state.clientGone) return { kind: 'aborted' };
    return failedBy(err);
  }
  const parsed = adapter.parseResponse(inbound, body, finalType, target);
  if (parsed.error) {
    const upstreamStatus = parsed.error.status ?? 500;
    const error = new RelayError(
      clientStatus(target, upstreamStatus),
      scrubUpstreamMessage(parsed.error.message, target),
      parsed.error.code,
      {
        local: false,
        type: parsed.error.type,
        param: parsed.error.param,
      },
    );
    return { kind: 'failed', error, upstreamStatus };
  }
  if (state.clientGone) return { kind: 'aborted' };
  const answer = { body: parsed.body, contentType: parsed.contentType || 'application/json' };
  return { kind: 'delivered', usage: parsed.usage, produced: parsed.text, frt: null, answer };
}

/** An upstream's error answer as the client's failed attempt (free, maybe retried elsewhere). */
function upstreamFailure(
  adapter: ProviderAdapter,
  target: UpstreamTarget,
  answer: CompletedExchange,
): AttemptResult {
  const { status, body, headers } = answer;
  const info = adapter.parseError(status, body, headers);
  const error = new RelayError(
    clientStatus(target, status),
    scrubUpstreamMessage(info.message, target),
    info.code,
    {
      local: false,
      type: info.type,
      param: info.param,
      retryAfter: status === 429 ? retryAfterSeconds(headers['retry-after']) : undefined,
    },
  );
  return { kind: 'failed', error, upstreamStatus: status };
}

/** Follow-up requests of an asynchronous upstream: same pool, proxy and abort signal. */
function followUp(client: UpstreamClient, state: RequestState, target: UpstreamTarget): FollowUp {
  const signal = state.abort.signal;
  return {
    signal,
    async send(request) {
      const res = await client.send(request, signal, target.channel.setting.proxy);
      const ok = res.statusCode >= 200 && res.statusCode < 300;
      const body = await readBody(res, ok ? undefined : 1024 * 1024);
      const contentType = String(res.headers['content-type'] ?? '');
      return { status: res.statusCode, body, headers: res.headers, contentType };
    },
  };
}

async function relayStream(
  body: AsyncIterable<unknown>,
  parser: StreamEventDecoder,
  adapter: ProviderAdapter,
  inbound: InboundRequest,
  target: UpstreamTarget,
  state: RequestState,
  reply: FastifyReply,
): Promise<AttemptResult> {
  const translator = adapter.streamTranslator(inbound, target);
  // The client stream opens at the first output; until then frames are held back, so the attempt
  // can still fail and be retried elsewhere. (An object: closures below assign its fields.)
  const sink: { client: ClientStream | null; pending: string } = { client: null, pending: '' };
  let frt: number | null = null;
  let interruption: Delivered['interruption'];

  const commit = async () => {
    reply.hijack();
    // A hijacked reply sends none of the headers set so far (request ids, CORS): the stream does.
    const client = new ClientStream(
      reply.raw,
      { ...headersOf(reply), [REQUEST_ID_HEADER]: state.requestId },
      state.pingSeconds,
    );
    client.open();
    sink.client = client;
    const held = sink.pending;
    sink.pending = '';
    await client.write(held);
    return client;
  };
  /** false once the stream must stop: an upstream error event, before or after the commit. */
  const forward = async (event: SseEvent): Promise<boolean> => {
    const frames = translator.push(event);
    if (translator.failure) return false;
    if (sink.client) {
      await sink.client.write(frames);
      return true;
    }
    sink.pending += frames;
    if (translator.started) await commit();
    return true;
  };

  try {
    read: for await (const chunk of body) {
      frt ??= Math.round(performance.now() - state.startedAt);
      for (const event of parser.push(chunk as Buffer)) if (!(await forward(event))) break read;
      if (state.clientGone) break;
    }
    if (!translator.failure && !state.clientGone) for (const event of parser.end()) await forward(event);
  } catch (err) {
    if (!sink.client) {
      if (state.clientGone) return { kind: 'aborted' };
      return { kind: 'failed', error: transportError(err), upstreamStatus: 0 };
    }
    interruption = state.clientGone ? 'client_aborted' : 'upstream_broken';
  }
  if (state.clientGone) {
    if (!sink.client) return { kind: 'aborted' };
    interruption = 'client_aborted';
  }
  const failure = translator.failure;
  if (failure && !sink.client) {
    // An error event before any output: a failed attempt like an HTTP error, free and retryable.
    const status = mapStatus(target.channel.statusCodeMapping, failure.status);
    const error = new RelayError(
      status,
      scrubUpstreamMessage(failure.message, target),
      failure.code || failure.type,
      {
        local: false,
        type: failure.type,
      },
    );
    return { kind: 'failed', error, upstreamStatus: failure.status };
  }
  if (failure) interruption = 'upstream_broken';
  // A stream that ended without any output (an empty answer) is complete: send what was held.
  const client = sink.client ?? (await commit());
  return {
    kind: 'delivered',
    usage: translator.usage,
    produced: () => translator.producedText(),
    frt,
    interruption,
    stream: { client, translator },
  };
}
