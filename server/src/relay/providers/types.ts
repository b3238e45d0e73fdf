import type { RelayEndpoint } from '@gateway/contract';
import type { Usage } from '../billing/pricing.js';
import type { UpstreamChatFormat } from '../formats/types.js';
import type { RuntimeChannel } from '../routing/runtime-channel.js';
import type { SseEvent } from '../stream/sse-parser.js';

/** The inbound endpoint a request came through (the contract's endpoint names). */
export type RelayMode = RelayEndpoint;

/** The client's request as parsed once; adapters never mutate it. */
export interface InboundRequest {
  mode: RelayMode;
  /** Path as received, e.g. /v1/chat/completions. */
  path: string;
  /** Raw query string without '?'. */
  query: string;
  /** Parsed JSON body, or null for multipart uploads. */
  body: Record<string, unknown> | null;
  /** Raw body bytes (kept for pass-through and multipart). */
  raw: Buffer;
  contentType: string;
  model: string;
  stream: boolean;
  /** Whether the client asked for usage in the stream. */
  clientWantsUsage: boolean;
  /** Set by the hub bridge: the body was converted from another client format. */
  converted?: boolean;
  /**
   * Set by the hub bridge: the OpenAI reasoning effort (`reasoning_effort`, Responses
   * `reasoning.effort`) of a converted request, which Claude and Gemini express as a thinking
   * budget that only their adapters can size (it depends on the claude.* / gemini.* options).
   */
  reasoningEffort?: string;
  /** Protocol headers an upstream of the same family honours (anthropic-version, anthropic-beta). */
  protocolHeaders?: Record<string, string>;
}

export interface UpstreamTarget {
  channel: RuntimeChannel;
  /** Model name after the channel's model_mapping. */
  upstreamModel: string;
  /** Ask the upstream to report usage in the stream. */
  includeUsage: boolean;
  /** Send the client's bytes unchanged (global.pass_through_request_enabled). */
  passThrough: boolean;
  azureApiVersion: string;
  /** The claude.* options, read once per option change. */
  claude?: ClaudeSettings;
  /** The gemini.* options. */
  gemini?: GeminiSettings;
}

export interface GeminiSettings {
  /** gemini.version_settings: API version per model, with a `default` entry. */
  versions: Record<string, string>;
  /** gemini.safety_settings: threshold per harm category, with a `default` entry. */
  safety: Record<string, string>;
  thinkingAdapter: boolean;
  thinkingBudgetShare: number;
}

export interface ClaudeSettings {
  /** claude.model_headers_settings: extra headers per (client) model. */
  modelHeaders: Record<string, Record<string, string | string[]>>;
  /** claude.default_max_tokens: per model, with a `default` entry. */
  defaultMaxTokens: Record<string, number>;
  thinkingAdapter: boolean;
  thinkingBudgetShare: number;
}

export interface UpstreamRequest {
  url: string;
  method: 'POST' | 'GET';
  headers: Record<string, string>;
  body: string | Buffer | undefined;
}

/** Usage an upstream reported; anything missing is counted locally. */
export type ReportedUsage = Partial<Usage> & { totalTokens?: number };

export interface ParsedResponse {
  /** Bytes to send to the client. */
  body: Buffer;
  contentType: string;
  usage: ReportedUsage | null;
  /** Text produced, for local counting when no usage came back (built only when asked). */
  text: () => string;
  /**
   * An error object inside a 200 answer (some providers do this), with the HTTP status it stands
   * for when the provider's code says (a refused key is 401); 500 otherwise.
   */
  error?: UpstreamErrorInfo & { status?: number };
}

export interface UpstreamErrorInfo {
  message: string;
  type: string;
  code: string;
  param: string | null;
}

/** An error event inside an upstream stream, with the HTTP status it stands for. */
export type StreamFailure = UpstreamErrorInfo & { status: number };

/**
 * Turns upstream stream events into client events, watching for usage on the way, and for the
 * commit point: the first event that carries output. Frames before it are held back, so an error
 * before any output is still a failed attempt that another channel may retry.
 */
