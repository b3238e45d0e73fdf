/**
 * The hub: one internal shape for a chat-like request, its answer and its stream. Every client
 * format converts to and from it, so N client formats and M upstream families need N + M
 * converters, never N × M. It keeps what the formats share; a field only one format has is
 * either mapped to its nearest equivalent or dropped on purpose where the converter says so.
 */

export interface HubImage {
  /** A data: URL or an http(s) URL. */
  url: string;
}

export type HubPart =
  | { type: 'text'; text: string }
  | { type: 'image'; image: HubImage }
  /** Reasoning the model produced; `signature` is Anthropic's proof that the text is unmodified. */
  | { type: 'thinking'; text: string; signature?: string }
  /** `arguments` is the JSON text of the call's arguments. */
  | { type: 'tool_call'; id: string; name: string; arguments: string }
  | { type: 'tool_result'; callId: string; content: string; isError?: boolean };

export interface HubMessage {
  role: 'user' | 'assistant';
  parts: HubPart[];
}

export interface HubTool {
  name: string;
  description?: string;
  /** JSON Schema of the arguments. */
  parameters: Record<string, unknown>;
}

export type HubToolChoice =
  { type: 'auto' } | { type: 'none' } | { type: 'required' } | { type: 'tool'; name: string };

export interface HubRequest {
  model: string;
  /** System instructions, in order (OpenAI system/developer messages, Anthropic `system`). */
  system: string[];
  messages: HubMessage[];
  tools: HubTool[];
  toolChoice?: HubToolChoice;
  /** 0 when the client named no limit. */
  maxTokens: number;
  temperature?: number;
  topP?: number;
  stop: string[];
  stream: boolean;
  /** End-user id (OpenAI `user`, Anthropic `metadata.user_id`). */
  user?: string;
  /** Extended thinking asked for, with its token budget. */
  thinkingBudget?: number;
  /** Structured output asked for (OpenAI `response_format`, Responses `text.format`). */
  responseFormat?: HubResponseFormat;
  /** OpenAI reasoning effort (`reasoning_effort`, Responses `reasoning.effort`). */
  reasoningEffort?: string;
}

export type HubResponseFormat =
  | { type: 'json_object' }
  | {
      type: 'json_schema';
      name: string;
      schema: Record<string, unknown>;
      strict?: boolean;
      description?: string;
    };

/** Why the model stopped, in hub terms. */
export type HubFinish = 'stop' | 'length' | 'tool_calls' | 'content_filter';

/** Token counts in hub terms: prompt includes cache reads and writes (as billing counts them). */
export interface HubUsage {
  promptTokens: number;
  completionTokens: number;
  cachedTokens: number;
  cacheCreationTokens: number;
}

export interface HubResponse {
  id: string;
  model: string;
  parts: HubPart[];
  finish: HubFinish;
  usage: HubUsage | null;
}

/**
 * One step of a streamed answer. `start` always comes first; `usage` may come several times
 * (later values replace earlier ones field by field); `error` is an upstream error event.
 */
export type HubStreamEvent =
  | { type: 'start'; id: string; model: string }
  | { type: 'text'; text: string }
  | { type: 'thinking'; text: string }
  | { type: 'tool_call_start'; index: number; id: string; name: string }
  | { type: 'tool_call_arguments'; index: number; fragment: string }
  | { type: 'finish'; reason: HubFinish }
  | { type: 'usage'; usage: Partial<HubUsage> }
  | { type: 'error'; message: string; errorType: string; status: number };

/** Whether an event carries model output: the point where a stream is committed to the client. */
export function isOutputEvent(event: HubStreamEvent): boolean {
  switch (event.type) {
    case 'text':
    case 'thinking':
      return event.text.length > 0;
    case 'tool_call_start':
    case 'tool_call_arguments':
    case 'finish':
      return true;
    default:
      return false;
  }
}

/** Text the answer produced (for local counting when an upstream reports no usage). */
export function hubPartsText(parts: readonly HubPart[]): string {
  let text = '';
  for (const part of parts) {
    if (part.type === 'text' || part.type === 'thinking') text += part.text;
    else if (part.type === 'tool_call') text += part.name + part.arguments;
  }
  return text;
}
