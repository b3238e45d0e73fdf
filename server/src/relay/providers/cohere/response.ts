import type { HubFinish, HubResponse, HubStreamEvent, HubUsage } from '../../formats/hub.js';
import { chatAnswer } from '../chat-via-hub.js';
import { parseJsonResponse } from '../openai/response.js';
import type { InboundRequest, ParsedResponse } from '../types.js';
import { hubToolCall, type CohereToolCall } from './tools.js';

interface CohereMeta {
  billed_units?: { input_tokens?: number; output_tokens?: number };
  tokens?: { input_tokens?: number; output_tokens?: number };
}

/** A finished (or streamed-to-the-end) Cohere v1 chat answer. */
interface CohereAnswer {
  response_id?: string;
  generation_id?: string;
  text?: string;
  finish_reason?: string;
  tool_calls?: CohereToolCall[];
  meta?: CohereMeta;
}

const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.max(0, Math.trunc(v)) : 0);

/**
 * Usage from `meta`: the billed units are what Cohere charges for (`tokens` also counts the
 * prompt template Cohere adds), so they win; `tokens` only stands in when nothing was billed.
 */
export function cohereUsage(meta: CohereMeta | undefined): HubUsage | null {
  const units = meta?.billed_units ?? {};
  let prompt = count(units.input_tokens);
  let completion = count(units.output_tokens);
  if (prompt === 0 && completion === 0) {
    prompt = count(meta?.tokens?.input_tokens);
    completion = count(meta?.tokens?.output_tokens);
  }
  if (prompt === 0 && completion === 0) return null;
  return { promptTokens: prompt, completionTokens: completion, cachedTokens: 0, cacheCreationTokens: 0 };
}

/** Cohere's finish reasons in hub terms; ERROR is not a finish but a failure (null). */
export function cohereFinish(reason: string | undefined): HubFinish | null {
  switch (reason) {
    case 'ERROR':
      return null;
    case 'MAX_TOKENS':
    case 'ERROR_LIMIT':
      return 'length';
    case 'ERROR_TOXIC':
      return 'content_filter';
    default:
      return 'stop';
  }
}

export function cohereAnswerToHub(json: CohereAnswer): HubResponse {
  const calls = Array.isArray(json.tool_calls) ? json.tool_calls.map(hubToolCall) : [];
  return {
    id: json.response_id ?? json.generation_id ?? '',
    model: '',
    parts: [...(json.text ? [{ type: 'text' as const, text: json.text }] : []), ...calls],
    finish: calls.length > 0 ? 'tool_calls' : (cohereFinish(json.finish_reason) ?? 'stop'),
    usage: cohereUsage(json.meta),
  };
}

/**
 * One event of Cohere's newline-delimited chat stream in hub terms: stream-start opens it,
 * text-generation carries text, tool-calls-generation the complete tool calls, stream-end the
 * finish reason and the final answer's usage. Search, citation and partial tool-call chunks are
 * not relayed. `toolCalls` counts the calls so far (their index, and the finish reason).
 */
export function cohereStreamEventToHub(event: Record<string, unknown>, toolCalls = 0): HubStreamEvent[] {
  switch (event.event_type) {
    case 'stream-start':
      return [{ type: 'start', id: String(event.generation_id ?? ''), model: '' }];
    case 'text-generation':
      return typeof event.text === 'string' && event.text ? [{ type: 'text', text: event.text }] : [];
    case 'tool-calls-generation': {
      const calls = Array.isArray(event.tool_calls) ? (event.tool_calls as CohereToolCall[]) : [];
      return calls.flatMap((call, i) => {
        const part = hubToolCall(call);
        const index = toolCalls + i;
        return [
          { type: 'tool_call_start' as const, index, id: part.id, name: part.name },
          { type: 'tool_call_arguments' as const, index, fragment: part.arguments },
        ];
      });
    }
    case 'stream-end': {
      const reason = typeof event.finish_reason === 'string' ? event.finish_reason : undefined;
      const finish = cohereFinish(reason);
      if (!finish) {
        return [
          {
            type: 'error',
            message: 'Cohere ended the stream with an error',
            errorType: 'ERROR',
            status: 500,
          },
        ];
      }
      const usage = cohereUsage((event.response as CohereAnswer | undefined)?.meta);
      const end: HubStreamEvent[] = [{ type: 'finish', reason: toolCalls > 0 ? 'tool_calls' : finish }];
      return usage ? [...end, { type: 'usage', usage }] : end;
    }
    default:
      // A line without an event type is an error object ({"message": …}).
      if (event.event_type === undefined && typeof event.message === 'string') {
        return [{ type: 'error', message: event.message, errorType: 'upstream_error', status: 500 }];
      }
      return [];
  }
}

const NOT_JSON = {
  message: 'the upstream answer is not valid JSON',
  type: 'upstream_error',
  code: 'bad_response_body',
  param: null,
};

/**
 * Chat answers become OpenAI chat completions; rerank answers are already in the shape our
 * /v1/rerank clients read (Cohere's, which Jina copied) and pass through, billed as every rerank
 * is: reported usage, else Cohere's search units.
 */
export function parseCohereAnswer(
  inbound: InboundRequest,
  body: Buffer,
  contentType: string,
): ParsedResponse {
  if (inbound.mode === 'rerank') return parseJsonResponse(inbound, body, contentType);
  let json: CohereAnswer;
  try {
    json = JSON.parse(body.toString('utf8')) as CohereAnswer;
  } catch {
    return { body, contentType, usage: null, text: () => '', error: NOT_JSON };
  }
  if (json.finish_reason === 'ERROR') {
    return {
      body,
      contentType,
      usage: null,
      text: () => '',
      error: {
        message: 'Cohere failed to generate an answer',
        type: 'upstream_error',
        code: 'ERROR',
        param: null,
      },
    };
  }
  return chatAnswer(cohereAnswerToHub(json), inbound);
}
