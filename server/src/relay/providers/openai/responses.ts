import type { Usage } from '../../billing/pricing.js';
import { hubPartsText, isOutputEvent } from '../../formats/hub.js';
import { responseToHub } from '../../formats/openai-responses/response.js';
import { ResponsesStreamDecoder } from '../../formats/openai-responses/stream-decode.js';
import { responsesUsageToHub } from '../../formats/openai-responses/usage.js';
import type { SseEvent } from '../../stream/sse-parser.js';
import type { ParsedResponse, ReportedUsage, StreamFailure, StreamTranslator } from '../types.js';

/** Events that can carry usage or an error; after the commit point only these are parsed. */
const WATCHED = new Set(['response.completed', 'response.incomplete', 'response.failed', 'error']);
/** Events whose deltas are output, kept raw for local counting. */
const PRODUCING = new Set([
  'response.output_text.delta',
  'response.refusal.delta',
  'response.reasoning_summary_text.delta',
  'response.reasoning_text.delta',
  'response.output_item.added',
  'response.function_call_arguments.delta',
]);

/**
 * A Responses stream from OpenAI to a Responses client: events pass through as received. Until
 * the first output every event is decoded (to find the commit point, or an `error` /
 * `response.failed` event that fails the attempt); afterwards only the final and error events
 * are. Error events are never forwarded: the pipeline answers them in its own words.
 */
export class ResponsesPassThroughTranslator implements StreamTranslator {
  usage: ReportedUsage | null = null;
  started = false;
  failure: StreamFailure | null = null;
  private readonly decoder = new ResponsesStreamDecoder();
  private readonly deltas: SseEvent[] = [];

  push(event: SseEvent): string {
    const frame =
      event.event === 'message'
        ? `data: ${event.data}\n\n`
        : `event: ${event.event}\ndata: ${event.data}\n\n`;
    if (PRODUCING.has(event.event)) this.deltas.push(event);
    if (this.started && !WATCHED.has(event.event)) return frame;
    for (const hub of this.decoder.push(event)) {
      if (hub.type === 'usage') this.usage = hub.usage;
      else if (hub.type === 'error') {
        this.failure = {
          message: hub.message,
          type: hub.errorType,
          code: hub.errorType,
          param: null,
          status: hub.status,
        };
        return '';
      } else if (isOutputEvent(hub)) this.started = true;
    }
    return frame;
  }

  producedText(): string {
    const decoder = new ResponsesStreamDecoder();
    let text = '';
    for (const event of this.deltas) {
      for (const hub of decoder.push(event)) {
        if (hub.type === 'text' || hub.type === 'thinking') text += hub.text;
        else if (hub.type === 'tool_call_start') text += hub.name;
        else if (hub.type === 'tool_call_arguments') text += hub.fragment;
      }
    }
    return text;
  }

  /** The upstream's own response.completed already closed the stream. */
  finish(_usage: Usage | null): string {
    return '';
  }
}

/** A `response` object passed through: usage read, an error object or failed status noticed. */
export function parseResponsesAnswer(body: Buffer, contentType: string): ParsedResponse {
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
  } catch {
    return { body, contentType, usage: null, text: () => '' };
  }
  const error = json.error as { code?: unknown; message?: unknown; type?: unknown } | null | undefined;
  if (error && typeof error === 'object' && (json.status === 'failed' || json.object !== 'response')) {
    const code = typeof error.code === 'string' ? error.code : '';
    return {
      body,
      contentType,
      usage: null,
      text: () => '',
      error: {
        message: typeof error.message === 'string' ? error.message : 'upstream error',
        type: typeof error.type === 'string' ? error.type : code || 'upstream_error',
        code,
        param: null,
      },
    };
  }
  return {
    body,
    contentType: contentType || 'application/json',
    usage: responsesUsageToHub(json.usage),
    text: () => hubPartsText(responseToHub(json).parts),
  };
}
