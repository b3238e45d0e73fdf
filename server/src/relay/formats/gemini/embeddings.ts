/**
 * Gemini's embedding calls (embedContent, batchEmbedContents) and OpenAI's /v1/embeddings,
 * converted into each other. Pure functions: the adapters decide URLs and headers.
 */

interface GeminiContent {
  parts?: Array<{ text?: unknown }>;
}

interface GeminiEmbedRequest {
  model?: string;
  content?: GeminiContent;
  taskType?: string;
  title?: string;
  outputDimensionality?: number;
}

/** Whether a Gemini client path asks for the batch method. */
export const isBatchEmbedPath = (path: string): boolean => path.endsWith(':batchEmbedContents');

/** The text of one content: its text parts, one per line (Gemini embeds a content as one text). */
function contentText(content: GeminiContent | undefined): string {
  if (!content || !Array.isArray(content.parts)) return '';
  return content.parts
    .map((p) => (typeof p?.text === 'string' ? p.text : ''))
    .filter((t) => t !== '')
    .join('\n');
}

/** The requests of an embedContent body (one) or a batchEmbedContents body (`requests`). */
export function geminiEmbedRequests(body: Record<string, unknown>, batch: boolean): GeminiEmbedRequest[] {
  if (!batch) return [body as GeminiEmbedRequest];
  const requests = body.requests;
  return Array.isArray(requests) ? (requests as GeminiEmbedRequest[]) : [];
}

/** One text per embedding a Gemini embed body asks for (for counting and for conversion). */
export function geminiEmbedTexts(body: Record<string, unknown>, batch: boolean): string[] {
  return geminiEmbedRequests(body, batch).map((r) => contentText(r.content));
}

/** Whether the body names at least one content with text (what Gemini itself requires). */
export function isValidGeminiEmbedBody(body: Record<string, unknown>, batch: boolean): boolean {
  const texts = geminiEmbedTexts(body, batch);
  return texts.length > 0 && texts.every((t) => t !== '');
}

/**
 * A Gemini embed body with every request naming `models/<upstreamModel>`: batchEmbedContents
 * refuses requests whose model differs from the one in the URL, which model mapping changes.
 */
export function geminiEmbedBodyFor(
  body: Record<string, unknown>,
  batch: boolean,
  upstreamModel: string,
): Record<string, unknown> {
  const name = `models/${upstreamModel}`;
  if (!batch) return body.model === undefined ? body : { ...body, model: name };
  return { ...body, requests: geminiEmbedRequests(body, true).map((r) => ({ ...r, model: name })) };
}

/** The texts of OpenAI's `input`: a string or strings (token arrays have no Gemini equivalent). */
export function openAIEmbeddingInputs(input: unknown): string[] {
  if (typeof input === 'string') return [input];
  if (!Array.isArray(input)) return [];
  return input.map((item) => (Array.isArray(item) ? item.join(' ') : String(item)));
}

/** OpenAI embeddings → batchEmbedContents: every input, in order (one request each). */
export function openAIEmbeddingsToGeminiBatch(
  body: Record<string, unknown>,
  upstreamModel: string,
): Record<string, unknown> {
  const dimensions = typeof body.dimensions === 'number' ? body.dimensions : undefined;
  return {
    requests: openAIEmbeddingInputs(body.input).map((text) => ({
      model: `models/${upstreamModel}`,
      content: { parts: [{ text }] },
      ...(dimensions !== undefined ? { outputDimensionality: dimensions } : {}),
    })),
  };
}

/** OpenAI's `encoding_format: base64`: little-endian float32, what the openai SDK asks for by default. */
function toBase64(values: number[]): string {
  return Buffer.from(new Float32Array(values).buffer).toString('base64');
}

const valuesOf = (embedding: unknown): number[] => {
  const values = (embedding as { values?: unknown } | null)?.values;
  return Array.isArray(values) ? (values as number[]) : [];
};

/** batchEmbedContents' answer → an OpenAI embeddings list (usage is added by the pipeline). */
export function geminiBatchToOpenAIEmbeddings(
  json: Record<string, unknown>,
  model: string,
  encodingFormat: unknown,
): Record<string, unknown> {
  const embeddings = Array.isArray(json.embeddings) ? (json.embeddings as unknown[]) : [];
  const base64 = encodingFormat === 'base64';
  return {
    object: 'list',
    data: embeddings.map((e, index) => {
      const values = valuesOf(e);
      return { object: 'embedding', index, embedding: base64 ? toBase64(values) : values };
    }),
    model,
  };
}

/** A Gemini embed body → an OpenAI embeddings request for an OpenAI-compatible upstream. */
export function geminiEmbedToOpenAIEmbeddings(
  body: Record<string, unknown>,
  batch: boolean,
  upstreamModel: string,
): Record<string, unknown> {
  const requests = geminiEmbedRequests(body, batch);
  const dimensions = requests.find((r) => typeof r.outputDimensionality === 'number')?.outputDimensionality;
  return {
    model: upstreamModel,
    input: requests.map((r) => contentText(r.content)),
    encoding_format: 'float',
    ...(dimensions !== undefined ? { dimensions } : {}),
  };
}

/** An OpenAI embeddings answer → embedContent's `{embedding}` or batchEmbedContents' `{embeddings}`. */
export function openAIEmbeddingsToGemini(
  json: Record<string, unknown>,
  batch: boolean,
): Record<string, unknown> {
  const data = Array.isArray(json.data) ? (json.data as Array<{ index?: number; embedding?: unknown }>) : [];
  const ordered = [...data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
  const embeddings = ordered.map((d) => ({
    values: Array.isArray(d.embedding) ? (d.embedding as number[]) : [],
  }));
  return batch ? { embeddings } : { embedding: embeddings[0] ?? { values: [] } };
}
