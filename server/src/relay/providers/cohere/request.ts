import { channelTypeInfo } from '@gateway/contract';
import type { HubMessage, HubRequest } from '../../formats/hub.js';
import { openAIChat } from '../../formats/openai-chat/index.js';
import type { InboundRequest, UpstreamRequest, UpstreamTarget } from '../types.js';
import { cohereToolCall, cohereToolResult, cohereTools, type CohereToolCall } from './tools.js';

/** A message's text parts (Cohere's v1 chat takes no images). */
function messageText(message: HubMessage): string {
  return message.parts
    .map((part) => (part.type === 'text' ? part.text : ''))
    .filter((text) => text !== '')
    .join('\n');
}

/**
 * The hub's turns as Cohere v1 chat_history entries: USER and CHATBOT messages (a CHATBOT turn
 * with its `tool_calls`), and TOOL turns with the results, each paired with the call it answers
 * (found by id in an earlier assistant turn: Cohere's calls have no ids).
 */
function cohereTurns(messages: readonly HubMessage[]): Record<string, unknown>[] {
  const calls = new Map<string, CohereToolCall>();
  const turns: Record<string, unknown>[] = [];
  for (const m of messages) {
    const text = messageText(m);
    if (m.role === 'assistant') {
      const toolCalls: CohereToolCall[] = [];
      for (const part of m.parts) {
        if (part.type !== 'tool_call') continue;
        const call = cohereToolCall(part);
        calls.set(part.id, call);
        toolCalls.push(call);
      }
      if (text || toolCalls.length > 0)
        turns.push({
          role: 'CHATBOT',
          message: text,
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
        });
      continue;
    }
    const results = m.parts.flatMap((part) =>
      part.type === 'tool_result'
        ? [cohereToolResult(calls.get(part.callId) ?? { name: '', parameters: {} }, part.content)]
        : [],
    );
    if (results.length > 0) turns.push({ role: 'TOOL', tool_results: results });
    if (text) turns.push({ role: 'USER', message: text });
  }
  return turns;
}

/**
 * A hub request as Cohere's v1 chat body: system instructions become `preamble`, the last user
 * turn `message` (or, answering tool calls, the last results `tool_results` with an empty
 * message), every earlier turn `chat_history`.
 */
export function cohereChatBody(hub: HubRequest, model: string): Record<string, unknown> {
  const turns = cohereTurns(hub.messages);
  const last = turns.at(-1);
  const body: Record<string, unknown> = { model, message: '' };
  if (last?.role === 'USER') body.message = turns.pop()!.message;
  else if (last?.role === 'TOOL') body.tool_results = turns.pop()!.tool_results;
  if (turns.length > 0) body.chat_history = turns;
  if (hub.system.length > 0) body.preamble = hub.system.join('\n\n');
  if (hub.tools.length > 0) body.tools = cohereTools(hub.tools);
  if (hub.temperature !== undefined) body.temperature = hub.temperature;
  if (hub.topP !== undefined) body.p = hub.topP;
  if (hub.maxTokens > 0) body.max_tokens = hub.maxTokens;
  if (hub.stop.length > 0) body.stop_sequences = hub.stop;
  if (hub.responseFormat) {
    const format = hub.responseFormat;
    body.response_format =
      format.type === 'json_schema'
        ? { type: 'json_object', schema: format.schema }
        : { type: 'json_object' };
  }
  if (hub.stream) body.stream = true;
  return body;
}

/** The fields of a Jina/Cohere-style rerank request that Cohere's v1 rerank knows. */
const RERANK_FIELDS = [
  'query',
  'documents',
  'top_n',
  'return_documents',
  'max_chunks_per_doc',
  'rank_fields',
];

export function cohereRerankBody(body: Record<string, unknown>, model: string): Record<string, unknown> {
  const out: Record<string, unknown> = { model };
  for (const field of RERANK_FIELDS) if (body[field] !== undefined) out[field] = body[field];
  return out;
}

/** `POST {base}/v1/chat` (chat, converted from OpenAI chat) or `{base}/v1/rerank`, Bearer key. */
export function cohereRequest(inbound: InboundRequest, target: UpstreamTarget): UpstreamRequest {
  const { channel } = target;
  const base = channel.baseUrl || channelTypeInfo(channel.type)?.baseUrl || '';
  const rerank = inbound.mode === 'rerank';
  const body = rerank
    ? cohereRerankBody(inbound.body ?? {}, target.upstreamModel)
    : cohereChatBody(
        { ...openAIChat.requestToHub(inbound.body ?? {}), stream: inbound.stream },
        target.upstreamModel,
      );
  if (channel.paramOverride) Object.assign(body, channel.paramOverride);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
    authorization: `Bearer ${channel.key}`,
  };
  for (const [name, value] of Object.entries(channel.headers)) headers[name.toLowerCase()] = value;
  return {
    url: `${base}/v1/${rerank ? 'rerank' : 'chat'}`,
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  };
}
