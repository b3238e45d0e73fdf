import type { SseEvent } from '../../stream/sse-parser.js';
import type { HubStreamEvent } from '../hub.js';
import type { HubStreamDecoder } from '../types.js';
import { statusToFinish } from './response.js';
import { responsesUsageToHub } from './usage.js';

interface ResponsesEvent {
  type?: string;
  output_index?: number;
  delta?: string;
  code?: unknown;
  message?: unknown;
  item?: { type?: string; call_id?: string; id?: string; name?: string; arguments?: string };
  response?: {
    id?: string;
    model?: string;
    status?: string;
    incomplete_details?: unknown;
    usage?: unknown;
    error?: { code?: unknown; message?: unknown } | null;
  };
}

/** Error codes whose HTTP status is not a 500 (the stream carries only the code). */
const CODE_STATUS: Record<string, number> = {
  rate_limit_exceeded: 429,
  insufficient_quota: 429,
  invalid_prompt: 400,
  context_length_exceeded: 400,
};

const errorEvent = (code: unknown, message: unknown): HubStreamEvent => {
  const errorType = typeof code === 'string' && code ? code : 'server_error';
  return {
    type: 'error',
    message: typeof message === 'string' && message ? message : 'upstream error',
    errorType,
    status: CODE_STATUS[errorType] ?? 500,
  };
};

/**
 * A Responses event stream read as hub events: text and reasoning-summary deltas, function calls
 * (by output index), the final status and usage from response.completed / response.incomplete,
 * and `error` / `response.failed` as errors.
 */
export class ResponsesStreamDecoder implements HubStreamDecoder {
  private toolCalls = 0;

  push(event: SseEvent): HubStreamEvent[] {
    let data: ResponsesEvent;
    try {
      data = JSON.parse(event.data) as ResponsesEvent;
    } catch {
      return [];
    }
    const type = data.type ?? event.event;
    switch (type) {
      case 'response.created':
        return [{ type: 'start', id: data.response?.id ?? '', model: data.response?.model ?? '' }];
      case 'response.output_text.delta':
      case 'response.refusal.delta':
        return data.delta ? [{ type: 'text', text: data.delta }] : [];
      case 'response.reasoning_summary_text.delta':
      case 'response.reasoning_text.delta':
        return data.delta ? [{ type: 'thinking', text: data.delta }] : [];
      case 'response.output_item.added': {
        const item = data.item;
        if (item?.type !== 'function_call') return [];
        this.toolCalls += 1;
        const index = data.output_index ?? 0;
        const out: HubStreamEvent[] = [
          { type: 'tool_call_start', index, id: item.call_id ?? item.id ?? '', name: item.name ?? '' },
        ];
        if (item.arguments) out.push({ type: 'tool_call_arguments', index, fragment: item.arguments });
        return out;
      }
      case 'response.function_call_arguments.delta':
        return data.delta
          ? [{ type: 'tool_call_arguments', index: data.output_index ?? 0, fragment: data.delta }]
          : [];
      case 'response.completed':
      case 'response.incomplete': {
        const r = data.response ?? {};
        const out: HubStreamEvent[] = [
          { type: 'finish', reason: statusToFinish(r.status, r.incomplete_details, this.toolCalls > 0) },
        ];
        const usage = responsesUsageToHub(r.usage);
        if (usage) out.push({ type: 'usage', usage });
        return out;
      }
      case 'response.failed':
        return [errorEvent(data.response?.error?.code, data.response?.error?.message)];
      case 'error':
        return [errorEvent(data.code, data.message)];
      default:
        return [];
    }
  }
}
