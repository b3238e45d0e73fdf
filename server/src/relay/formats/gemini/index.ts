import type { WireFormat } from '../types.js';
import { geminiErrorBody, geminiStreamErrorFrame } from './errors.js';
import { geminiRequestFromHub } from './request-encode.js';
import { geminiRequestToHub } from './request.js';
import { geminiResponseFromHub, geminiResponseToHub } from './response.js';
import { GeminiStreamDecoder } from './stream-decode.js';
import { GeminiStreamEncoder } from './stream-encode.js';
import { countGeminiPrompt, estimateGeminiPrompt } from './token-count.js';

/**
 * Gemini generateContent (`POST /v1beta/models/{model}:generateContent`, and
 * `:streamGenerateContent?alt=sse`). `path` is the route's prefix: the model and the method
 * follow it.
 */
export const geminiGenerate: WireFormat = {
  name: 'gemini',
  mode: 'gemini',
  path: '/v1beta/models',
  requestToHub: geminiRequestToHub,
  requestFromHub: geminiRequestFromHub,
  responseToHub: geminiResponseToHub,
  responseFromHub: geminiResponseFromHub,
  streamDecoder: () => new GeminiStreamDecoder(),
  streamEncoder: (options) => new GeminiStreamEncoder(options),
  errorBody: geminiErrorBody,
  streamErrorFrame: geminiStreamErrorFrame,
  estimatePromptTokens: estimateGeminiPrompt,
  countPromptTokens: countGeminiPrompt,
};
