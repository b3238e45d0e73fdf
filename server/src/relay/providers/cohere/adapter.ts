import { openAIChat } from '../../formats/openai-chat/index.js';
import { chatStreamTranslator } from '../chat-via-hub.js';
import { parseErrorBody } from '../openai/response.js';
import type { ProviderAdapter } from '../types.js';
import { cohereRequest } from './request.js';
import { parseCohereAnswer } from './response.js';
import { COHERE_STREAM_TYPE, CohereStreamDecoder } from './stream.js';

/**
 * Cohere (channel type 34): v1 chat and rerank. Chat is spoken to as OpenAI chat (converted to
 * Cohere's message/chat_history/preamble on the way out, answers and the NDJSON stream converted
 * back), so every other chat format reaches it through the hub bridge. Errors are `{"message"}`,
 * which the generic error reader understands.
 */
export const cohereAdapter: ProviderAdapter = {
  chatFormat: openAIChat,
  supports: (mode) => mode === 'chat' || mode === 'rerank',
  buildRequest: cohereRequest,
  parseResponse: (inbound, body, contentType) => parseCohereAnswer(inbound, body, contentType),
  streamTranslator: (inbound) => chatStreamTranslator(inbound),
  parseError: parseErrorBody,
  streamFraming: { contentType: COHERE_STREAM_TYPE, decoder: () => new CohereStreamDecoder() },
};
