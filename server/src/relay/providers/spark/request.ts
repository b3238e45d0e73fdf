import { channelTypeInfo, SPARK_TYPE } from '@gateway/contract';
import { RelayError } from '../../errors.js';
import type { InboundRequest, UpstreamRequest, UpstreamTarget } from '../types.js';
import { parseSparkKey, signedSparkUrl } from './auth.js';

/** Used when neither the model name nor the channel's `other` names a version. */
export const DEFAULT_SPARK_VERSION = 'v2.1';

/** The `domain` each numbered API version expects (Xunfei's documentation). */
const DOMAINS: Readonly<Record<string, string>> = {
  'v1.1': 'general',
  'v2.1': 'generalv2',
  'v3.1': 'generalv3',
  'v3.5': 'generalv3.5',
  'v4.0': '4.0Ultra',
};

/**
 * The API version of a call: the model's own (`SparkDesk-v3.5`, so one channel serves every
 * version listed in its models), else the channel's `other`, else the default.
 */
export function sparkVersion(upstreamModel: string, other: string): string {
  const fromModel = /^SparkDesk-(.+)$/i.exec(upstreamModel)?.[1];
  return (fromModel ?? other.trim()) || DEFAULT_SPARK_VERSION;
}

/**
 * The socket path and `domain` of a version. Numbered versions live at `/{version}/chat`; the
 * named models (pro-128k, max-32k) at `/chat/{name}`, with their name as the domain.
 */
export function sparkEndpoint(version: string): { path: string; domain: string } {
  if (!/^[\w.-]+$/.test(version)) {
    throw new RelayError(500, `讯飞星火 API 版本无效：${version}`, 'invalid_channel_setting', {
      local: false,
      type: 'new_api_error',
    });
  }
  if (/^v\d/.test(version))
    return { path: `/${version}/chat`, domain: DOMAINS[version] ?? `general${version}` };
  return { path: `/chat/${version}`, domain: version };
}

/** The channel's base URL (or Xunfei's) as a WebSocket URL: http(s) becomes ws(s). */
export function sparkBase(target: UpstreamTarget): URL {
  const base = target.channel.baseUrl || channelTypeInfo(SPARK_TYPE)?.baseUrl || '';
  return new URL(base.replace(/^http(s?):/i, 'ws$1:'));
}

interface ChatMessage {
  role?: unknown;
  content?: unknown;
}

/** Spark takes plain text: the text parts of multi-part content, joined. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: { type?: unknown; text?: unknown }) =>
      part?.type === 'text' && typeof part.text === 'string' ? part.text : '',
    )
    .join('');
}

/** Spark knows system, user and assistant turns; tool results are told as the user's words. */
function sparkMessages(messages: unknown): Array<{ role: string; content: string }> {
  if (!Array.isArray(messages)) return [];
  const out: Array<{ role: string; content: string }> = [];
  for (const message of messages as ChatMessage[]) {
    const content = textOf(message.content);
    // Spark refuses empty turns (an assistant turn that only called a tool).
    if (!content) continue;
    const role = message.role === 'system' || message.role === 'assistant' ? message.role : 'user';
    out.push({ role, content });
  }
  return out;
}

interface FunctionDeclaration {
  name?: unknown;
  description?: unknown;
  parameters?: unknown;
}

/** OpenAI tools (and legacy `functions`) as Spark's function list. */
function sparkFunctions(body: Record<string, unknown>): FunctionDeclaration[] {
  const declared: FunctionDeclaration[] = [];
  if (Array.isArray(body.tools)) {
    for (const tool of body.tools as Array<{ type?: unknown; function?: FunctionDeclaration }>) {
      if (tool?.type === 'function' && tool.function) declared.push(tool.function);
    }
  }
  if (Array.isArray(body.functions)) declared.push(...(body.functions as FunctionDeclaration[]));
  return declared.map(({ name, description, parameters }) => ({ name, description, parameters }));
}

/** The request frame for an OpenAI chat body (the hub brings every other client format to it). */
export function sparkRequestFrame(
  body: Record<string, unknown>,
  domain: string,
  appId: string,
): Record<string, unknown> {
  const chat: Record<string, unknown> = { domain };
  if (typeof body.temperature === 'number') chat.temperature = body.temperature;
  const maxTokens = body.max_tokens ?? body.max_completion_tokens;
  if (typeof maxTokens === 'number') chat.max_tokens = maxTokens;
  if (typeof body.top_k === 'number') chat.top_k = body.top_k;
  const header: Record<string, unknown> = { app_id: appId };
  // Xunfei allows a user id of at most 32 characters.
  if (typeof body.user === 'string' && body.user) header.uid = body.user.slice(0, 32);
  const payload: Record<string, unknown> = { message: { text: sparkMessages(body.messages) } };
  const functions = sparkFunctions(body);
  if (functions.length > 0) payload.functions = { text: functions };
  return { header, parameter: { chat }, payload };
}

/** The signed socket URL and the one frame to send on it (`body`). */
export function sparkRequest(inbound: InboundRequest, target: UpstreamTarget): UpstreamRequest {
  const credentials = parseSparkKey(target.channel.key);
  const { path, domain } = sparkEndpoint(sparkVersion(target.upstreamModel, target.channel.other));
  const body = { ...inbound.body, ...target.channel.paramOverride };
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(target.channel.headers)) headers[name.toLowerCase()] = value;
  return {
    url: signedSparkUrl(sparkBase(target), path, credentials),
    method: 'GET',
    headers,
    body: JSON.stringify(sparkRequestFrame(body, domain, credentials.appId)),
  };
}
