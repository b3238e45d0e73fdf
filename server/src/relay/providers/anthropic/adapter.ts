import { anthropicMessages } from '../../formats/anthropic-messages/index.js';
import { messageToHub } from '../../formats/anthropic-messages/response.js';
import { anthropicUsageToHub } from '../../formats/anthropic-messages/usage.js';
import { hubPartsText } from '../../formats/hub.js';
import { parseErrorBody } from '../openai/response.js';
import type { ParsedResponse, ProviderAdapter, UpstreamErrorInfo } from '../types.js';
import { claudeBody, claudeHeaders, claudeUrl } from './request.js';
import { ClaudeStreamTranslator } from './stream.js';

function parseMessage(body: Buffer, contentType: string): ParsedResponse {
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
  } catch {
    return { body, contentType, usage: null, text: () => '' };
  }
  const error = json.error as { type?: string; message?: string } | undefined;
  if (json.type === 'error' && error) {
    const type = error.type ?? 'api_error';
    return {
      body,
      contentType,
      usage: null,
      text: () => '',
      error: { message: error.message ?? 'upstream error', type, code: type, param: null },
    };
  }
  return {
    body,
    contentType: contentType || 'application/json',
    usage: anthropicUsageToHub(json.usage),
    text: () => hubPartsText(messageToHub(json).parts),
  };
}

/** `{"type":"error","error":{"type","message"}}`; the error type doubles as the code. */
function parseClaudeError(status: number, body: Buffer): UpstreamErrorInfo {
  const info = parseErrorBody(status, body);
  return info.code ? info : { ...info, code: info.type };
}

/** Anthropic's Messages API (channel type 14). Chat clients reach it through the hub. */
export const claudeAdapter: ProviderAdapter = {
  chatFormat: anthropicMessages,
  supports: (mode) => mode === 'messages',
  buildRequest: (inbound, target) => ({
    url: claudeUrl(target),
    method: 'POST',
    headers: claudeHeaders(inbound, target),
    body: claudeBody(inbound, target),
  }),
  parseResponse: (_inbound, body, contentType) => parseMessage(body, contentType),
  streamTranslator: () => new ClaudeStreamTranslator(),
  parseError: parseClaudeError,
};
