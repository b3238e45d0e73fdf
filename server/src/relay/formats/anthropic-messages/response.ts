import type { HubFinish, HubPart, HubResponse } from '../hub.js';
import { anthropicUsageFromHub, anthropicUsageToHub } from './usage.js';

/** Anthropic `message` objects ↔ hub responses. */

interface ContentBlock {
  type?: string;
  text?: string;
  thinking?: string;
  signature?: string;
  id?: string;
  name?: string;
  input?: unknown;
}

export function stopReasonToHub(reason: unknown): HubFinish {
  switch (reason) {
    case 'max_tokens':
      return 'length';
    case 'tool_use':
      return 'tool_calls';
    case 'refusal':
      return 'content_filter';
    default:
      return 'stop';
  }
}

const STOP_REASON: Record<HubFinish, string> = {
  stop: 'end_turn',
  length: 'max_tokens',
  tool_calls: 'tool_use',
  content_filter: 'refusal',
};

export const stopReasonFromHub = (finish: HubFinish) => STOP_REASON[finish];

/** A message id for answers that came from elsewhere (chatcmpl-… → msg_chatcmpl-…). */
export const messageId = (id: string) => (id.startsWith('msg_') ? id : `msg_${id || 'gateway'}`);

export function messageToHub(json: Record<string, unknown>): HubResponse {
  const parts: HubPart[] = [];
  for (const block of Array.isArray(json.content) ? (json.content as ContentBlock[]) : []) {
    if (block.type === 'text' && block.text) parts.push({ type: 'text', text: block.text });
    else if (block.type === 'thinking')
      parts.push({ type: 'thinking', text: block.thinking ?? '', signature: block.signature });
    else if (block.type === 'tool_use') {
      parts.push({
        type: 'tool_call',
        id: block.id ?? '',
        name: block.name ?? '',
        arguments: JSON.stringify(block.input ?? {}),
      });
    }
  }
  return {
    id: typeof json.id === 'string' ? json.id : '',
    model: typeof json.model === 'string' ? json.model : '',
    parts,
    finish: stopReasonToHub(json.stop_reason),
    usage: anthropicUsageToHub(json.usage),
  };
}

export function messageFromHub(hub: HubResponse): Record<string, unknown> {
  const content: unknown[] = [];
  for (const part of hub.parts) {
    if (part.type === 'text') content.push({ type: 'text', text: part.text });
    else if (part.type === 'thinking')
      content.push({ type: 'thinking', thinking: part.text, signature: part.signature ?? '' });
    else if (part.type === 'tool_call') {
      let input: unknown;
      try {
        input = JSON.parse(part.arguments || '{}');
      } catch {
        input = {};
      }
      content.push({ type: 'tool_use', id: part.id, name: part.name, input });
    }
  }
  const usage = anthropicUsageFromHub(
    hub.usage ?? { promptTokens: 0, completionTokens: 0, cachedTokens: 0, cacheCreationTokens: 0 },
  );
  return {
    id: messageId(hub.id),
    type: 'message',
    role: 'assistant',
    model: hub.model,
    content,
    stop_reason: stopReasonFromHub(hub.finish),
    stop_sequence: null,
    usage,
  };
}
