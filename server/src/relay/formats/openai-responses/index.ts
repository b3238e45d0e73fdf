import type { WireFormat } from '../types.js';
import { responsesErrorBody, responsesStreamErrorFrame } from './errors.js';
import { responsesRequestFromHub, responsesRequestToHub } from './request.js';
import { responseFromHub, responseToHub } from './response.js';
import { ResponsesStreamDecoder } from './stream-decode.js';
import { ResponsesStreamEncoder } from './stream-encode.js';
import { countResponsesPrompt, estimateResponsesPrompt } from './token-count.js';

/** OpenAI Responses (`POST /v1/responses`). */
export const openAIResponses: WireFormat = {
  name: 'openai-responses',
  mode: 'responses',
  path: '/v1/responses',
  requestToHub: responsesRequestToHub,
  requestFromHub: responsesRequestFromHub,
  responseToHub,
  responseFromHub,
  streamDecoder: () => new ResponsesStreamDecoder(),
  streamEncoder: (options) => new ResponsesStreamEncoder(options),
  errorBody: responsesErrorBody,
  streamErrorFrame: responsesStreamErrorFrame,
  estimatePromptTokens: estimateResponsesPrompt,
  countPromptTokens: countResponsesPrompt,
};
