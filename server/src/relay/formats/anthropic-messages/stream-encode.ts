import type { Usage } from '../../billing/pricing.js';
import type { HubFinish, HubStreamEvent } from '../hub.js';
import type { HubStreamEncoder } from '../types.js';
import { messageId, stopReasonFromHub } from './response.js';
import { anthropicUsageFromHub } from './usage.js';

type BlockKind = 'text' | 'thinking' | 'tool_use';

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Hub events written as an Anthropic Messages stream: message_start, one content block per run
 * of text, thinking or tool call (start, deltas, stop), then message_delta with the stop reason
 * and the final usage, and message_stop. The usage is only known at the end, so message_start
 * reports zeros and message_delta the whole counts (the SDKs take both).
 */
export class MessagesStreamEncoder implements HubStreamEncoder {
  private started = false;
  private id = 'msg_gateway';
  private model: string;
  private block: { kind: BlockKind; index: number; source?: number } | null = null;
  private nextIndex = 0;
  private stopReason: HubFinish = 'stop';

  constructor(options: { model: string }) {
    this.model = options.model;
  }

  private start(): string {
    if (this.started) return '';
    this.started = true;
    return frame('message_start', {
      type: 'message_start',
      message: {
        id: this.id,
        type: 'message',
        role: 'assistant',
        model: this.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 0, output_tokens: 0 },
      },
    });
  }

  private closeBlock(): string {
    if (!this.block) return '';
    const out = frame('content_block_stop', { type: 'content_block_stop', index: this.block.index });
    this.block = null;
    return out;
  }

  private openBlock(kind: BlockKind, contentBlock: Record<string, unknown>, source?: number): string {
    const out = this.start() + this.closeBlock();
    this.block = { kind, index: this.nextIndex++, source };
    return (
      out +
      frame('content_block_start', {
        type: 'content_block_start',
        index: this.block.index,
        content_block: contentBlock,
      })
    );
  }

  private delta(delta: Record<string, unknown>): string {
    return frame('content_block_delta', { type: 'content_block_delta', index: this.block!.index, delta });
  }

  push(event: HubStreamEvent): string {
    switch (event.type) {
      case 'start':
        if (!this.started) {
          this.id = messageId(event.id);
          if (event.model) this.model = event.model;
        }
        return this.start();
      case 'text': {
        if (!event.text) return '';
        const open = this.block?.kind === 'text' ? '' : this.openBlock('text', { type: 'text', text: '' });
        return open + this.delta({ type: 'text_delta', text: event.text });
      }
      case 'thinking': {
        if (!event.text) return '';
        const open =
          this.block?.kind === 'thinking'
            ? ''
            : this.openBlock('thinking', { type: 'thinking', thinking: '', signature: '' });
        return open + this.delta({ type: 'thinking_delta', thinking: event.text });
      }
      case 'tool_call_start':
        return this.openBlock(
          'tool_use',
          { type: 'tool_use', id: event.id, name: event.name, input: {} },
          event.index,
        );
      case 'tool_call_arguments':
        // Arguments of a call whose block is no longer open cannot be placed; calls stream in order.
        if (this.block?.kind !== 'tool_use' || this.block.source !== event.index) return '';
        return this.delta({ type: 'input_json_delta', partial_json: event.fragment });
      case 'finish':
        this.stopReason = event.reason;
        return '';
      default:
        return '';
    }
  }

  finish(usage: Usage | null): string {
    const counts = anthropicUsageFromHub(
      usage ?? { promptTokens: 0, completionTokens: 0, cachedTokens: 0, cacheCreationTokens: 0 },
    );
    return (
      this.start() +
      this.closeBlock() +
      frame('message_delta', {
        type: 'message_delta',
        delta: { stop_reason: stopReasonFromHub(this.stopReason), stop_sequence: null },
        usage: counts,
      }) +
      frame('message_stop', { type: 'message_stop' })
    );
  }
}
