import { openAIChat } from '../../formats/openai-chat/index.js';
import { parseGeminiError } from '../gemini/adapter.js';
import { OpenAIStreamTranslator } from '../openai/stream.js';
import type { ProviderAdapter } from '../types.js';
import { wholeAnswerFraming, wholeAnswerResponse } from '../whole-answer.js';
import { palmBody, palmUrl, readPalmAnswer } from './request.js';

/**
 * Google PaLM 2 (channel type 11): generateMessage, spoken as OpenAI chat (other chat formats
 * through the hub). PaLM reports no usage, so both sides are counted locally; it cannot stream,
 * so a streaming client gets the whole answer as one stream (`whole-answer.ts`). Errors are
 * Google's `{"error":{"code","message","status"}}`.
 */
export const palmAdapter: ProviderAdapter = {
  chatFormat: openAIChat,
  supports: (mode) => mode === 'chat',
  buildRequest: (inbound, target) => ({
    url: palmUrl(target),
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(palmBody(inbound)),
  }),
  parseResponse: (inbound, body) => wholeAnswerResponse(inbound, body, readPalmAnswer),
  streamTranslator: (inbound) => new OpenAIStreamTranslator(inbound),
  parseError: parseGeminiError,
  streamFraming: wholeAnswerFraming(readPalmAnswer),
};
