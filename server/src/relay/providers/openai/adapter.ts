import { channelTypeInfo } from '@gateway/contract';
import { openAIChat } from '../../formats/openai-chat/index.js';
import type { RuntimeChannel } from '../../routing/runtime-channel.js';
import type { ProviderAdapter } from '../types.js';
import { upstreamBody } from './request-body.js';
import { parseErrorBody, parseJsonResponse } from './response.js';
import { parseResponsesAnswer, ResponsesPassThroughTranslator } from './responses.js';
import { OpenAIStreamTranslator } from './stream.js';
import { StreamReasoningInliner } from './thinking-to-content.js';
import { upstreamUrl } from './upstream-url.js';

/** The channel's key as its type wants it: its own header (Azure's `api-key`), else a bearer token. */
export function channelKeyHeader(channel: RuntimeChannel): Record<string, string> {
  const keyHeader = channelTypeInfo(channel.type)?.headers?.keyHeader;
  return keyHeader ? { [keyHeader]: channel.key } : { authorization: `Bearer ${channel.key}` };
}

/** Every channel type whose upstream speaks the OpenAI protocol (OpenAI, Azure, DeepSeek, ...). */
export const openAIAdapter: ProviderAdapter = {
  chatFormat: openAIChat,
  // Anthropic Messages, Gemini and Responses reach OpenAI-compatible upstreams through the hub, as chat.
  supports: (mode) =>
    mode !== 'messages' && mode !== 'gemini' && mode !== 'responses' && mode !== 'gemini-embed',

  buildRequest(inbound, target) {
    const { channel } = target;
    const headers: Record<string, string> = {
      'content-type': inbound.body ? 'application/json' : inbound.contentType,
      accept: inbound.stream ? 'text/event-stream' : 'application/json',
    };
    const wanted = channelTypeInfo(channel.type)?.headers;
    Object.assign(headers, channelKeyHeader(channel));
    if (wanted?.organization && channel.organization) headers['openai-organization'] = channel.organization;
    for (const [name, value] of Object.entries(wanted?.fixed ?? {})) headers[name.toLowerCase()] = value;
    // The channel's own header overrides come last: an admin can replace any of the above.
    for (const [name, value] of Object.entries(channel.headers)) headers[name.toLowerCase()] = value;
    return {
      url: upstreamUrl(inbound, target),
      method: 'POST',
      headers,
      body: upstreamBody(inbound, target),
    };
  },

  parseResponse: (inbound, body, contentType, target) =>
    inbound.mode === 'responses'
      ? parseResponsesAnswer(body, contentType)
      : parseJsonResponse(inbound, body, contentType, target.channel.setting.thinking_to_content === true),
  streamTranslator: (inbound, target) =>
    inbound.mode === 'responses'
      ? new ResponsesPassThroughTranslator()
      : new OpenAIStreamTranslator(
          inbound,
          target.channel.setting.thinking_to_content ? new StreamReasoningInliner() : null,
        ),
  parseError: parseErrorBody,
};

/**
 * OpenAI itself (type 1) also serves the Responses API: its bytes pass through unchanged and only
 * usage is read. Compatible providers rarely implement it, so they get Responses as chat.
 */
export const openAIResponsesAdapter: ProviderAdapter = {
  ...openAIAdapter,
  supports: (mode) => mode === 'responses' || openAIAdapter.supports(mode),
};
