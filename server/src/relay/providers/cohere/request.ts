import { channelTypeInfo } from '@gateway/contract';
import type { HubMessage, HubRequest } from '../../formats/hub.js';
import { openAIChat } from '../../formats/openai-chat/index.js';
import type { InboundRequest, UpstreamRequest, UpstreamTarget } from '../types.js';

/** Cohere's chat_history roles (SYSTEM and TOOL turns are never produced from the hub). */
type CohereRole = 'USER' | 'CHATBOT';

/**
 * A message's text. Cohere's v1 chat takes text only: images are dropped, and tool calls and
 * results (Cohere's v1 tool protocol differs from everyone's) are not sent.
 */
function messageText(message: HubMessage): string {
  return message.parts
    .map((part) => (part.type === 'text' ? part.text : part.type === 'tool_result' ? part.content : ''))
    .filter((text) => text !== '')
    .join('\n');
}

/**
 * A hub request as Cohere's v1 chat body: system instructions become `preamble`, the last user
 * turn `message`, every earlier turn `chat_history`.
 */
export function cohereChatBody(hub: HubRequest, model: string): Record<string, unknown> {
  const turns = hub.messages
    .map((m) => ({ role: (m.role === 'user' ? 'USER' : 'CHATBOT') as CohereRole, message: messageText(m) }))
    .filter((turn) => turn.message !== '');
  const last = turns.at(-1)?.role === 'USER' ? turns.pop() : undefined;
  const body: Record<string, unknown> = { model, message: last?.message ?? '' };
  if (turns.length > 0) body.chat_history = turns;
  if (hub.system.length > 0) body.preamble = hub.system.join('\n\n');
  if (hub.temperature !== undefined) body.temperature = hub.temperature;
  if (hub.topP !== undefined) body.p = hub.topP;
  if (hub.maxTokens > 0) body.max_tokens = hub.maxTokens;
  if (hub.stop.length > 0) body.stop_sequences = hub.stop;
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
