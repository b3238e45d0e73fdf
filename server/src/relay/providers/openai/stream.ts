import type { Usage } from '../../billing/pricing.js';
import type { SseEvent } from '../../stream/sse-parser.js';
import type { InboundRequest, ReportedUsage, StreamFailure, StreamTranslator } from '../types.js';
import { choiceText } from './response.js';
import type { StreamReasoningInliner } from './thinking-to-content.js';
import { readUsage, writeUsage } from '../../formats/openai-chat/usage.js';

const USAGE_OBJECT = /"usage"\s*:\s*\{/;
const ERROR_EVENT = /^\s*\{\s*"error"\s*:/;

interface Chunk {
  id?: string;
  created?: number;
  model?: string;
  usage?: unknown;
  error?: unknown;
  choices?: Array<{
    text?: string;
    finish_reason?: string | null;
    delta?: { content?: unknown; reasoning_content?: unknown; reasoning?: unknown; tool_calls?: unknown };
  }>;
}

/** Whether a chunk carries output: text, reasoning, a tool call or a finish reason. */
function hasOutput(chunk: Chunk): boolean {
  for (const choice of chunk.choices ?? []) {
    if (choice.finish_reason || choice.text) return true;
    const d = choice.delta;
    if (d && (d.content || d.reasoning_content || d.reasoning || d.tool_calls)) return true;
  }
  return false;
}

/**
 * OpenAI-compatible streams pass through event by event. Until the first output every event is
 * parsed (to find the commit point, or an `{"error":…}` event that fails the attempt); after it,
 * only events that mention usage are. The rest are forwarded as received and kept for local
 * counting in case the upstream never reports usage.
 */
export class OpenAIStreamTranslator implements StreamTranslator {
  usage: ReportedUsage | null = null;
  started = false;
  failure: StreamFailure | null = null;
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
    if (!this.started || USAGE_OBJECT.test(data) || ERROR_EVENT.test(data)) {
      let chunk: Chunk;
      try {
        chunk = JSON.parse(data) as Chunk;
      } catch {
        this.started = true;
        return `data: ${data}\n\n`;
      }
      if (chunk.error && typeof chunk.error === 'object') {
        const e = chunk.error as { message?: unknown; type?: unknown; code?: unknown };
        this.failure = {
          message: typeof e.message === 'string' ? e.message : 'upstream error',
          type: typeof e.type === 'string' ? e.type : 'upstream_error',
          code: typeof e.code === 'string' ? e.code : '',
          param: null,
          status: 500,
        };
        return '';
      }
      if (!this.started && hasOutput(chunk)) this.started = true;
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
