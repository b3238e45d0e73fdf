import type { HubFinish, HubMessage, HubPart, HubStreamEvent } from '../formats/hub.js';

/** A turn of a text-only chat API (Zhipu v3; ERNIE v1 and Hunyuan have their own, with tools). */
export interface PlainMessage {
  role: 'user' | 'assistant';
  content: string;
}

/**
 * Zhipu v3 takes text turns only. Tool results are given as the user's text and earlier tool
 * calls as the assistant's (so the conversation keeps its meaning); images and earlier reasoning
 * cannot be sent and are dropped.
 */
function partText(part: HubPart): string {
  switch (part.type) {
    case 'text':
      return part.text;
    case 'tool_result':
      return part.content;
    case 'tool_call':
      return `${part.name}(${part.arguments})`;
    default:
      return '';
  }
}

/**
 * Hub messages as alternating text turns: ERNIE and Hunyuan refuse two turns of the same role in
 * a row (which a tool result after a user text becomes), so such turns are joined.
 */
export function plainMessages(messages: readonly HubMessage[]): PlainMessage[] {
  const out: PlainMessage[] = [];
  for (const message of messages) {
    const content = message.parts.map(partText).filter(Boolean).join('\n');
    if (!content) continue;
    const last = out[out.length - 1];
    if (last && last.role === message.role) last.content += `\n${content}`;
    else out.push({ role: message.role, content });
  }
  return out;
}

/** A finish reason of these APIs in hub terms (`normal` is Baidu's, `sensitive` Tencent's). */
export function plainFinish(reason: unknown): HubFinish {
  switch (reason) {
    case 'length':
      return 'length';
    case 'content_filter':
    case 'sensitive':
      return 'content_filter';
    case 'function_call':
    case 'tool_calls':
      return 'tool_calls';
    default:
      return 'stop';
  }
}

/** A stream error event in hub terms, as the decoders report provider errors. */
export function hubStreamError(message: string, errorType: string, status: number): HubStreamEvent {
  return { type: 'error', message, errorType, status };
}
