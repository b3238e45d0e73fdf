import type { HubFinish, HubPart, HubResponse } from '../hub.js';
import { responsesUsageFromHub, responsesUsageToHub, type ResponsesUsage } from './usage.js';

/** OpenAI `response` objects ↔ hub responses. */

interface OutputItem {
  type?: string;
  id?: string;
  content?: Array<{ type?: string; text?: string; refusal?: string }>;
  summary?: Array<{ text?: string }>;
  call_id?: string;
  name?: string;
  arguments?: string;
}

/** A response id for answers that came from elsewhere (msg_… → resp_msg_…). */
export const responseId = (id: string) => (id.startsWith('resp_') ? id : `resp_${id || 'gateway'}`);

/** The item-id suffix shared by a response's items (resp_abc → msg_abc, fc_abc_1, rs_abc). */
export const itemSuffix = (id: string) => id.replace(/^resp_/, '');

/** Why a response stopped, from its status and incomplete_details. */
export function statusToFinish(status: unknown, incomplete: unknown, hasToolCalls: boolean): HubFinish {
  if (status === 'incomplete') {
    const reason = (incomplete as { reason?: unknown } | null)?.reason;
    return reason === 'content_filter' ? 'content_filter' : 'length';
  }
  return hasToolCalls ? 'tool_calls' : 'stop';
}

/** The status and incomplete_details a hub finish stands for. */
export function finishToStatus(finish: HubFinish): {
  status: 'completed' | 'incomplete';
  incomplete_details: { reason: string } | null;
} {
  if (finish === 'length')
    return { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } };
  if (finish === 'content_filter')
    return { status: 'incomplete', incomplete_details: { reason: 'content_filter' } };
  return { status: 'completed', incomplete_details: null };
}

export function responseToHub(json: Record<string, unknown>): HubResponse {
  const parts: HubPart[] = [];
  for (const item of Array.isArray(json.output) ? (json.output as OutputItem[]) : []) {
    if (item.type === 'message') {
      const text = (item.content ?? []).map((c) => c.text ?? c.refusal ?? '').join('');
      if (text) parts.push({ type: 'text', text });
    } else if (item.type === 'function_call') {
      parts.push({
        type: 'tool_call',
        id: item.call_id ?? item.id ?? '',
        name: item.name ?? '',
        arguments: item.arguments || '{}',
      });
    } else if (item.type === 'reasoning') {
      const text = (item.summary ?? []).map((s) => s.text ?? '').join('\n');
      if (text) parts.push({ type: 'thinking', text });
    }
  }
  const hasToolCalls = parts.some((p) => p.type === 'tool_call');
  return {
    id: typeof json.id === 'string' ? json.id : '',
    model: typeof json.model === 'string' ? json.model : '',
    parts,
    finish: statusToFinish(json.status, json.incomplete_details, hasToolCalls),
    usage: responsesUsageToHub(json.usage),
  };
}

/** The output items of a finished answer, in the order the model produced them. */
export function outputItems(parts: readonly HubPart[], id: string): Array<Record<string, unknown>> {
  const suffix = itemSuffix(id);
  const items: Array<Record<string, unknown>> = [];
  let text = '';
  let thinking = '';
  let calls = 0;
  const flushText = () => {
    if (!text) return;
    items.push(messageItem(`msg_${suffix}`, text, 'completed'));
    text = '';
  };
  const flushThinking = () => {
    if (!thinking) return;
    items.push(reasoningItem(`rs_${suffix}`, thinking));
    thinking = '';
  };
  for (const part of parts) {
    if (part.type === 'text') {
      flushThinking();
      text += part.text;
    } else if (part.type === 'thinking') {
      flushText();
      thinking += part.text;
    } else if (part.type === 'tool_call') {
      flushThinking();
      flushText();
      calls += 1;
      items.push(functionCallItem(`fc_${suffix}_${calls}`, part.id, part.name, part.arguments, 'completed'));
    }
  }
  flushThinking();
  flushText();
  return items;
}

export function messageItem(id: string, text: string, status: string): Record<string, unknown> {
  return {
    type: 'message',
    id,
    status,
    role: 'assistant',
    content: status === 'in_progress' ? [] : [{ type: 'output_text', text, annotations: [] }],
  };
}

export function reasoningItem(id: string, text: string | null): Record<string, unknown> {
  return { type: 'reasoning', id, summary: text === null ? [] : [{ type: 'summary_text', text }] };
}

export function functionCallItem(
  id: string,
  callId: string,
  name: string,
  args: string,
  status: string,
): Record<string, unknown> {
  return { type: 'function_call', id, call_id: callId, name, arguments: args, status };
}

/** A whole `response` object; fields echoing request options the hub does not carry get defaults. */
export function responseObject(fields: {
  id: string;
  model: string;
  createdAt: number;
  status: string;
  incompleteDetails?: { reason: string } | null;
  output: Array<Record<string, unknown>>;
  usage: ResponsesUsage | null;
}): Record<string, unknown> {
  return {
    id: fields.id,
    object: 'response',
    created_at: fields.createdAt,
    status: fields.status,
    error: null,
    incomplete_details: fields.incompleteDetails ?? null,
    instructions: null,
    max_output_tokens: null,
    model: fields.model,
    output: fields.output,
    parallel_tool_calls: true,
    previous_response_id: null,
    reasoning: { effort: null, summary: null },
    store: false,
    temperature: null,
    text: { format: { type: 'text' } },
    tool_choice: 'auto',
    tools: [],
    top_p: null,
    truncation: 'disabled',
    usage: fields.usage,
    user: null,
    metadata: {},
  };
}

export function responseFromHub(hub: HubResponse): Record<string, unknown> {
  const id = responseId(hub.id);
  const { status, incomplete_details } = finishToStatus(hub.finish);
  return responseObject({
    id,
    model: hub.model,
    createdAt: Math.floor(Date.now() / 1000),
    status,
    incompleteDetails: incomplete_details,
    output: outputItems(hub.parts, id),
    usage: hub.usage ? responsesUsageFromHub(hub.usage) : null,
  });
}
