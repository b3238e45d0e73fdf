import { SseParser, type SseEvent } from '../../stream/sse-parser.js';
import { HubAsChatEvents } from '../chat-via-hub.js';
import type { StreamEventDecoder } from '../types.js';
import { difyStreamEventToHub } from './response.js';
import { workflowStreamEventToHub } from './workflow.js';

/**
 * Decodes Dify's streams (Server-Sent Events whose JSON names its own `event`) of chat,
 * completion and workflow apps into the OpenAI chat chunk events the relay reads from upstreams
 * spoken to as OpenAI chat (see chat-via-hub.ts). Events without JSON data (`event: ping`) are
 * skipped. A chatflow's stream also holds workflow events but its events carry a `message_id`:
 * only a stream without one (a workflow app's) ends at `workflow_finished`; the others end at
 * `message_end`.
 */
export class DifyStreamDecoder implements StreamEventDecoder {
  private readonly sse = new SseParser();
  private readonly chat = new HubAsChatEvents();
  private started = false;
  private ended = false;
  private messages = false;
  private workflowText = false;

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
      if (event.message_id) this.messages = true;
      const workflow =
        !this.messages && (event.event === 'text_chunk' || event.event === 'workflow_finished');
      const hub = workflow
        ? workflowStreamEventToHub(event, this.started, this.workflowText)
        : difyStreamEventToHub(event, this.started);
      if (hub.some((e) => e.type === 'start')) this.started = true;
      if (workflow && hub.some((e) => e.type === 'text')) this.workflowText = true;
      out.push(...this.chat.push(hub));
      const finished =
        workflow && event.event === 'workflow_finished' && hub.some((e) => e.type === 'finish');
      if (event.event === 'message_end' || finished) {
        this.ended = true;
        out.push(...this.chat.end());
      }
    }
    return out;
  }
}
