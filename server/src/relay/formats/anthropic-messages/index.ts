import type { WireFormat } from '../types.js';
import { anthropicErrorBody, anthropicStreamErrorFrame } from './errors.js';
import { messagesRequestFromHub, messagesRequestToHub } from './request.js';
import { messageFromHub, messageToHub } from './response.js';
import { MessagesStreamDecoder } from './stream-decode.js';
import { MessagesStreamEncoder } from './stream-encode.js';
import { countMessagesPrompt, estimateMessagesPrompt } from './token-count.js';

/** Anthropic Messages (`POST /v1/messages`). */
export const anthropicMessages: WireFormat = {
  name: 'anthropic-messages',
  mode: 'messages',
  path: '/v1/messages',
  requestToHub: messagesRequestToHub,
  requestFromHub: messagesRequestFromHub,
  responseToHub: messageToHub,
  responseFromHub: messageFromHub,
  streamDecoder: () => new MessagesStreamDecoder(),
  streamEncoder: (options) => new MessagesStreamEncoder(options),
  errorBody: anthropicErrorBody,
  streamErrorFrame: anthropicStreamErrorFrame,
  estimatePromptTokens: estimateMessagesPrompt,
  countPromptTokens: countMessagesPrompt,
};
