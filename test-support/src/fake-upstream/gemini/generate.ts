/**
 * POST /{version}/models/{model}:generateContent and :streamGenerateContent. A
 * GenerateContentResponse, or with `?alt=sse` a stream of them (text deltas, a function call
 * whole in one part, the finish reason and final usageMetadata in the last chunk); without
 * `alt=sse` Google streams one JSON array, which the fake refuses so the gateway must ask for SSE.
 * Usage: `prompt` is promptTokenCount (cache included), `cached` cachedContentTokenCount,
 * `completion` candidatesTokenCount and `reasoning` thoughtsTokenCount (apart from completion).
 */
import { randomId } from '../ids.js';
import { DEFAULT_REPLY, replyDeltas } from '../openai/text.js';
import type { HandlerContext } from '../router.js';
import { sseData, splitSseEvents } from '../sse.js';
import { collectText, countTokens } from '../tokens.js';
import { geminiError } from './family.js';
import { checkApiKey, validateGenerateRequest } from './validate.js';

type Part = Record<string, unknown>;

interface Plan {
  id: string;
  model: string;
  thought: string | null;
  deltas: string[];
  calls: Part[];
  finishReason: string;
  usage: Record<string, number> | null;
}

function plan(ctx: HandlerContext): Plan {
  const { spec, body } = ctx;
  const model = ctx.params.model ?? '';
  const calls = (spec.toolCalls ?? []).map((c) => ({
    functionCall: {
      name: c.name,
      args: JSON.parse(c.arguments || '{}') as unknown,
      ...(c.id ? { id: c.id } : {}),
    },
  }));
  const text = spec.chunks?.join('') ?? spec.content ?? (calls.length > 0 ? null : DEFAULT_REPLY);
  const deltas = text === null ? [] : replyDeltas(text, spec.chunks, spec.chunkCount);
  let usage: Record<string, number> | null = null;
  if (spec.usage !== 'none') {
    const pinned = spec.usage ?? {};
    const prompt = [body.systemInstruction, body.contents, body.tools].flatMap(collectText).join('\n');
    const produced = (text ?? '') + calls.map((c) => JSON.stringify(c.functionCall)).join('');
    const promptTokenCount = pinned.prompt ?? countTokens(prompt, model);
    const candidatesTokenCount = pinned.completion ?? countTokens(produced, model);
    const thoughts = pinned.reasoning ?? 0;
    usage = {
      promptTokenCount,
      candidatesTokenCount,
      totalTokenCount: promptTokenCount + candidatesTokenCount + thoughts,
      ...(pinned.cached ? { cachedContentTokenCount: pinned.cached } : {}),
      ...(thoughts ? { thoughtsTokenCount: thoughts } : {}),
      ...(pinned.extra as Record<string, number> | undefined),
    };
  }
  return {
    id: randomId('', 22),
    model,
    thought: spec.reasoningContent ?? null,
    deltas,
    calls,
    finishReason: spec.finishReason ?? 'STOP',
    usage,
  };
}

function chunk(p: Plan, parts: Part[], last: boolean): Record<string, unknown> {
  return {
    candidates: [
      {
        content: { role: 'model', parts },
        ...(last ? { finishReason: p.finishReason } : {}),
        index: 0,
      },
    ],
    ...(p.usage ? { usageMetadata: p.usage } : {}),
    modelVersion: p.model,
    responseId: p.id,
  };
}

function answer(p: Plan): Record<string, unknown> {
  const parts: Part[] = [];
  if (p.thought !== null) parts.push({ text: p.thought, thought: true });
  if (p.deltas.length > 0) parts.push({ text: p.deltas.join('') });
  parts.push(...p.calls);
  return chunk(p, parts, true);
}

function streamEvents(ctx: HandlerContext, p: Plan): string[] {
  const pieces: Part[][] = [];
  if (p.thought !== null) pieces.push([{ text: p.thought, thought: true }]);
  for (const delta of p.deltas) pieces.push([{ text: delta }]);
  if (p.calls.length > 0) pieces.push(p.calls);
  if (pieces.length === 0) pieces.push([{ text: '' }]);
  const events = pieces.map((parts, i) => sseData(chunk(p, parts, i === pieces.length - 1)));
  const failure = ctx.spec.streamError;
  if (failure) {
    const error = geminiError({ status: 500, type: failure.type, message: failure.message });
    return [...events.slice(0, failure.afterEvents), sseData({ error })];
  }
  return events;
}

export async function generateHandler(ctx: HandlerContext): Promise<void> {
  const unauthorized = checkApiKey(ctx);
  if (unauthorized) return ctx.reply.error(unauthorized);
  return answerGenerate(ctx);
}

/** The answer once the caller is authenticated (also served on Vertex AI's Google publisher). */
export async function answerGenerate(ctx: HandlerContext): Promise<void> {
  const invalid = validateGenerateRequest(ctx);
  if (invalid) return ctx.reply.error(invalid);
  const p = plan(ctx);
  if (ctx.params.method === 'generateContent') return ctx.reply.json(answer(p));
  if (ctx.request.query.alt !== 'sse') {
    return ctx.reply.error({
      status: 400,
      type: 'INVALID_ARGUMENT',
      message: 'the fake serves streams only with alt=sse',
    });
  }
  if (ctx.spec.rawStream !== undefined) return ctx.reply.stream(splitSseEvents(ctx.spec.rawStream));
  return ctx.reply.stream(streamEvents(ctx, p));
}

/** POST :countTokens — the prompt counted like the usage above. */
export async function countTokensHandler(ctx: HandlerContext): Promise<void> {
  const body = (ctx.body.generateContentRequest ?? ctx.body) as Record<string, unknown>;
  const text = [body.systemInstruction, body.contents, body.tools].flatMap(collectText).join('\n');
  return ctx.reply.json({ totalTokens: countTokens(text, ctx.params.model ?? '') });
}
