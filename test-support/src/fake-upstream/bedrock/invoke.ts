/**
 * POST /model/{modelId}/invoke and /invoke-with-response-stream: Bedrock's Anthropic models
 * (Titan embedding models are answered by `titan.ts`).
 * The body is Anthropic's Messages body with `anthropic_version: bedrock-2023-05-31` and without
 * `model` or `stream`; the answer is Anthropic's message, or an AWS binary event stream whose
 * `chunk` events carry Anthropic's stream events base64-encoded. A scenario's `streamError`
 * becomes an exception frame (`type` names it, default `modelStreamErrorException`).
 */
import { EventStreamCodec, type MessageHeaders } from '@smithy/eventstream-codec';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import { answerMessages, plan, streamEvents } from '../anthropic/messages.js';
import type { HandlerContext } from '../router.js';
import { awsError } from './family.js';
import { checkSignature } from './signature.js';
import type { AwsKeys } from './keys.js';
import { isTitanEmbedModel, titanEmbeddings } from './titan.js';

export const EVENT_STREAM_TYPE = 'application/vnd.amazon.eventstream';
const codec = new EventStreamCodec(toUtf8, fromUtf8);

const str = (value: string) => ({ type: 'string' as const, value });

/** One `chunk` event frame holding an Anthropic stream event. */
export function chunkFrame(event: unknown): Buffer {
  const bytes = Buffer.from(JSON.stringify(event)).toString('base64');
  const headers: MessageHeaders = {
    ':event-type': str('chunk'),
    ':content-type': str('application/json'),
    ':message-type': str('event'),
  };
  // Bedrock pads chunks with a `p` field so their sizes do not reveal the text.
  return Buffer.from(codec.encode({ headers, body: fromUtf8(JSON.stringify({ bytes, p: 'abcdefghij' })) }));
}

/** An exception frame, as Bedrock sends for throttling or a model failure mid-stream. */
export function exceptionFrame(type: string, message: string): Buffer {
  const headers: MessageHeaders = {
    ':exception-type': str(type),
    ':content-type': str('application/json'),
    ':message-type': str('exception'),
  };
  return Buffer.from(codec.encode({ headers, body: fromUtf8(JSON.stringify({ message })) }));
}

/** The Anthropic events of an SSE-framed event (`event: x\ndata: {...}\n\n`). */
function sseData(frame: string): { type?: string } & Record<string, unknown> {
  const line = frame.split('\n').find((l) => l.startsWith('data: ')) ?? 'data: {}';
  return JSON.parse(line.slice(6)) as { type?: string } & Record<string, unknown>;
}

function check(ctx: HandlerContext) {
  const body = ctx.body;
  if (body.anthropic_version !== 'bedrock-2023-05-31') {
    return awsError({
      status: 400,
      message: 'Malformed input request: #: required key [anthropic_version] not found',
    });
  }
  for (const field of ['model', 'stream']) {
    if (field in body) {
      return awsError({
        status: 400,
        message: `Malformed input request: #: extraneous key [${field}] is not permitted, please reformat your input and try again.`,
      });
    }
  }
  return null;
}

export function invokeHandler(keys: AwsKeys) {
  return async (ctx: HandlerContext): Promise<void> => {
    const unsigned = await checkSignature(ctx.request, keys);
    if (unsigned) return ctx.reply.error(unsigned);
    if (isTitanEmbedModel(ctx.params.modelId ?? '')) return titanEmbeddings(ctx);
    const invalid = check(ctx);
    if (invalid) return ctx.reply.error(invalid);
    // Anthropic's checks and answer, with the model taken from the path.
    const { anthropic_version: _version, ...body } = ctx.body;
    const anthropicCtx: HandlerContext = { ...ctx, body: { ...body, model: ctx.params.modelId } };
    if (ctx.params.method === 'invoke') return answerMessages(anthropicCtx);

    const p = plan(anthropicCtx);
    const frames: Buffer[] = [];
    for (const frame of streamEvents({ ...anthropicCtx, spec: { ...ctx.spec, streamError: undefined } }, p)) {
      const event = sseData(frame);
      if (event.type === 'ping') continue;
      if (event.type === 'message_stop' && p.usage) {
        event['amazon-bedrock-invocationMetrics'] = {
          inputTokenCount: p.usage.input_tokens,
          outputTokenCount: p.usage.output_tokens,
          invocationLatency: 420,
          firstByteLatency: 120,
        };
      }
      frames.push(chunkFrame(event));
    }
    const failure = ctx.spec.streamError;
    if (failure) {
      const type = failure.type ?? 'modelStreamErrorException';
      const message = failure.message ?? 'The model stream failed.';
      return ctx.reply.stream(
        [...frames.slice(0, failure.afterEvents), exceptionFrame(type, message)],
        EVENT_STREAM_TYPE,
      );
    }
    return ctx.reply.stream(frames, EVENT_STREAM_TYPE);
  };
}
