/**
 * POST /{version}/models/{model}:embedContent and :batchEmbedContents — Gemini's embeddings:
 * `{embedding:{values}}` / `{embeddings:[{values}]}`, deterministic vectors, no usage (Gemini
 * reports none). Checks what Google checks: a content with parts, no foreign fields, and in a
 * batch every request naming the model of the URL. `embeddingDimensions` sets the length
 * (default 768), `outputDimensionality` truncates it.
 */
import { deterministicVector } from '../openai/embeddings.js';
import type { HandlerContext } from '../router.js';
import type { ErrorSpec } from '../types.js';
import { checkApiKey } from './validate.js';

const invalid = (message: string): ErrorSpec => ({ status: 400, type: 'INVALID_ARGUMENT', message });

const REQUEST_FIELDS = new Set(['model', 'content', 'taskType', 'title', 'outputDimensionality']);

interface EmbedRequest {
  model?: unknown;
  content?: { parts?: Array<{ text?: unknown }> };
  outputDimensionality?: unknown;
}

function checkRequest(request: Record<string, unknown>, where: string): ErrorSpec | null {
  for (const field of Object.keys(request)) {
    if (!REQUEST_FIELDS.has(field)) {
      return invalid(
        `Invalid JSON payload received. Unknown name "${field}" at '${where}': Cannot find field.`,
      );
    }
  }
  const parts = (request as EmbedRequest).content?.parts;
  if (!Array.isArray(parts) || parts.length === 0)
    return invalid(`* ${where}content: contents is not specified`);
  return null;
}

function vector(ctx: HandlerContext, request: EmbedRequest): { values: number[] } {
  const model = ctx.params.model ?? '';
  const text = (request.content?.parts ?? []).map((p) => String(p.text ?? '')).join('\n');
  const dims = typeof request.outputDimensionality === 'number' ? request.outputDimensionality : undefined;
  const values = deterministicVector(`${model}\n${text}`, ctx.spec.embeddingDimensions ?? 768);
  return { values: dims ? values.slice(0, dims) : values };
}

export async function embedHandler(ctx: HandlerContext): Promise<void> {
  const unauthorized = checkApiKey(ctx);
  if (unauthorized) return ctx.reply.error(unauthorized);
  if (ctx.invalidJson) return ctx.reply.error(invalid('Invalid JSON payload received.'));
  const { body } = ctx;
  if (ctx.params.method === 'embedContent') {
    const bad = ctx.spec.skipValidation ? null : checkRequest(body, '');
    if (bad) return ctx.reply.error(bad);
    return ctx.reply.json({ embedding: vector(ctx, body as EmbedRequest) });
  }
  const requests = body.requests;
  if (!Array.isArray(requests) || requests.length === 0)
    return ctx.reply.error(invalid('* requests: is empty'));
  const want = `models/${ctx.params.model}`;
  for (const [i, request] of (requests as Record<string, unknown>[]).entries()) {
    if (ctx.spec.skipValidation) break;
    const bad = checkRequest(request, `requests[${i}].`);
    if (bad) return ctx.reply.error(bad);
    if (request.model !== want) {
      return ctx.reply.error(
        invalid(
          `* BatchEmbedContentsRequest.requests[${i}].model: model must be ${want}, got ${String(request.model)}`,
        ),
      );
    }
  }
  return ctx.reply.json({ embeddings: (requests as EmbedRequest[]).map((r) => vector(ctx, r)) });
}
