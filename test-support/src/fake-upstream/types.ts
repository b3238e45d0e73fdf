/**
 * Public types of the fake upstream. A *scenario* is what one upstream API key (one channel key
 * in the gateway) does; tests register scenarios and then assert on what the gateway sent.
 */
import type { IncomingHttpHeaders } from 'node:http';

/** Exact usage numbers to report. Unset fields are computed from the request and the reply. */
export interface UsageSpec {
  prompt?: number;
  completion?: number;
  /**
   * Sent as `prompt_tokens_details.cached_tokens` (OpenAI), `cache_read_input_tokens`
   * (Anthropic) or `cachedContentTokenCount` (Gemini). For Anthropic, `prompt` is `input_tokens`,
   * which excludes cache reads and writes.
   */
  cached?: number;
  /** Anthropic's `cache_creation_input_tokens` (tokens written to the prompt cache). */
  cacheCreation?: number;
  /**
   * Sent as `completion_tokens_details.reasoning_tokens` (already part of `completion`); for
   * Gemini as `thoughtsTokenCount`, which is not part of `completion` (candidatesTokenCount).
   */
  reasoning?: number;
  /** OpenAI's audio parts (`prompt_tokens_details.audio_tokens`, realtime `input_token_details`). */
  audioPrompt?: number;
  /** Part of `completion` that is audio (`completion_tokens_details.audio_tokens`). */
  audioCompletion?: number;
  /** Defaults to prompt + completion; set it to test a gateway that trusts `total_tokens`. */
  total?: number;
  /** Merged into the usage object as is, e.g. DeepSeek's `{ prompt_cache_hit_tokens: 12 }`. */
  extra?: Record<string, unknown>;
}

/** An HTTP error reply. Without `body` it is rendered in the protocol family's error shape. */
export interface ErrorSpec {
  status: number;
  message?: string;
  /** OpenAI `error.type`, e.g. `invalid_request_error`, `insufficient_quota`, `server_error`. */
  type?: string;
  code?: string | number | null;
  param?: string | null;
  /**
   * Replaces the whole body: a string is sent verbatim (text/plain unless `contentType`), an
   * object is sent as JSON. Use it for non-JSON errors or shapes like `{"message":"..."}`.
   */
  body?: string | Record<string, unknown>;
  contentType?: string;
  /** Extra headers of this error reply (AWS names the error in `x-amzn-errortype`). */
  headers?: Record<string, string>;
}

export interface ToolCallSpec {
  name: string;
  /** The JSON arguments string, streamed in a few fragments. */
  arguments: string;
  id?: string;
}

/**
 * When a streamed chat/completion reports usage:
 * - `requested` (default, OpenAI): a separate `choices: []` chunk, only if `stream_options.include_usage`.
 * - `never`: the stream ignores `include_usage` (providers that do not honour it).
 * - `always`: the separate usage chunk even when nobody asked for it.
 * - `with-finish-chunk`: usage rides on the chunk carrying `finish_reason` (Zhipu, MiniMax, many proxies).
 */
export type StreamUsageMode = 'requested' | 'never' | 'always' | 'with-finish-chunk';

export interface ScenarioSpec {
  /** Label copied onto recorded requests, handy in failure messages. */
  name?: string;

  // ---- reply content -------------------------------------------------------------------------
  /** Assistant text (chat), completion text, transcription text. */
  content?: string;
  /** DeepSeek-style `reasoning_content`, sent before the content. */
  reasoningContent?: string;
  /** Makes the assistant call tools; finish_reason becomes `tool_calls`. */
  toolCalls?: ToolCallSpec[];
  /** Overrides the finish reason, e.g. `length` (OpenAI) or `max_tokens` (Anthropic `stop_reason`). */
  finishReason?: string;
  /** Exact usage, or `'none'` to omit usage everywhere (JSON and streams). */
  usage?: UsageSpec | 'none';
  streamUsage?: StreamUsageMode;

  // ---- stream shape --------------------------------------------------------------------------
  /** Split the content into this many content deltas (default: one per word). */
  chunkCount?: number;
  /** Exact content deltas; overrides `content` and `chunkCount`. */
  chunks?: string[];
  /** Send this text as the whole SSE body instead of a generated stream (full control of framing). */
  rawStream?: string;
  /**
   * End the stream with the provider's in-stream error after `afterEvents` events (role chunk or
   * message_start included): OpenAI's `data: {"error":…}`, Anthropic's `event: error`.
   */
  streamError?: { afterEvents: number; message?: string; type?: string };

