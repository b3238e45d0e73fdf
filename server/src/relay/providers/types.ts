import type { Usage } from '../billing/pricing.js';
import type { RuntimeChannel } from '../routing/runtime-channel.js';
import type { SseEvent } from '../stream/sse-parser.js';

/** The inbound endpoint a request came through. */
export type RelayMode =
  | 'chat'
  | 'completions'
  | 'embeddings'
  | 'images'
  | 'speech'
  | 'transcription'
  | 'translation'
  | 'moderations'
  | 'rerank';

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
  /** An error object inside a 200 answer (some providers do this). */
  error?: UpstreamErrorInfo;
}

export interface UpstreamErrorInfo {
  message: string;
  type: string;
  code: string;
  param: string | null;
}

/** Turns upstream stream events into client events, watching for usage on the way. */
export interface StreamTranslator {
  /** Client SSE frames for one upstream event (often the same bytes); empty to drop it. */
  push(event: SseEvent): string;
  /** Whether the upstream reported usage. */
  readonly usage: ReportedUsage | null;
  /** Text produced so far (content, reasoning and tool arguments), for local counting. */
  producedText(): string;
  /** Frames to close the stream, given final usage (a usage chunk when the client asked). */
  finish(usage: Usage | null): string;
}

/**
 * Pure translation between the inbound (OpenAI) format and one upstream family: request out,
 * response, stream and usage in. Routing, billing and storage never live here.
 */
export interface ProviderAdapter {
  supports(mode: RelayMode): boolean;
  buildRequest(inbound: InboundRequest, target: UpstreamTarget): UpstreamRequest;
  parseResponse(
    inbound: InboundRequest,
    body: Buffer,
    contentType: string,
    target: UpstreamTarget,
  ): ParsedResponse;
  streamTranslator(inbound: InboundRequest, target: UpstreamTarget): StreamTranslator;
  parseError(status: number, body: Buffer): UpstreamErrorInfo;
}
