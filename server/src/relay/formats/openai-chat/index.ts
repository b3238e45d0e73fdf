import { countChatPrompt, estimatePromptTokens } from '../../billing/token-count.js';
import type { WireFormat } from '../types.js';
import { openAIErrorBody, openAIStreamErrorFrame } from './errors.js';
import { chatRequestFromHub, chatRequestToHub } from './request.js';
import { chatResponseFromHub, chatResponseToHub } from './response.js';
import { ChatStreamDecoder } from './stream-decode.js';
import { ChatStreamEncoder } from './stream-encode.js';

/** OpenAI Chat Completions (`POST /v1/chat/completions`). */
export const openAIChat: WireFormat = {
  name: 'openai-chat',
  mode: 'chat',
  path: '/v1/chat/completions',
  requestToHub: chatRequestToHub,
  requestFromHub: chatRequestFromHub,
  responseToHub: chatResponseToHub,
  responseFromHub: chatResponseFromHub,
  streamDecoder: () => new ChatStreamDecoder(),
  streamEncoder: (options) => new ChatStreamEncoder(options),
  errorBody: openAIErrorBody,
  streamErrorFrame: openAIStreamErrorFrame,
  estimatePromptTokens: (body) => estimatePromptTokens(body.messages, ''),
  countPromptTokens: (body, model) => countChatPrompt(body.messages, model, body.tools),
};
