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

/** The kinds of Dify app a channel serves, named by its `other` field. */
export type DifyAppKind = 'chat' | 'completion' | 'workflow';

/** The channel's `other` as an app kind: `completion` or `workflow`, anything else a chat app. */
export function difyAppKind(other: string): DifyAppKind {
  const kind = other.trim().toLowerCase();
  return kind === 'completion' || kind === 'workflow' ? kind : 'chat';
}

const PATHS: Record<DifyAppKind, string> = {
  chat: '/v1/chat-messages',
  completion: '/v1/completion-messages',
  workflow: '/v1/workflows/run',
};

/**
 * The request body of each app kind. Chat apps take the text as `query`; completion apps and
 * workflows take only `inputs`, whose `query` variable carries it (the app must declare one).
 */
export function difyBody(hub: HubRequest, kind: DifyAppKind = 'chat'): Record<string, unknown> {
  const common = {
    response_mode: hub.stream ? 'streaming' : 'blocking',
    user: hub.user || DEFAULT_DIFY_USER,
  };
  if (kind === 'chat') return { inputs: {}, query: difyQuery(hub), ...common };
  return { inputs: { query: difyQuery(hub) }, ...common };
}

/** `POST {base}/v1/<the app kind's path>` with the app's key as Bearer token. */
export function difyRequest(inbound: InboundRequest, target: UpstreamTarget): UpstreamRequest {
  const { channel } = target;
  const base = channel.baseUrl || channelTypeInfo(channel.type)?.baseUrl || '';
  const kind = difyAppKind(channel.other ?? '');
  const hub = { ...openAIChat.requestToHub(inbound.body ?? {}), stream: inbound.stream };
  const body = difyBody(hub, kind);
  if (channel.paramOverride) Object.assign(body, channel.paramOverride);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: inbound.stream ? 'text/event-stream' : 'application/json',
    authorization: `Bearer ${channel.key}`,
  };
  for (const [name, value] of Object.entries(channel.headers)) headers[name.toLowerCase()] = value;
  return { url: `${base}${PATHS[kind]}`, method: 'POST', headers, body: JSON.stringify(body) };
}
