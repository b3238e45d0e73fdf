/**
 * POST /model/amazon.titan-embed-text-*\/invoke: Amazon Titan's text embeddings, one `inputText`
 * per call → `{embedding, inputTextTokenCount}`. v2 takes `dimensions` (256, 512 or 1024, default
 * 1024) and `normalize`; v1 takes neither (always 1536 numbers). Anything else is refused as
 * Bedrock refuses it: a 400 ValidationException naming the offending key. Titan cannot stream.
 * A scenario's `usage.prompt` pins each call's token count; `usage: 'none'` leaves it out.
 */
import { deterministicVector } from '../openai/embeddings.js';
import type { HandlerContext } from '../router.js';
import { countTokens } from '../tokens.js';
import { awsError } from './family.js';

export const isTitanEmbedModel = (modelId: string): boolean => modelId.startsWith('amazon.titan-embed-text-');

const V2_DIMENSIONS = [256, 512, 1024];

function invalid(message: string) {
  return awsError({
    status: 400,
    message: `Malformed input request: ${message}, please reformat your input and try again.`,
  });
}

function check(ctx: HandlerContext, v2: boolean) {
  const body = ctx.body;
  if (ctx.params.method !== 'invoke')
    return awsError({ status: 400, message: 'The model is unsupported for streaming.' });
  if (typeof body.inputText !== 'string' || body.inputText === '')
    return invalid('#: required key [inputText] not found');
  const allowed = v2 ? ['inputText', 'dimensions', 'normalize', 'embeddingTypes'] : ['inputText'];
  const extra = Object.keys(body).find((key) => !allowed.includes(key));
  if (extra) return invalid(`#: extraneous key [${extra}] is not permitted`);
  if (body.dimensions !== undefined && !V2_DIMENSIONS.includes(body.dimensions as number))
    return invalid(`#/dimensions: ${String(body.dimensions)} is not a valid enum value`);
  if (body.normalize !== undefined && typeof body.normalize !== 'boolean')
    return invalid('#/normalize: expected type: Boolean');
  return null;
}

export function titanEmbeddings(ctx: HandlerContext): Promise<void> | void {
  const model = ctx.params.modelId ?? '';
  const v2 = model.startsWith('amazon.titan-embed-text-v2');
  const refused = check(ctx, v2);
  if (refused) return ctx.reply.error(refused);
  const text = ctx.body.inputText as string;
  const dimensions = v2 ? ((ctx.body.dimensions as number | undefined) ?? 1024) : 1536;
  const answer: Record<string, unknown> = { embedding: deterministicVector(`${model}\n${text}`, dimensions) };
  const usage = ctx.spec.usage;
  if (usage !== 'none') answer.inputTextTokenCount = usage?.prompt ?? countTokens(text, model);
  return ctx.reply.json(answer);
}
