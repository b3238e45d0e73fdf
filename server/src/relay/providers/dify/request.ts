import { channelTypeInfo } from '@gateway/contract';
import type { HubMessage, HubRequest } from '../../formats/hub.js';
import { openAIChat } from '../../formats/openai-chat/index.js';
import type { InboundRequest, UpstreamRequest, UpstreamTarget } from '../types.js';

/** Dify requires an end-user id; calls that name none share this one. */
export const DEFAULT_DIFY_USER = 'api-user';

/** A message's text (Dify's chat-messages take one text query; images and tool calls are not sent). */
function messageText(message: HubMessage): string {
  return message.parts
    .map((part) => (part.type === 'text' ? part.text : part.type === 'tool_result' ? part.content : ''))
    .filter((text) => text !== '')
    .join('\n');
}

/**
 * The conversation as Dify's single `query`: a Dify app keeps its own conversations and system
 * prompt, so a stateless client's history and system instructions travel as context text, labelled
 * by role, before the last user message. A lone user message is sent as it is.
 */
export function difyQuery(hub: HubRequest): string {
  const turns = hub.messages
    .map((m) => ({ role: m.role === 'user' ? 'USER' : 'ASSISTANT', text: messageText(m) }))
    .filter((turn) => turn.text !== '');
  const last = turns.at(-1)?.role === 'USER' ? turns.pop() : undefined;
  const context = [
    ...hub.system.filter((s) => s !== '').map((text) => `SYSTEM: ${text}`),
    ...turns.map((turn) => `${turn.role}: ${turn.text}`),
  ];
  if (context.length === 0) return last?.text ?? '';
  return [...context, ...(last ? [`USER: ${last.text}`] : [])].join('\n\n');
}

export function difyChatBody(hub: HubRequest): Record<string, unknown> {
  return {
    inputs: {},
    query: difyQuery(hub),
    response_mode: hub.stream ? 'streaming' : 'blocking',
    user: hub.user || DEFAULT_DIFY_USER,
  };
}

/** `POST {base}/v1/chat-messages` with the app's key as Bearer token. */
export function difyRequest(inbound: InboundRequest, target: UpstreamTarget): UpstreamRequest {
  const { channel } = target;
  const base = channel.baseUrl || channelTypeInfo(channel.type)?.baseUrl || '';
  const body = difyChatBody({ ...openAIChat.requestToHub(inbound.body ?? {}), stream: inbound.stream });
  if (channel.paramOverride) Object.assign(body, channel.paramOverride);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: inbound.stream ? 'text/event-stream' : 'application/json',
    authorization: `Bearer ${channel.key}`,
  };
  for (const [name, value] of Object.entries(channel.headers)) headers[name.toLowerCase()] = value;
  return { url: `${base}/v1/chat-messages`, method: 'POST', headers, body: JSON.stringify(body) };
}
