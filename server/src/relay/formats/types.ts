import type { Usage } from '../billing/pricing.js';
import type { RelayError } from '../errors.js';
import type { SseEvent } from '../stream/sse-parser.js';
import type { HubRequest, HubResponse, HubStreamEvent } from './hub.js';

export type FormatName = 'openai-chat' | 'anthropic-messages' | 'gemini' | 'openai-responses';

/** Reads one upstream stream in a format and says what happened, in hub events. */
export interface HubStreamDecoder {
  push(event: SseEvent): HubStreamEvent[];
}

/** Writes hub events as a client stream in a format. */
export interface HubStreamEncoder {
  /** Client frames for one event; '' when it produces none (yet). */
  push(event: HubStreamEvent): string;
  /** Frames that close the stream, given the final usage (reported or counted locally). */
  finish(usage: Usage | null): string;
}

/**
 * A chat-like wire format, spoken by clients and by upstreams alike: its request, answer and
 * stream converted to and from the hub, its error shapes, and how its prompts are measured.
 */
export interface WireFormat {
  name: FormatName;
  /** The relay mode (and contract endpoint) of this format's route. */
  mode: 'chat' | 'messages' | 'gemini' | 'responses';
  /** The route path, e.g. /v1/messages (Gemini's: the prefix its model and method follow). */
  path: string;
  requestToHub(body: Record<string, unknown>): HubRequest;
  requestFromHub(hub: HubRequest): Record<string, unknown>;
  responseToHub(json: Record<string, unknown>): HubResponse;
  responseFromHub(hub: HubResponse): Record<string, unknown>;
  streamDecoder(): HubStreamDecoder;
  streamEncoder(options: { model: string; clientWantsUsage: boolean }): HubStreamEncoder;
  /** The body of an error answer. */
  errorBody(err: RelayError, requestId: string): unknown;
  /** An error event that ends a stream already committed to the client. */
  streamErrorFrame(err: RelayError, requestId: string): string;
  /** A cheap, generous prompt estimate for the hold (no tokenizer). */
  estimatePromptTokens(body: Record<string, unknown>): number;
  /** Prompt tokens counted with the tokenizer, when an upstream reports no usage. */
  countPromptTokens(body: Record<string, unknown>, model: string): Promise<number>;
}

/**
 * A chat format only upstreams speak (Baidu ERNIE, Zhipu v3, Tencent Hunyuan): no client sends
 * it, so the hub bridge needs just its request from the hub and its answer and stream to the hub.
 * Every `WireFormat` is one too.
 */
export interface UpstreamChatFormat {
  name: string;
  /** The relay mode the upstream adapter sees for a bridged call. */
  mode: WireFormat['mode'];
  path: string;
  requestFromHub(hub: HubRequest): Record<string, unknown>;
  responseToHub(json: Record<string, unknown>): HubResponse;
  streamDecoder(): HubStreamDecoder;
}
