import { openAIChat } from '../../formats/openai-chat/index.js';
import { chatStreamTranslator } from '../chat-via-hub.js';
import type { ProviderAdapter } from '../types.js';
import { difyRequest } from './request.js';
import { parseDifyAnswer, parseDifyError } from './response.js';
import { DifyStreamDecoder } from './stream.js';

/**
 * Dify apps (channel type 37) through `/v1/chat-messages`, spoken to as OpenAI chat: the
 * conversation is flattened into Dify's one `query`, blocking answers and the event stream are
 * converted back, and every other chat format reaches it through the hub bridge. Completion apps
 * (`/v1/completion-messages`) and workflows (`/v1/workflows/run`) are not served.
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
