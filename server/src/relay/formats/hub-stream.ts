import type { Usage } from '../billing/pricing.js';
import type { ReportedUsage, StreamFailure, StreamTranslator } from '../providers/types.js';
import type { SseEvent } from '../stream/sse-parser.js';
import { isOutputEvent } from './hub.js';
import type { HubStreamDecoder, HubStreamEncoder } from './types.js';

/**
 * A stream converted between formats: each upstream event is decoded into hub events, which the
 * client's encoder writes in its own format. Usage, the commit point and the produced text are
 * read from the hub events, so they work the same for every pair of formats.
 */
export class HubStreamTranslator implements StreamTranslator {
  usage: ReportedUsage | null = null;
  started = false;
  failure: StreamFailure | null = null;
  private readonly produced: string[] = [];

  constructor(
    private readonly decoder: HubStreamDecoder,
    private readonly encoder: HubStreamEncoder,
  ) {}

  push(event: SseEvent): string {
    let out = '';
    for (const hub of this.decoder.push(event)) {
      if (hub.type === 'error') {
        // Nothing more is written: the attempt fails, or (after output) the pipeline ends the
        // stream with the client's own error event.
        this.failure = {
          message: hub.message,
          type: hub.errorType,
          code: hub.errorType,
          param: null,
          status: hub.status,
        };
        return out;
      }
      if (hub.type === 'usage') {
        this.usage = { ...this.usage, ...hub.usage };
        continue;
      }
      if (hub.type === 'text' || hub.type === 'thinking') this.produced.push(hub.text);
      else if (hub.type === 'tool_call_start') this.produced.push(hub.name);
      else if (hub.type === 'tool_call_arguments') this.produced.push(hub.fragment);
      if (!this.started && isOutputEvent(hub)) this.started = true;
      out += this.encoder.push(hub);
    }
    return out;
  }

  producedText(): string {
    return this.produced.join('');
  }

  finish(usage: Usage | null): string {
    return this.encoder.finish(usage);
  }
}
