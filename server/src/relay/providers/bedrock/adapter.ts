import { claudeAdapter } from '../anthropic/adapter.js';
import type { ProviderAdapter } from '../types.js';
import { parseBedrockError } from './errors.js';
import { BedrockEventStreamDecoder } from './event-stream.js';
import { bedrockRequest, EVENT_STREAM_TYPE } from './request.js';

/**
 * AWS Bedrock's Anthropic models (channel type 33): Anthropic's Messages body and answers,
 * signed requests, and a binary event stream whose chunks are Anthropic stream events, so the
 * Claude adapter's answer parsing and pass-through stream serve it unchanged.
 */
export const bedrockAdapter: ProviderAdapter = {
  chatFormat: claudeAdapter.chatFormat,
  supports: claudeAdapter.supports,
  buildRequest: bedrockRequest,
  parseResponse: claudeAdapter.parseResponse,
  streamTranslator: claudeAdapter.streamTranslator,
  parseError: parseBedrockError,
  streamFraming: { contentType: EVENT_STREAM_TYPE, decoder: () => new BedrockEventStreamDecoder() },
};
