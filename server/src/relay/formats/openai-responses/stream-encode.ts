import type { Usage } from '../../billing/pricing.js';
import type { HubFinish, HubStreamEvent } from '../hub.js';
import type { HubStreamEncoder } from '../types.js';
import {
  finishToStatus,
  functionCallItem,
  itemSuffix,
  messageItem,
  reasoningItem,
  responseId,
  responseObject,
} from './response.js';
import { responsesUsageFromHub } from './usage.js';

/** One output item being streamed. */
type OpenItem =
  | { kind: 'message'; id: string; index: number; text: string }
  | { kind: 'reasoning'; id: string; index: number; text: string }
  | { kind: 'call'; id: string; index: number; callId: string; name: string; args: string };

/**
 * Hub events written as a Responses event stream: response.created and response.in_progress,
 * then per output item output_item.added, its part and delta events, the matching …done events
 * and output_item.done; finally response.completed (or response.incomplete) carrying the whole
 * response with its usage. Every event has its `sequence_number`.
 */
export class ResponsesStreamEncoder implements HubStreamEncoder {
  private id = 'resp_gateway';
  private model: string;
  private readonly createdAt = Math.floor(Date.now() / 1000);
  private sequence = 0;
  private opened = false;
  private current: OpenItem | null = null;
  /** Upstream tool index → the function_call item it streams into. */
  private readonly calls = new Map<number, OpenItem & { kind: 'call' }>();
  private readonly done: Array<Record<string, unknown>> = [];
  private finishReason: HubFinish = 'stop';

  constructor(options: { model: string }) {
    this.model = options.model;
  }

  private event(type: string, fields: Record<string, unknown>): string {
    const body = { type, sequence_number: this.sequence++, ...fields };
    return `event: ${type}\ndata: ${JSON.stringify(body)}\n\n`;
  }

  private response(status: string, output: Array<Record<string, unknown>>, usage: Usage | null) {
    const { incomplete_details } = finishToStatus(this.finishReason);
    return responseObject({
      id: this.id,
      model: this.model,
      createdAt: this.createdAt,
      status,
      incompleteDetails: status === 'incomplete' ? incomplete_details : null,
      output,
      usage: usage ? responsesUsageFromHub(usage) : null,
    });
  }

  private open(): string {
    if (this.opened) return '';
    this.opened = true;
    const response = this.response('in_progress', [], null);
    return this.event('response.created', { response }) + this.event('response.in_progress', { response });
  }

  private nextIndex(): number {
    return this.done.length + (this.current ? 1 : 0);
  }

  /** Closes the item being streamed (text and reasoning end where the next item starts). */
  private close(): string {
    const item = this.current;
    if (!item) return '';
    this.current = null;
    const at = { item_id: item.id, output_index: item.index };
    let out = '';
    let final: Record<string, unknown>;
    if (item.kind === 'message') {
      const part = { type: 'output_text', text: item.text, annotations: [] };
      out += this.event('response.output_text.done', {
        ...at,
        content_index: 0,
        text: item.text,
        logprobs: [],
      });
      out += this.event('response.content_part.done', { ...at, content_index: 0, part });
      final = messageItem(item.id, item.text, 'completed');
    } else if (item.kind === 'reasoning') {
      const part = { type: 'summary_text', text: item.text };
      out += this.event('response.reasoning_summary_text.done', { ...at, summary_index: 0, text: item.text });
      out += this.event('response.reasoning_summary_part.done', { ...at, summary_index: 0, part });
      final = reasoningItem(item.id, item.text);
    } else {
      out += this.event('response.function_call_arguments.done', { ...at, arguments: item.args });
      final = functionCallItem(item.id, item.callId, item.name, item.args, 'completed');
    }
    this.done.push(final);
    return out + this.event('response.output_item.done', { output_index: item.index, item: final });
  }

  private startText(kind: 'message' | 'reasoning'): string {
    if (this.current?.kind === kind) return '';
    let out = this.close();
    const index = this.nextIndex();
    const suffix = itemSuffix(this.id);
    const id = kind === 'message' ? `msg_${suffix}_${index}` : `rs_${suffix}_${index}`;
    this.current = { kind, id, index, text: '' };
    const at = { item_id: id, output_index: index };
    if (kind === 'message') {
      out += this.event('response.output_item.added', {
        output_index: index,
        item: messageItem(id, '', 'in_progress'),
      });
      const part = { type: 'output_text', text: '', annotations: [] };
      out += this.event('response.content_part.added', { ...at, content_index: 0, part });
    } else {
      out += this.event('response.output_item.added', { output_index: index, item: reasoningItem(id, null) });
      const part = { type: 'summary_text', text: '' };
      out += this.event('response.reasoning_summary_part.added', { ...at, summary_index: 0, part });
    }
    return out;
  }

  push(event: HubStreamEvent): string {
    switch (event.type) {
      case 'start':
        this.id = responseId(event.id);
        if (event.model) this.model = event.model;
        return this.open();
      case 'text':
      case 'thinking': {
        if (!event.text) return '';
        const kind = event.type === 'text' ? 'message' : 'reasoning';
        let out = this.open() + this.startText(kind);
        const item = this.current as OpenItem & { kind: 'message' | 'reasoning' };
        item.text += event.text;
        const at = { item_id: item.id, output_index: item.index };
        out +=
          kind === 'message'
            ? this.event('response.output_text.delta', {
                ...at,
                content_index: 0,
                delta: event.text,
                logprobs: [],
              })
            : this.event('response.reasoning_summary_text.delta', {
                ...at,
                summary_index: 0,
                delta: event.text,
              });
        return out;
      }
      case 'tool_call_start': {
        let out = this.open() + this.close();
        const index = this.nextIndex();
        const id = `fc_${itemSuffix(this.id)}_${index}`;
        const item = { kind: 'call' as const, id, index, callId: event.id, name: event.name, args: '' };
        this.current = item;
        this.calls.set(event.index, item);
        out += this.event('response.output_item.added', {
          output_index: index,
          item: functionCallItem(id, event.id, event.name, '', 'in_progress'),
        });
        return out;
      }
      case 'tool_call_arguments': {
        const item = this.calls.get(event.index);
        // Arguments of a call already closed (interleaved upstream indexes) cannot be reopened.
        if (!item || item !== this.current) return '';
        item.args += event.fragment;
        return this.event('response.function_call_arguments.delta', {
          item_id: item.id,
          output_index: item.index,
          delta: event.fragment,
        });
      }
      case 'finish':
        this.finishReason = event.reason;
        return this.open();
      default:
        return '';
    }
  }

  finish(usage: Usage | null): string {
    const out = this.open() + this.close();
    const { status } = finishToStatus(this.finishReason);
    const type = status === 'incomplete' ? 'response.incomplete' : 'response.completed';
    return out + this.event(type, { response: this.response(status, this.done, usage) });
  }
}
