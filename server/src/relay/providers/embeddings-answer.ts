/** OpenAI embeddings requests and answers, for upstreams with their own embeddings API. */

/** The texts to embed from an OpenAI body (`input`: a string or a list of strings). */
export function embeddingInputs(body: Record<string, unknown> | null): string[] {
  const input = body?.input;
  if (typeof input === 'string') return [input];
  if (Array.isArray(input)) return input.filter((item): item is string => typeof item === 'string');
  return [];
}

/**
 * An OpenAI `list` of embeddings, in input order. `encoding_format: base64` (what the openai SDK
 * asks for unless told otherwise) wants each vector as little-endian float32 bytes in base64.
 */
export function openAIEmbeddingsBody(
  request: Record<string, unknown> | null,
  model: string,
  vectors: readonly number[][],
  promptTokens: number,
) {
  const base64 = request?.encoding_format === 'base64';
  return {
    object: 'list',
    data: vectors.map((vector, index) => ({
      object: 'embedding',
      embedding: base64 ? Buffer.from(new Float32Array(vector).buffer).toString('base64') : vector,
      index,
    })),
    model,
    usage: { prompt_tokens: promptTokens, total_tokens: promptTokens },
  };
}
