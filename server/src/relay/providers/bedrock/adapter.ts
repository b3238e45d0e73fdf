import { claudeAdapter } from '../anthropic/adapter.js';
import type { ProviderAdapter } from '../types.js';
import { parseBedrockError } from './errors.js';
import { BedrockEventStreamDecoder } from './event-stream.js';
import { bedrockRequest, EVENT_STREAM_TYPE } from './request.js';
import { completeTitanEmbeddings, parseTitanEmbeddings, titanEmbeddingsRequest } from './titan-embeddings.js';

/**
 * AWS Bedrock (channel type 33). Anthropic's models: Anthropic's Messages body and answers,
 * signed requests, and a binary event stream whose chunks are Anthropic stream events, so the
 * Claude adapter's answer parsing and pass-through stream serve it unchanged. OpenAI embeddings:
 * Amazon Titan's text embedding models, one InvokeModel call per input (`titan-embeddings.ts`).
 */
export const bedrockAdapter: ProviderAdapter = {
  chatFormat: claudeAdapter.chatFormat,
  supports: (mode) => mode === 'embeddings' || claudeAdapter.supports(mode),
  buildRequest: (inbound, target) =>
    inbound.mode === 'embeddings' ? titanEmbeddingsRequest(inbound, target) : bedrockRequest(inbound, target),
  parseResponse: (inbound, body, contentType, target) =>
    inbound.mode === 'embeddings'
      ? parseTitanEmbeddings(inbound, body)
      : claudeAdapter.parseResponse(inbound, body, contentType, target),
  async complete(first, inbound, target, followUp) {
    if (inbound.mode === 'embeddings') return completeTitanEmbeddings(first, inbound, target, followUp);
    return { status: 200, body: first, headers: {}, contentType: 'application/json' };
  },
  streamTranslator: claudeAdapter.streamTranslator,
  parseError: parseBedrockError,
  streamFraming: { contentType: EVENT_STREAM_TYPE, decoder: () => new BedrockEventStreamDecoder() },
};
