import type { SseEvent } from '../../stream/sse-parser.js';
import type { StreamEventDecoder } from '../types.js';

/**
 * Zhipu v3's event stream is SSE with one extra field: the `finish` event carries its usage in a
 * `meta:` line, which standard parsers drop. This decoder follows SSE's framing (lines end in \n,
 * \r\n or \r; `data:` lines join with \n) and hands a `meta` value on as a separate event named
 * `meta`, right after the event that carried it.
 */
export class ZhipuSseDecoder implements StreamEventDecoder {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private meta: string | null = null;
  private readonly text = new TextDecoder();

  push(chunk: Buffer | Uint8Array): SseEvent[] {
    let text = this.buffer + this.text.decode(chunk, { stream: true });
    // A \r at the very end may be the first half of \r\n: wait for more input.
    const held = text.endsWith('\r') ? '\r' : '';
    if (held) text = text.slice(0, -1);
    const lines = text.split(/\r\n|\r|\n/);
    // The last piece has no line end yet.
    this.buffer = (lines.pop() ?? '') + held;
    const events: SseEvent[] = [];
    for (const line of lines) this.line(line, events);
    return events;
  }

  end(): SseEvent[] {
    const rest = (this.buffer + this.text.decode()).replace(/\r$/, '');
    const events: SseEvent[] = [];
    for (const line of rest ? rest.split(/\r\n|\r|\n/) : []) this.line(line, events);
    this.buffer = '';
    this.dispatch(events);
    return events;
  }

  private line(line: string, events: SseEvent[]) {
    if (line === '') return this.dispatch(events);
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    else if (field === 'meta') this.meta = value;
  }

  private dispatch(events: SseEvent[]) {
    if (this.data.length > 0 || this.event) {
      events.push({ event: this.event || 'message', data: this.data.join('\n') });
    }
    if (this.meta !== null) events.push({ event: 'meta', data: this.meta });
    this.data = [];
    this.event = '';
    this.meta = null;
  }
}
