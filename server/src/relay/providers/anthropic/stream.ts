import type { Usage } from '../../billing/pricing.js';
import { isOutputEvent } from '../../formats/hub.js';
import { MessagesStreamDecoder } from '../../formats/anthropic-messages/stream-decode.js';
import type { SseEvent } from '../../stream/sse-parser.js';
import type { ReportedUsage, StreamFailure, StreamTranslator } from '../types.js';

/** Events that can carry usage or an error; after the commit point only these are parsed. */
const WATCHED = new Set(['message_start', 'message_delta', 'error']);

/**
 * A Claude stream to an Anthropic client: events pass through as received. Until the first
 * output every event is decoded (to find the commit point, or an error that fails the attempt);
 * afterwards only usage and error events are, and text deltas are kept raw for local counting.
 * Error events are never forwarded: the pipeline answers them in its own words.
 */
export class ClaudeStreamTranslator implements StreamTranslator {
  usage: ReportedUsage | null = null;
  started = false;
  failure: StreamFailure | null = null;
  private readonly decoder = new MessagesStreamDecoder();
  private readonly deltas: string[] = [];

  push(event: SseEvent): string {
    const frame =
      event.event === 'message'
        ? `data: ${event.data}\n\n`
        : `event: ${event.event}\ndata: ${event.data}\n\n`;
    if (event.event === 'content_block_delta' || event.event === 'content_block_start')
      this.deltas.push(event.data);
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
    const decoder = new MessagesStreamDecoder();
    let text = '';
    for (const data of this.deltas) {
      for (const hub of decoder.push({ event: 'message', data })) {
        if (hub.type === 'text' || hub.type === 'thinking') text += hub.text;
        else if (hub.type === 'tool_call_start') text += hub.name;
        else if (hub.type === 'tool_call_arguments') text += hub.fragment;
      }
    }
    return text;
  }

  /** The upstream's own message_stop already closed the stream. */
  finish(_usage: Usage | null): string {
    return '';
  }
}
