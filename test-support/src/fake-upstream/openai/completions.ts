/** POST /v1/completions (legacy `text_completion`), JSON or stream, with the same usage rules as chat. */
import { nowSeconds, randomHex, randomId } from '../ids.js';
import type { HandlerContext } from '../router.js';
import { SSE_DONE, sseData, splitSseEvents } from '../sse.js';
import { collectText, countTokens } from '../tokens.js';
import { DEFAULT_REPLY, replyDeltas } from './text.js';
import { chatUsageJson, resolveUsage } from './usage.js';
import { validateOpenAIRequest } from './validate.js';

export async function completionsHandler(ctx: HandlerContext): Promise<void> {
  const invalid = validateOpenAIRequest(ctx, ['prompt']);
  if (invalid) return ctx.reply.error(invalid);
  const { spec, body } = ctx;
  if (body.stream === true && spec.rawStream !== undefined) {
    return ctx.reply.stream(splitSseEvents(spec.rawStream));
  }
  const model = String(body.model ?? ctx.params.deployment ?? '');
  const text = spec.chunks?.join('') ?? spec.content ?? DEFAULT_REPLY;
  const finishReason = spec.finishReason ?? 'stop';
  const usage = resolveUsage(spec, {
    prompt: countTokens(collectText(body.prompt).join(''), model),
    completion: countTokens(text, model),
  });
  const base = {
    id: randomId('cmpl-'),
    object: 'text_completion',
    created: nowSeconds(),
    model,
    system_fingerprint: `fp_${randomHex(5)}`,
  };

  if (body.stream !== true) {
    return ctx.reply.json({
      ...base,
      choices: [{ text, index: 0, logprobs: null, finish_reason: finishReason }],
      ...(usage ? { usage: chatUsageJson(usage) } : {}),
    });
  }

  const includeUsage =
    (body.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true;
  const mode = spec.streamUsage ?? 'requested';
  const usageJson = usage ? chatUsageJson(usage) : null;
  const usageNull = includeUsage && mode === 'requested' && usageJson ? { usage: null } : {};
  const events = replyDeltas(text, spec.chunks, spec.chunkCount).map((piece) =>
    sseData({
      ...base,
      choices: [{ text: piece, index: 0, logprobs: null, finish_reason: null }],
      ...usageNull,
    }),
  );
  const finishUsage = mode === 'with-finish-chunk' && usageJson ? { usage: usageJson } : usageNull;
  events.push(
    sseData({
      ...base,
      choices: [{ text: '', index: 0, logprobs: null, finish_reason: finishReason }],
      ...finishUsage,
    }),
  );
  if (usageJson && (mode === 'always' || (mode === 'requested' && includeUsage))) {
    events.push(sseData({ ...base, choices: [], usage: usageJson }));
  }
  events.push(SSE_DONE);
  return ctx.reply.stream(events);
}
