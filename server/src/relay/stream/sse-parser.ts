export interface SseEvent {
  event: string;
  data: string;
}

/**
 * Incremental Server-Sent Events parser (WHATWG framing): lines end in \n, \r\n or \r; a blank
 * line ends an event; `data:` lines join with \n; comments (`:`) are skipped.
 */
export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private readonly decoder = new TextDecoder();

  push(chunk: Buffer | Uint8Array): SseEvent[] {
    this.buffer += this.decoder.decode(chunk, { stream: true });
    return this.drain();
  }

  /** Whatever is left when the upstream closes (an event without the final blank line). */
  end(): SseEvent[] {
    this.buffer += this.decoder.decode();
    const events = this.drain();
    if (this.buffer) {
      this.line(this.buffer, events);
      this.buffer = '';
    }
    this.dispatch(events);
    return events;
  }

  private drain(): SseEvent[] {
    const events: SseEvent[] = [];
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const ch = this.buffer.charCodeAt(i);
      if (ch !== 10 && ch !== 13) continue;
      // A \r at the very end may be the first half of \r\n: wait for more input.
      if (ch === 13 && i === this.buffer.length - 1) break;
      this.line(this.buffer.slice(start, i), events);
      if (ch === 13 && this.buffer.charCodeAt(i + 1) === 10) i++;
      start = i + 1;
    }
    this.buffer = this.buffer.slice(start);
    return events;
  }

  private line(line: string, events: SseEvent[]) {
    if (line === '') return this.dispatch(events);
    if (line.charCodeAt(0) === 58) return; // ':' comment
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
  }

  private dispatch(events: SseEvent[]) {
    if (this.data.length > 0) events.push({ event: this.event || 'message', data: this.data.join('\n') });
    this.data = [];
    this.event = '';
  }
}