export interface StreamTranslator {
  /** Client SSE frames for one upstream event (often the same bytes); empty to drop it. */
  push(event: SseEvent): string;
  /** Whether the upstream reported usage. */
  readonly usage: ReportedUsage | null;
  /** Set once an event carried output (text, reasoning, a tool call or a finish reason). */
  readonly started: boolean;
  /**
   * An upstream error event (never forwarded as is). Before `started` it fails the attempt;
   * after it, the pipeline ends the stream with the client format's own error event.
   */
  readonly failure: StreamFailure | null;
  /** Text produced so far (content, reasoning and tool arguments), for local counting. */
  producedText(): string;
  /** Frames to close the stream, given final usage (a usage chunk when the client asked). */
  finish(usage: Usage | null): string;
}

/**
 * Pure translation between one upstream family and the client formats it speaks natively:
 * request out, response, stream and usage in. Other client formats reach it through the hub
 * (`formats/bridge.ts`). Routing, billing and storage never live here.
 */
export interface ProviderAdapter {
  /** The chat-like wire format the upstream speaks; other chat formats are converted to it. */
  chatFormat: UpstreamChatFormat;
  /** Whether the adapter serves this endpoint natively (no conversion). */
  supports(mode: RelayMode): boolean;
  /** Asynchronous where the upstream needs signing or an access token first. */
  buildRequest(inbound: InboundRequest, target: UpstreamTarget): UpstreamRequest | Promise<UpstreamRequest>;
  parseResponse(
    inbound: InboundRequest,
    body: Buffer,
    contentType: string,
    target: UpstreamTarget,
  ): ParsedResponse;
  streamTranslator(inbound: InboundRequest, target: UpstreamTarget): StreamTranslator;
  /** `headers`: the upstream's response headers (AWS names its error type in one). */
  parseError(status: number, body: Buffer, headers?: UpstreamHeaders): UpstreamErrorInfo;
  /**
   * How the upstream frames a stream when it is not Server-Sent Events (AWS's binary event
   * stream): its content type and a decoder of body bytes into events.
   */
  streamFraming?: StreamFraming;
  /**
   * Follow-up exchanges of an asynchronous upstream, after its first 2xx answer (`first`): an
   * image task that must be polled until it finishes, say. Answers the final exchange, whose body
   * `parseResponse` then reads (or whose error status `parseError` does); may throw a
   * `RelayError` (a task that never finished). Requests go through `followUp`, on the same
   * connection pool, proxy and abort signal as the first; translation only, never billing.
   */
  complete?(
    first: Buffer,
    inbound: InboundRequest,
    target: UpstreamTarget,
    followUp: FollowUp,
  ): Promise<CompletedExchange>;
  /**
   * The upstream's own transport when it is not one HTTP request (Xunfei Spark's WebSocket):
   * it sends the built request and answers like an HTTP response, so attempts, retries and
   * billing treat it as any other upstream.
   */
  transport?: UpstreamTransport;
}

/** One whole upstream answer. */
export interface CompletedExchange {
  status: number;
  body: Buffer;
  headers: UpstreamHeaders;
  contentType: string;
}

/** Sends one more request to the upstream; `signal` ends waits between requests too. */
export interface FollowUp {
  send(request: UpstreamRequest): Promise<CompletedExchange>;
  readonly signal: AbortSignal;
}

/** What an upstream answered: a status, headers and the body as it arrives. */
export interface UpstreamExchange {
  statusCode: number;
  headers: UpstreamHeaders;
  body: AsyncIterable<Uint8Array>;
}

export interface TransportOptions {
  /** Aborted when the client goes away or the attempt gives up: the connection must close. */
  signal: AbortSignal;
  connectTimeoutMs: number;
  /** Longest wait for the first answer; 0 for none. */
  responseTimeoutMs: number;
  /** Longest silence once the answer started. */
  idleTimeoutMs: number;
  /** The channel's proxy setting. */
  proxy?: string;
}

export interface UpstreamTransport {
  /**
   * Sends `request` and resolves once the upstream answered (an error status with its body, or a
   * success whose body streams on). Rejects like a failed connection (an error with a `code`).
   */
  exchange(request: UpstreamRequest, options: TransportOptions): Promise<UpstreamExchange>;
}

export type UpstreamHeaders = Record<string, string | string[] | undefined>;

export interface StreamFraming {
  contentType: string;
  /** `inbound`: the request as the upstream's format has it (Spark's chunks name its model). */
  decoder(inbound: InboundRequest): StreamEventDecoder;
}

/** Body bytes in, events out, as `SseParser` does for SSE. */
export interface StreamEventDecoder {
  push(chunk: Buffer | Uint8Array): SseEvent[];
  /** Events left when the upstream closes; throws when the body ended mid-frame. */
  end(): SseEvent[];
}
