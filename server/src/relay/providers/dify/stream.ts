import { SseParser, type SseEvent } from '../../stream/sse-parser.js';
import { HubAsChatEvents } from '../chat-via-hub.js';
import type { StreamEventDecoder } from '../types.js';
import { difyStreamEventToHub } from './response.js';

/**
 * Decodes Dify's chat stream (Server-Sent Events whose JSON names its own `event`) into the
 * OpenAI chat chunk events the relay reads from upstreams spoken to as OpenAI chat (see
 * chat-via-hub.ts). Events without JSON data (`event: ping`) are skipped.
 */
export class DifyStreamDecoder implements StreamEventDecoder {
  private readonly sse = new SseParser();
  private readonly chat = new HubAsChatEvents();
  private started = false;
  private ended = false;

  push(chunk: Buffer | Uint8Array): SseEvent[] {
    return this.translate(this.sse.push(chunk));
  }

  end(): SseEvent[] {
    return this.translate(this.sse.end());
  }

  private translate(events: SseEvent[]): SseEvent[] {
    const out: SseEvent[] = [];
    for (const { data } of events) {
      if (this.ended || !data.startsWith('{')) continue;
      let event: Record<string, unknown>;
      try {
        event = JSON.parse(data) as Record<string, unknown>;
      } catch {
        continue;
      }
      const hub = difyStreamEventToHub(event, this.started);
      if (hub.some((e) => e.type === 'start')) this.started = true;
      out.push(...this.chat.push(hub));
      if (event.event === 'message_end') {
        this.ended = true;
        out.push(...this.chat.end());
      }
    }
    return out;
  }
}
