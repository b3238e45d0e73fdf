import type { Usage } from '../../billing/pricing.js';
import type { HubFinish, HubStreamEvent } from '../hub.js';
import type { HubStreamEncoder } from '../types.js';
import type { GeminiPart } from './request.js';
import { finishFromHub, responseId } from './response.js';
import { geminiUsageFromHub } from './usage.js';

interface PendingCall {
  id: string;
  name: string;
  args: string;
}

/**
 * Hub events written as a Gemini stream (`alt=sse`): one GenerateContentResponse per data frame.
 * Text and thoughts go out as they come; a function call goes out whole (Gemini never splits
 * one), so its argument fragments are collected until the next event that is not one of them.
 * The last frame carries the finish reason and the final usageMetadata.
 */
export class GeminiStreamEncoder implements HubStreamEncoder {
  private id = 'gateway';
  private model: string;
  private readonly calls = new Map<number, PendingCall>();
  private finishReason: HubFinish = 'stop';

  constructor(options: { model: string }) {
    this.model = options.model;
  }

  private frame(
    parts: GeminiPart[],
    extra: Record<string, unknown> = {},
    candidate: Record<string, unknown> = {},
  ) {
    const chunk = {
      candidates: [{ content: { role: 'model', parts }, ...candidate, index: 0 }],
      ...extra,
      modelVersion: this.model,
      responseId: this.id,
    };
    return `data: ${JSON.stringify(chunk)}\n\n`;
  }

  private flushCalls(): GeminiPart[] {
    const parts: GeminiPart[] = [];
    for (const call of this.calls.values()) {
      let args: unknown;
      try {
        args = JSON.parse(call.args || '{}');
      } catch {
        args = {};
      }
      parts.push({ functionCall: { id: call.id, name: call.name, args } });
    }
    this.calls.clear();
    return parts;
  }

  push(event: HubStreamEvent): string {
    switch (event.type) {
      case 'start':
        this.id = responseId(event.id);
        if (event.model) this.model = event.model;
        return '';
      case 'tool_call_start':
        this.calls.set(event.index, { id: event.id, name: event.name, args: '' });
        return '';
      case 'tool_call_arguments': {
        const call = this.calls.get(event.index);
        if (call) call.args += event.fragment;
        return '';
      }
      case 'finish':
        this.finishReason = event.reason;
        return '';
      case 'text':
      case 'thinking': {
        if (!event.text) return '';
        const calls = this.flushCalls();
        const part: GeminiPart =
          event.type === 'text' ? { text: event.text } : { text: event.text, thought: true };
        return (calls.length ? this.frame(calls) : '') + this.frame([part]);
      }
      default:
        return '';
    }
  }

  finish(usage: Usage | null): string {
    const counts = geminiUsageFromHub(
      usage ?? { promptTokens: 0, completionTokens: 0, cachedTokens: 0, cacheCreationTokens: 0 },
    );
    const calls = this.flushCalls();
    return this.frame(
      calls.length ? calls : [{ text: '' }],
      { usageMetadata: counts },
      { finishReason: finishFromHub(this.finishReason) },
    );
  }
}
