import type { InboundRequest, ParsedResponse } from './types.js';

/** OpenAI embeddings requests and answers, for upstreams with their own embeddings API. */

/**
 * An OpenAI `list` of embeddings, in input order. `encoding_format: base64` (what the openai SDK
 * asks for unless told otherwise) wants each vector as little-endian float32 bytes in base64, as
 * OpenAI sends them; anything else gets the numbers. `promptTokens` null: no usage block.
 */
function openAIEmbeddingsBody(
  request: Record<string, unknown> | null,
  model: string,
  vectors: readonly (readonly number[])[],
  promptTokens: number | null,
): Record<string, unknown> {
  const base64 = request?.encoding_format === 'base64';
  const data = vectors.map((vector, index) => ({
    object: 'embedding',
    index,
    embedding: base64 ? Buffer.from(new Float32Array(vector).buffer).toString('base64') : vector,
  }));
  const json: Record<string, unknown> = { object: 'list', data, model };
  if (promptTokens !== null) json.usage = { prompt_tokens: promptTokens, total_tokens: promptTokens };
  return json;
}

/** The same, as a parsed answer whose usage is what the upstream reported (null: counted locally). */
export function openAIEmbeddingsAnswer(
  inbound: InboundRequest,
  vectors: readonly (readonly number[])[],
  promptTokens: number | null,
): ParsedResponse {
  const json = openAIEmbeddingsBody(inbound.body, inbound.model, vectors, promptTokens);
  return {
    body: Buffer.from(JSON.stringify(json)),
    contentType: 'application/json',
    usage: promptTokens !== null ? { promptTokens, completionTokens: 0 } : null,
    text: () => '',
  };
}

/** The texts of an OpenAI embeddings `input`: a string or strings (token arrays are not text). */
export function embeddingTexts(input: unknown): string[] {
  if (typeof input === 'string') return [input];
  if (Array.isArray(input)) return input.filter((item): item is string => typeof item === 'string');
  return [];
}

/** The texts to embed from an OpenAI body. */
export const embeddingInputs = (body: Record<string, unknown> | null): string[] =>
  embeddingTexts(body?.input);