  // ---- failures and timing -------------------------------------------------------------------
  /** Reply with this error (every time, or only the first `failTimes` requests). */
  error?: ErrorSpec;
  /** Fail the first n requests with `error` (default: a 500 server_error), then succeed. */
  failTimes?: number;
  /** Destroy the socket (after `delayMs`) without sending any response: a transport error. */
  dropConnection?: boolean;
  /** Wait this long before sending the response headers. */
  delayMs?: number;
  /** Wait this long before each streamed event. */
  chunkDelayMs?: number;
  /**
   * Destroy the socket after n streamed events (role chunk included, so 0 = right after the
   * headers). For a non-streamed reply: the headers and half the body are sent, then the socket dies.
   */
  breakAfterChunks?: number;
  /**
   * Stop sending after n streamed events but keep the connection open (idle-timeout tests). For a
   * non-streamed reply only the headers are sent.
   */
  hangAfterChunks?: number;
  /** Extra response headers (success and error replies). */
  headers?: Record<string, string>;

  // ---- other endpoints -----------------------------------------------------------------------
  /** Embedding length when the request has no `dimensions` (default 1536). */
  embeddingDimensions?: number;
  /** Moderation verdict (default false). */
  flagged?: boolean;
  /** Bytes returned by /audio/speech (default: silent MP3 frames sized by the input). */
  speechAudio?: Buffer;
  /** Reported transcription duration for duration-billed models (default 1). */
  audioSeconds?: number;
  /** Ids served by the model lists. */
  models?: string[];
  /** Remaining balance reported by the balance endpoints (USD, or CNY for DeepSeek/SiliconFlow). */
  balance?: number;
  /** Amount already used, reported by /v1/dashboard/billing/usage (default 0). */
  balanceUsed?: number;
  /** Skip the provider's request validation (missing model, stream_options without stream...). */
  skipValidation?: boolean;

  // ---- asynchronous tasks (DashScope text2image) -----------------------------------------------
  /** Looks at a task before it is final (default 2: PENDING, RUNNING, then the outcome). */
  taskPolls?: number;
  /** The task ends FAILED with this code and message instead of SUCCEEDED. */
  taskError?: { code: string; message: string };
  /** How a finished image task hands out its images (default `url`). */
  imageResult?: 'url' | 'b64';
  /** How many of the requested images a finished task made (default all; fewer: partly failed). */
  imagesMade?: number;
}

/** One uploaded file of a multipart request. */
export interface UploadedFile {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

export interface RecordedRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** The API key found in Authorization, api-key, x-api-key, x-goog-api-key or ?key=; '' when none. */
  key: string;
  /** Parsed JSON, or the multipart text fields; undefined for other bodies. */
  body: unknown;
  rawBody: Buffer;
  /** Files of a multipart/form-data request. */
  files: UploadedFile[];
  /** Matched route, e.g. `openai.chat`, `azure.chat`, `zhipu.chat`; undefined when nothing matched. */
  route?: string;
  /** Path parameters, e.g. `{ deployment: 'gpt-4o' }` for Azure. */
  params: Record<string, string>;
  scenario?: string;
  /** Epoch milliseconds when the request body had been read. */
  time: number;
  /** Set when the client went away before the reply was complete. */
  clientAborted: boolean;
  /**
   * What was answered, as written to the socket (a test can read the usage it reported and the
   * text it produced): status, the body bytes handed to the socket so far, and whether the reply
   * was ended properly. Absent until the reply starts (a dropped connection never gets one).
   */
  reply?: RecordedReply;
}

export interface RecordedReply {
  status: number;
  body: string;
  /** The whole reply was sent and ended (false: cut, hanging, or the client left first). */
  complete: boolean;
}

export interface FakeUpstreamOptions {
  /** Behaviour for keys without a registered scenario. */
  defaultScenario?: ScenarioSpec;
  /** Reject requests that carry no API key at all with a 401 (default false: they get the default). */
  requireKey?: boolean;
}
