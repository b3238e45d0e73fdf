import { openAIChat } from '../../formats/openai-chat/index.js';
import { chatStreamTranslator } from '../chat-via-hub.js';
import type { ProviderAdapter } from '../types.js';
import { difyRequest } from './request.js';
import { parseDifyAnswer, parseDifyError } from './response.js';
import { DifyStreamDecoder } from './stream.js';

/**
 * Dify apps (channel type 37), spoken to as OpenAI chat: chat apps through `/v1/chat-messages`,
 * completion apps through `/v1/completion-messages` and workflows through `/v1/workflows/run`, as
 * the channel's `other` says. The conversation is flattened into one query, blocking answers and
 * event streams are converted back, and every other chat format reaches it through the hub bridge.
 */
export const difyAdapter: ProviderAdapter = {
  chatFormat: openAIChat,
  supports: (mode) => mode === 'chat',
  buildRequest: difyRequest,
  parseResponse: (inbound, body, contentType) => parseDifyAnswer(inbound, body, contentType),
  streamTranslator: (inbound) => chatStreamTranslator(inbound),
  parseError: parseDifyError,
  streamFraming: { contentType: 'text/event-stream', decoder: () => new DifyStreamDecoder() },
};
