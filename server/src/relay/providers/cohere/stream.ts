import type { SseEvent } from '../../stream/sse-parser.js';
import { HubAsChatEvents } from '../chat-via-hub.js';
import type { StreamEventDecoder } from '../types.js';
import { cohereStreamEventToHub } from './response.js';

/**
 * Cohere streams newline-delimited JSON (`application/stream+json`), not Server-Sent Events. The
 * framing matches any JSON type (`application/x-ndjson` too): a 200 answer to a stream request is
 * read line by line whatever JSON flavour it is labelled with.
 */
export const COHERE_STREAM_TYPE = 'json';

/**
 * Decodes Cohere's NDJSON chat stream, one JSON object per line, into the OpenAI chat chunk
 * events the relay reads from upstreams spoken to as OpenAI chat (see chat-via-hub.ts). A line
 * that is not JSON throws: the body is corrupt, and the attempt fails like a broken connection.
 */
export class CohereStreamDecoder implements StreamEventDecoder {
  private buffer = '';
  private readonly text = new TextDecoder();
  private readonly chat = new HubAsChatEvents();
  private ended = false;
  private toolCalls = 0;

  push(chunk: Buffer | Uint8Array): SseEvent[] {
    this.buffer += this.text.decode(chunk, { stream: true });
    const events: SseEvent[] = [];
    let newline = this.buffer.indexOf('\n');
    while (newline >= 0) {
      events.push(...this.line(this.buffer.slice(0, newline)));
      this.buffer = this.buffer.slice(newline + 1);
      newline = this.buffer.indexOf('\n');
    }
    return events;
  }

  end(): SseEvent[] {
    this.buffer += this.text.decode();
    const rest = this.buffer;
    this.buffer = '';
    return this.line(rest);
  }

  private line(raw: string): SseEvent[] {
    const line = raw.trim();
    if (!line || this.ended) return [];
    const event = JSON.parse(line) as Record<string, unknown>;
    const hub = cohereStreamEventToHub(event, this.toolCalls);
    this.toolCalls += hub.filter((e) => e.type === 'tool_call_start').length;
    const events = this.chat.push(hub);
    if (event.event_type !== 'stream-end') return events;
    this.ended = true;
    return [...events, ...this.chat.end()];
  }
}
