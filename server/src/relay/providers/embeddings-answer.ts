import type { InboundRequest, ParsedResponse } from './types.js';

/**
 * Vectors from a native embeddings API in OpenAI's embeddings shape. `encoding_format: base64`
 * (what the openai SDK asks for unless told otherwise) gets little-endian float32 bytes, as
 * OpenAI sends them; anything else gets the numbers.
 */
export function openAIEmbeddingsAnswer(
  inbound: InboundRequest,
  vectors: readonly (readonly number[])[],
  promptTokens: number | null,
): ParsedResponse {
  const base64 = inbound.body?.encoding_format === 'base64';
  const data = vectors.map((vector, index) => ({
    object: 'embedding',
    index,
    embedding: base64 ? Buffer.from(new Float32Array(vector).buffer).toString('base64') : vector,
  }));
  const json: Record<string, unknown> = { object: 'list', data, model: inbound.model };
  if (promptTokens !== null) json.usage = { prompt_tokens: promptTokens, total_tokens: promptTokens };
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
