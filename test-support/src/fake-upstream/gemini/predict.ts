/**
 * POST /{version}/models/{imagen-model}:predict — Imagen: `{instances:[{prompt}],
 * parameters:{sampleCount, aspectRatio}}` → `{predictions:[{bytesBase64Encoded, mimeType}]}`,
 * one PNG per sample. Imagen's limits: 1–4 samples, its aspect ratios only.
 */
import type { HandlerContext } from '../router.js';
import { greyPng } from '../png.js';
import type { ErrorSpec } from '../types.js';
import { checkApiKey } from './validate.js';

const invalid = (message: string): ErrorSpec => ({ status: 400, type: 'INVALID_ARGUMENT', message });

const ASPECT_RATIOS = new Set(['1:1', '9:16', '16:9', '3:4', '4:3']);

export async function predictHandler(ctx: HandlerContext): Promise<void> {
  const unauthorized = checkApiKey(ctx);
  if (unauthorized) return ctx.reply.error(unauthorized);
  if (!(ctx.params.model ?? '').startsWith('imagen')) {
    return ctx.reply.error({
      status: 404,
      type: 'NOT_FOUND',
      message: `models/${ctx.params.model} is not found for predict`,
    });
  }
  const instances = ctx.body.instances as Array<{ prompt?: unknown }> | undefined;
  const prompt = instances?.[0]?.prompt;
  if (!Array.isArray(instances) || typeof prompt !== 'string' || !prompt) {
    return ctx.reply.error(invalid('instances[0].prompt is required'));
  }
  const parameters = (ctx.body.parameters ?? {}) as { sampleCount?: unknown; aspectRatio?: unknown };
  const count = parameters.sampleCount === undefined ? 4 : parameters.sampleCount;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 4) {
    return ctx.reply.error(invalid('sampleCount must be between 1 and 4'));
  }
  if (parameters.aspectRatio !== undefined && !ASPECT_RATIOS.has(String(parameters.aspectRatio))) {
    return ctx.reply.error(invalid(`Unsupported aspect ratio ${String(parameters.aspectRatio)}`));
  }
  const png = greyPng(16, 16).toString('base64');
  return ctx.reply.json({
    predictions: Array.from({ length: count }, () => ({ bytesBase64Encoded: png, mimeType: 'image/png' })),
  });
}
