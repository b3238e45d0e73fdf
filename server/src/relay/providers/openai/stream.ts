import type { Usage } from '../../billing/pricing.js';
import type { SseEvent } from '../../stream/sse-parser.js';
import type { InboundRequest, ReportedUsage, StreamTranslator } from '../types.js';
import { choiceText } from './response.js';
import type { StreamReasoningInliner } from './thinking-to-content.js';
import { readUsage, writeUsage } from './usage.js';

const USAGE_OBJECT = /"usage"\s*:\s*\{/;

/**
 * OpenAI-compatible streams pass through event by event. Only events that mention usage are
 * parsed; the rest are forwarded as received and kept for local counting in case the upstream
 * never reports usage.
 */
export class OpenAIStreamTranslator implements StreamTranslator {
  usage: ReportedUsage | null = null;
  private readonly seen: string[] = [];
  private meta: { id: string; created: number; model: string } | null = null;

  constructor(
    private readonly inbound: InboundRequest,
    private readonly inliner: StreamReasoningInliner | null = null,
  ) {}

  push(event: SseEvent): string {
    if (event.data === '[DONE]') return '';
    const data = this.inliner ? this.inliner.transform(event.data) : event.data;
    // Once include_usage is on, every chunk carries "usage":null; only a usage object needs parsing.
    if (!this.meta || USAGE_OBJECT.test(data)) {
      let chunk: { id?: string; created?: number; model?: string; usage?: unknown; choices?: unknown[] };
      try {
        chunk = JSON.parse(data) as typeof chunk;
      } catch {
        return `data: ${data}\n\n`;
      }
      this.meta ??= {
        id: chunk.id ?? 'chatcmpl-gateway',
        created: chunk.created ?? Math.floor(Date.now() / 1000),
        model: chunk.model ?? this.inbound.model,
      };
      const usage = readUsage(chunk.usage);
      if (usage) {
        this.usage = usage;
        // We asked for usage on the client's behalf: hide the extra usage-only chunk.
        if (!this.inbound.clientWantsUsage && Array.isArray(chunk.choices) && chunk.choices.length === 0)
          return '';
      }
    }
    this.seen.push(data);
    return `data: ${data}\n\n`;
  }

  producedText(): string {
    let text = '';
    for (const data of this.seen) {
      try {
        const chunk = JSON.parse(data) as { choices?: Array<Parameters<typeof choiceText>[0]> };
        for (const choice of chunk.choices ?? []) text += choiceText(choice);
      } catch {
        // a non-JSON event carries no text
      }
    }
    return text;
  }

  finish(usage: Usage | null): string {
    const closing = this.inliner?.close();
    let out = closing ? `data: ${closing}\n\n` : '';
    if (this.inbound.clientWantsUsage && !this.usage && usage) {
      const meta = this.meta ?? {
        id: 'chatcmpl-gateway',
        created: Math.floor(Date.now() / 1000),
        model: this.inbound.model,
      };
      const object = this.inbound.mode === 'completions' ? 'text_completion' : 'chat.completion.chunk';
      out += `data: ${JSON.stringify({ ...meta, object, choices: [], usage: writeUsage(usage) })}\n\n`;
    }
    return out + 'data: [DONE]\n\n';
  }
}
