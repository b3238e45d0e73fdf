import type { SseEvent } from '../../stream/sse-parser.js';
import type { HubStreamEvent } from '../hub.js';
import type { HubStreamDecoder } from '../types.js';
import { errorStatus } from './errors.js';
import { stopReasonToHub } from './response.js';
import { anthropicUsageToHub, type AnthropicUsage } from './usage.js';

interface StreamData {
  type?: string;
  index?: number;
  message?: { id?: string; model?: string; usage?: AnthropicUsage };
  content_block?: { type?: string; text?: string; thinking?: string; id?: string; name?: string };
  delta?: {
    type?: string;
    text?: string;
    thinking?: string;
    partial_json?: string;
    stop_reason?: string | null;
  };
  usage?: AnthropicUsage;
  error?: { type?: string; message?: string };
}

/**
 * An Anthropic Messages stream read as hub events. Usage arrives in two halves (input and cache
 * counts in message_start, output in message_delta); the decoder keeps the running totals and
 * reports them whole each time.
 */
export class MessagesStreamDecoder implements HubStreamDecoder {
  private readonly usage: AnthropicUsage = {};

  private usageEvent(update: AnthropicUsage | undefined): HubStreamEvent[] {
    if (!update) return [];
    for (const key of Object.keys(update) as Array<keyof AnthropicUsage>) {
      const value = update[key];
      if (typeof value === 'number') this.usage[key] = value;
    }
    const usage = anthropicUsageToHub(this.usage);
    return usage ? [{ type: 'usage', usage }] : [];
  }

  push(event: SseEvent): HubStreamEvent[] {
    let data: StreamData;
    try {
      data = JSON.parse(event.data) as StreamData;
    } catch {
      return [];
    }
    const index = data.index ?? 0;
    switch (data.type ?? event.event) {
      case 'message_start':
        return [
          { type: 'start', id: data.message?.id ?? '', model: data.message?.model ?? '' },
          ...this.usageEvent(data.message?.usage),
        ];
      case 'content_block_start': {
        const block = data.content_block ?? {};
        if (block.type === 'tool_use')
          return [{ type: 'tool_call_start', index, id: block.id ?? '', name: block.name ?? '' }];
        if (block.type === 'text' && block.text) return [{ type: 'text', text: block.text }];
        if (block.type === 'thinking' && block.thinking) return [{ type: 'thinking', text: block.thinking }];
        return [];
      }
      case 'content_block_delta': {
        const delta = data.delta ?? {};
        if (delta.type === 'text_delta') return [{ type: 'text', text: delta.text ?? '' }];
        if (delta.type === 'thinking_delta') return [{ type: 'thinking', text: delta.thinking ?? '' }];
        if (delta.type === 'input_json_delta')
          return [{ type: 'tool_call_arguments', index, fragment: delta.partial_json ?? '' }];
        return [];
      }
      case 'message_delta': {
        const out: HubStreamEvent[] = [];
        if (data.delta?.stop_reason)
          out.push({ type: 'finish', reason: stopReasonToHub(data.delta.stop_reason) });
        return [...out, ...this.usageEvent(data.usage)];
      }
      case 'error': {
        const errorType = data.error?.type ?? 'api_error';
        const message = data.error?.message ?? 'upstream error';
        return [{ type: 'error', message, errorType, status: errorStatus(errorType) }];
      }
      default:
        return [];
    }
  }
}
