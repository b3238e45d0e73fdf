/**
 * Input-only endpoints: embeddings (OpenAI and Ollama's native /api/embed), rerank and
 * moderations. Vectors and scores are deterministic so tests can compare replies.
 */
import { createHash, randomUUID } from 'node:crypto';
import { randomId } from '../ids.js';
import type { HandlerContext } from '../router.js';
import { collectText, countTokens } from '../tokens.js';
import { inputUsageJson, resolveUsage } from './usage.js';
import { validateOpenAIRequest } from './validate.js';

/** A unit vector derived from the text, identical on every run. */
export function deterministicVector(text: string, dimensions: number): number[] {
  const values: number[] = [];
  let block = createHash('sha256').update(text).digest();
  while (values.length < dimensions) {
    for (let i = 0; i + 4 <= block.length && values.length < dimensions; i += 4) {
      values.push(block.readUInt32LE(i) / 0xffffffff - 0.5);
    }
    block = createHash('sha256').update(block).digest();
  }
  const norm = Math.hypot(...values) || 1;
  // Rounded through float32, so the base64 and float encodings carry the same numbers.
  return values.map((v) => Math.fround(v / norm));
}

/** OpenAI's `encoding_format: base64`: little-endian float32, which the openai SDK asks for by default. */
function toBase64(vector: number[]): string {
  return Buffer.from(new Float32Array(vector).buffer).toString('base64');
}

/** The inputs of an embeddings request: a string, strings, a token array or token arrays. */
function embeddingInputs(input: unknown): { text: string; tokens: number | null }[] {
  if (typeof input === 'string') return [{ text: input, tokens: null }];
  if (!Array.isArray(input)) return [];
  if (input.every((item) => typeof item === 'number'))
    return [{ text: input.join(','), tokens: input.length }];
  return input.map((item) =>
    Array.isArray(item)
      ? { text: item.join(','), tokens: item.length }
      : { text: String(item), tokens: null },
  );
}

export async function embeddingsHandler(ctx: HandlerContext): Promise<void> {
  const invalid = validateOpenAIRequest(ctx, ['input']);
  if (invalid) return ctx.reply.error(invalid);
  const { body, spec } = ctx;
  const model = String(body.model ?? ctx.params.deployment ?? '');
  const dimensions =
    typeof body.dimensions === 'number' ? body.dimensions : (spec.embeddingDimensions ?? 1536);
  const inputs = embeddingInputs(body.input);
  const base64 = body.encoding_format === 'base64';
  const data = inputs.map((input, index) => {
    const vector = deterministicVector(`${model}\n${input.text}`, dimensions);
    return { object: 'embedding', index, embedding: base64 ? toBase64(vector) : vector };
  });
  const prompt = inputs.reduce((sum, i) => sum + (i.tokens ?? countTokens(i.text, model)), 0);
  const usage = resolveUsage(spec, { prompt, completion: 0 });
  return ctx.reply.json({ object: 'list', data, model, ...(usage ? { usage: inputUsageJson(usage) } : {}) });
}

/** Ollama's native embeddings: `{model, embeddings: [[...]], prompt_eval_count}`. */
export async function ollamaEmbedHandler(ctx: HandlerContext): Promise<void> {
  const { body, spec } = ctx;
  if (ctx.invalidJson || !body.model) {
    return ctx.reply.error({ status: 400, message: ctx.invalidJson ? 'invalid JSON' : 'model is required' });
  }
  const model = String(body.model);
  const texts = collectText(body.input);
  const dimensions = spec.embeddingDimensions ?? 768;
  const usage = resolveUsage(spec, {
    prompt: texts.reduce((sum, t) => sum + countTokens(t), 0),
    completion: 0,
  });
  return ctx.reply.json({
    model,
    embeddings: texts.map((text) => deterministicVector(`${model}\n${text}`, dimensions)),
    total_duration: 14_143_917,
    load_duration: 1_019_500,
    ...(usage ? { prompt_eval_count: usage.prompt } : {}),
  });
}

function documentText(document: unknown): string {
  if (typeof document === 'string') return document;
  return collectText(document).join(' ');
}

/** A score in (0, 1) that grows with the words a document shares with the query. */
function relevance(query: string, document: string): number {
  const words = new Set(query.toLowerCase().match(/\w+/g) ?? []);
  const docWords = document.toLowerCase().match(/\w+/g) ?? [];
  const shared = docWords.filter((w) => words.has(w)).length;
  const jitter = createHash('sha256').update(`${query}\n${document}`).digest().readUInt16LE(0) / 0xffff;
  return Number(((shared + jitter * 0.5) / (shared + 1.5)).toFixed(6));
}

/** Jina/Cohere-style rerank: results sorted by relevance, `usage.total_tokens` for billing. */
export async function rerankHandler(ctx: HandlerContext): Promise<void> {
  const invalid = validateOpenAIRequest(ctx, ['query', 'documents']);
  if (invalid) return ctx.reply.error(invalid);
  const { body, spec } = ctx;
  const query = String(body.query);
  const documents = (body.documents as unknown[]).map(documentText);
  const ranked = documents
    .map((text, index) => ({ index, relevance_score: relevance(query, text), text }))
    .sort((a, b) => b.relevance_score - a.relevance_score);
  const topN = typeof body.top_n === 'number' ? body.top_n : ranked.length;
  const results = ranked.slice(0, topN).map(({ index, relevance_score, text }) => ({
    index,
    relevance_score,
    ...(body.return_documents === true ? { document: { text } } : {}),
  }));
  const model = String(body.model);
  const prompt = countTokens([query, ...documents].join('\n'), model);
  const usage = resolveUsage(spec, { prompt, completion: 0 });
  return ctx.reply.json({
    id: randomUUID(),
    model,
    results,
    ...(usage ? { usage: { total_tokens: usage.total, prompt_tokens: usage.prompt } } : {}),
    meta: { billed_units: { search_units: 1 } },
  });
}

const MODERATION_CATEGORIES = [
  'harassment',
  'harassment/threatening',
  'hate',
  'hate/threatening',
  'illicit',
  'illicit/violent',
  'self-harm',
  'self-harm/intent',
  'self-harm/instructions',
  'sexual',
  'sexual/minors',
  'violence',
  'violence/graphic',
];

/** One result per input; `flagged` scenarios flag `violence`. Moderations carry no usage. */
export async function moderationsHandler(ctx: HandlerContext): Promise<void> {
  const invalid = validateOpenAIRequest(ctx, ['input'], false);
  if (invalid) return ctx.reply.error(invalid);
  const { body, spec } = ctx;
  const input = body.input;
  // A string, an array of strings, or one multimodal array of {type: text|image_url} parts.
  const count = Array.isArray(input) && input.every((item) => typeof item === 'string') ? input.length : 1;
  const flagged = spec.flagged ?? false;
  const result = {
    flagged,
    categories: Object.fromEntries(MODERATION_CATEGORIES.map((c) => [c, flagged && c === 'violence'])),
    category_scores: Object.fromEntries(
      MODERATION_CATEGORIES.map((c) => [c, flagged && c === 'violence' ? 0.9412 : 0.000012]),
    ),
    category_applied_input_types: Object.fromEntries(MODERATION_CATEGORIES.map((c) => [c, ['text']])),
  };
  return ctx.reply.json({
    id: randomId('modr-', 24),
    model: String(body.model ?? 'omni-moderation-latest'),
    results: Array.from({ length: count }, () => result),
  });
}
