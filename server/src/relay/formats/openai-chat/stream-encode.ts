import type { Usage } from '../../billing/pricing.js';
import type { HubStreamEvent } from '../hub.js';
import type { HubStreamEncoder } from '../types.js';
import { chatId } from './response.js';
import { writeUsage } from './usage.js';

/**
 * Hub events written as an OpenAI chat.completion.chunk stream: a role chunk first, one chunk per
 * text, reasoning or tool-call delta, the finish chunk, then (when the client asked for it) a
 * usage chunk and `[DONE]`.
 */
export class ChatStreamEncoder implements HubStreamEncoder {
  private id = 'chatcmpl-gateway';
  private model: string;
  private readonly created = Math.floor(Date.now() / 1000);
  private opened = false;
  /** Upstream tool index → OpenAI tool_calls index (0, 1, 2… in order of appearance). */
  private readonly toolIndex = new Map<number, number>();

  constructor(private readonly options: { model: string; clientWantsUsage: boolean }) {
    this.model = options.model;
  }

  private chunk(choices: unknown[], extra: Record<string, unknown> = {}): string {
    const body = {
      id: this.id,
      object: 'chat.completion.chunk',
      created: this.created,
      model: this.model,
      choices,
      ...extra,
    };
    return `data: ${JSON.stringify(body)}\n\n`;
  }

  private delta(delta: Record<string, unknown>, finish: string | null = null): string {
    return this.chunk([{ index: 0, delta, logprobs: null, finish_reason: finish }]);
  }

  private open(): string {
    if (this.opened) return '';
    this.opened = true;
    return this.delta({ role: 'assistant', content: '' });
  }

  push(event: HubStreamEvent): string {
    switch (event.type) {
      case 'start':
        this.id = chatId(event.id);
        if (event.model) this.model = event.model;
        return this.open();
      case 'text':
        return event.text ? this.open() + this.delta({ content: event.text }) : '';
      case 'thinking':
        return event.text ? this.open() + this.delta({ reasoning_content: event.text }) : '';
      case 'tool_call_start': {
        const index = this.toolIndex.size;
        this.toolIndex.set(event.index, index);
        const call = { index, id: event.id, type: 'function', function: { name: event.name, arguments: '' } };
        return this.open() + this.delta({ tool_calls: [call] });
      }
      case 'tool_call_arguments': {
        const index = this.toolIndex.get(event.index) ?? 0;
        return this.open() + this.delta({ tool_calls: [{ index, function: { arguments: event.fragment } }] });
      }
      case 'finish':
        return this.open() + this.delta({}, event.reason);
      default:
        return '';
    }
  }

  finish(usage: Usage | null): string {
    let out = this.open();
    if (this.options.clientWantsUsage && usage) out += this.chunk([], { usage: writeUsage(usage) });
    return out + 'data: [DONE]\n\n';
  }
}
