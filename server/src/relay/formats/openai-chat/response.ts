import type { HubFinish, HubPart, HubResponse, HubUsage } from '../hub.js';
import { readUsage, writeUsage } from './usage.js';

/** OpenAI chat.completion objects ↔ hub responses (the first choice; the hub has one answer). */

interface ChatChoice {
  finish_reason?: string | null;
  message?: {
    content?: unknown;
    reasoning_content?: string;
    reasoning?: string;
    tool_calls?: Array<{ id?: string; function?: { name?: string; arguments?: string } }>;
  };
}

export function finishToHub(reason: string | null | undefined): HubFinish {
  switch (reason) {
    case 'length':
      return 'length';
    case 'tool_calls':
    case 'function_call':
      return 'tool_calls';
    case 'content_filter':
      return 'content_filter';
    default:
      return 'stop';
  }
}

/** Usage in hub terms, from an OpenAI usage object; null when it carries no counts. */
export function usageToHub(raw: unknown): HubUsage | null {
  const usage = readUsage(raw);
  if (!usage) return null;
  return {
    promptTokens: usage.promptTokens ?? 0,
    completionTokens: usage.completionTokens ?? 0,
    cachedTokens: usage.cachedTokens ?? 0,
    cacheCreationTokens: usage.cacheCreationTokens ?? 0,
  };
}

export function chatResponseToHub(json: Record<string, unknown>): HubResponse {
  const choice = (Array.isArray(json.choices) ? json.choices[0] : undefined) as ChatChoice | undefined;
  const message = choice?.message ?? {};
  const parts: HubPart[] = [];
  const reasoning = message.reasoning_content ?? message.reasoning;
  if (reasoning) parts.push({ type: 'thinking', text: reasoning });
  if (typeof message.content === 'string' && message.content)
    parts.push({ type: 'text', text: message.content });
  for (const call of message.tool_calls ?? []) {
    parts.push({
      type: 'tool_call',
      id: call.id ?? '',
      name: call.function?.name ?? '',
      arguments: call.function?.arguments || '{}',
    });
  }
  return {
    id: typeof json.id === 'string' ? json.id : '',
    model: typeof json.model === 'string' ? json.model : '',
    parts,
    finish: finishToHub(choice?.finish_reason),
    usage: usageToHub(json.usage),
  };
}

/** A chat.completion id for answers that came from elsewhere (msg_… → chatcmpl-msg_…). */
export const chatId = (id: string) => (id.startsWith('chatcmpl-') ? id : `chatcmpl-${id || 'gateway'}`);

export function chatResponseFromHub(hub: HubResponse): Record<string, unknown> {
  let content = '';
  let reasoning = '';
  const calls: unknown[] = [];
  for (const part of hub.parts) {
    if (part.type === 'text') content += part.text;
    else if (part.type === 'thinking') reasoning += part.text;
    else if (part.type === 'tool_call') {
      calls.push({ id: part.id, type: 'function', function: { name: part.name, arguments: part.arguments } });
    }
  }
  const message: Record<string, unknown> = {
    role: 'assistant',
    content: content === '' && calls.length > 0 ? null : content,
  };
  if (reasoning) message.reasoning_content = reasoning;
  if (calls.length > 0) message.tool_calls = calls;
  return {
    id: chatId(hub.id),
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: hub.model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: hub.finish }],
    ...(hub.usage ? { usage: writeUsage(hub.usage) } : {}),
  };
}
