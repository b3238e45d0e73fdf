import { openAIChat } from '../../formats/openai-chat/index.js';
import { OpenAIStreamTranslator } from '../openai/stream.js';
import type { ProviderAdapter } from '../types.js';
import { wholeAnswerFraming, wholeAnswerResponse } from '../whole-answer.js';
import { libraryBody, libraryUrl, parseLibraryError, readLibraryAnswer } from './request.js';

/**
 * AIProxy's knowledge base (channel type 21): `POST /api/library/ask` with the key in `Api-Key`
 * and the library id from the channel's `other`. Spoken as OpenAI chat (other chat formats
 * through the hub); no usage is reported (counted locally) and nothing streams, so a streaming
 * client gets the whole answer as one stream (`whole-answer.ts`).
 */
export const aiproxyLibraryAdapter: ProviderAdapter = {
  chatFormat: openAIChat,
  supports: (mode) => mode === 'chat',
  buildRequest: (inbound, target) => ({
    url: libraryUrl(target),
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      'api-key': target.channel.key,
    },
    body: JSON.stringify(libraryBody(inbound, target)),
  }),
  parseResponse: (inbound, body) => wholeAnswerResponse(inbound, body, readLibraryAnswer),
  streamTranslator: (inbound) => new OpenAIStreamTranslator(inbound),
  parseError: parseLibraryError,
  streamFraming: wholeAnswerFraming(readLibraryAnswer),
};
