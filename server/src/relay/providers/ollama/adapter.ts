import { channelTypeInfo } from '@gateway/contract';
import { embeddingTexts, openAIEmbeddingsAnswer } from '../embeddings-answer.js';
import { openAIAdapter } from '../openai/adapter.js';
import type {
  InboundRequest,
  ParsedResponse,
  ProviderAdapter,
  UpstreamRequest,
  UpstreamTarget,
} from '../types.js';

function embedRequest(inbound: InboundRequest, target: UpstreamTarget): UpstreamRequest {
  const { channel } = target;
  const base = channel.baseUrl || channelTypeInfo(channel.type)?.baseUrl || '';
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
    // Ollama itself needs no key; one in front of it (a proxy) may.
    ...(channel.key ? { authorization: `Bearer ${channel.key}` } : {}),
  };
  for (const [name, value] of Object.entries(channel.headers)) headers[name.toLowerCase()] = value;
  const body = { model: target.upstreamModel, input: embeddingTexts(inbound.body?.input) };
  return { url: `${base}/api/embed`, method: 'POST', headers, body: JSON.stringify(body) };
}

/** `{model, embeddings: [[...]], prompt_eval_count}` in OpenAI's embeddings shape. */
export function parseEmbedAnswer(inbound: InboundRequest, body: Buffer): ParsedResponse {
  let json: { embeddings?: unknown; prompt_eval_count?: unknown; error?: unknown };
  try {
    json = JSON.parse(body.toString('utf8')) as typeof json;
  } catch {
    json = {};
  }
  if (!Array.isArray(json.embeddings)) {
    const message = typeof json.error === 'string' ? json.error : 'the upstream answer has no embeddings';
    const error = { message, type: 'upstream_error', code: 'bad_response_body', param: null };
    return { body, contentType: 'application/json', usage: null, text: () => '', error };
  }
  const tokens = typeof json.prompt_eval_count === 'number' ? json.prompt_eval_count : null;
  return openAIEmbeddingsAnswer(inbound, json.embeddings as number[][], tokens);
}

/**
 * Ollama (channel type 4): everything through its OpenAI-compatible `/v1/...`, except embeddings,
 * which go to the native `/api/embed` (it reports the tokens it read, `prompt_eval_count`).
 * Native errors are `{"error":"message"}`, which the OpenAI error reading understands.
 */
export const ollamaAdapter: ProviderAdapter = {
  ...openAIAdapter,
  buildRequest: (inbound, target) =>
    inbound.mode === 'embeddings'
      ? embedRequest(inbound, target)
      : openAIAdapter.buildRequest(inbound, target),
  parseResponse: (inbound, body, contentType, target) =>
    inbound.mode === 'embeddings'
      ? parseEmbedAnswer(inbound, body)
      : openAIAdapter.parseResponse(inbound, body, contentType, target),
};
