import { embeddingTexts, openAIEmbeddingsAnswer } from '../embeddings-answer.js';
import type { InboundRequest, ParsedResponse } from '../types.js';
import { dashScopeErrorInfo, type DashScopeError } from './errors.js';

export const EMBEDDINGS_PATH = '/api/v1/services/embeddings/text-embedding/text-embedding';

/** `{model, input: {texts}, parameters: {text_type: 'query'}}`. */
export function embeddingsBody(inbound: InboundRequest, upstreamModel: string): Record<string, unknown> {
  return {
    model: upstreamModel,
    input: { texts: embeddingTexts(inbound.body?.input) },
    parameters: { text_type: 'query' },
  };
}

interface EmbeddingsAnswer extends DashScopeError {
  output?: { embeddings?: Array<{ text_index?: number; embedding?: number[] }> };
  usage?: { total_tokens?: number };
}

/** `{output: {embeddings: [{text_index, embedding}]}, usage: {total_tokens}}` as OpenAI's shape. */
export function parseEmbeddings(inbound: InboundRequest, body: Buffer): ParsedResponse {
  let json: EmbeddingsAnswer;
  try {
    json = JSON.parse(body.toString('utf8')) as EmbeddingsAnswer;
  } catch {
    json = {};
  }
  const items = json.output?.embeddings;
  if (!Array.isArray(items)) {
    const error = dashScopeErrorInfo(json, 'the upstream answer has no embeddings');
    return { body, contentType: 'application/json', usage: null, text: () => '', error };
  }
  // Ordered by the input they belong to, whatever order they came in.
  const vectors = [...items]
    .sort((a, b) => (a.text_index ?? 0) - (b.text_index ?? 0))
    .map((item) => item.embedding ?? []);
  const tokens = typeof json.usage?.total_tokens === 'number' ? json.usage.total_tokens : null;
  return openAIEmbeddingsAnswer(inbound, vectors, tokens);
}
