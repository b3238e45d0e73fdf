/**
 * Zhipu's v3 model API: `POST /api/paas/v3/model-api/<model>/invoke` (JSON `{code, msg, success,
 * data}`, content as a JSON string literal) and `/sse-invoke` (`event: add` with raw text,
 * `event: finish` with a `meta:` line holding the usage, `event: error`). `text_embedding` via
 * `invoke` embeds `{prompt}`. Every call's JWT is checked with the key's secret.
 */
import { deterministicVector } from '../openai/embeddings.js';
import { randomId } from '../ids.js';
import { plainPlan } from '../plain-plan.js';
import type { HandlerContext, Route } from '../router.js';
import { countTokens } from '../tokens.js';
import { zhipuFamily } from './family.js';
import type { ZhipuKeys } from './keys.js';

/** One SSE event; text with line breaks takes several `data:` lines, as SSE requires. */
function event(name: string, id: string, data: string, meta?: unknown): string {
  const lines = data
    .split('\n')
    .map((line) => `data: ${line}`)
    .join('\n');
  return `event: ${name}\nid: ${id}\n${lines}\n${meta ? `meta: ${JSON.stringify(meta)}\n` : ''}\n`;
}

function ok(data: unknown) {
  return { code: 200, msg: '操作成功', data, success: true };
}

function embedding(ctx: HandlerContext) {
  const prompt = ctx.body.prompt;
  if (typeof prompt !== 'string' || !prompt)
    return ctx.reply.json({ code: 1214, msg: 'prompt 参数非法', success: false }, 400);
  const pinned = ctx.spec.usage === 'none' ? undefined : ctx.spec.usage?.prompt;
  const tokens = pinned ?? countTokens(prompt);
  return ctx.reply.json(
    ok({
      embedding: deterministicVector(prompt, ctx.spec.embeddingDimensions ?? 1024),
      usage: { prompt_tokens: tokens, completion_tokens: 0, total_tokens: tokens },
    }),
  );
}

function invokeHandler(keys: ZhipuKeys) {
  return (ctx: HandlerContext) => {
    const verdict = keys.verify(String(ctx.request.headers.authorization ?? '').replace(/^Bearer\s+/i, ''));
    if ('code' in verdict) return ctx.reply.json({ ...verdict, success: false }, 401);
    const model = ctx.params.model ?? '';
    if (model === 'text_embedding' && ctx.params.method === 'invoke') return embedding(ctx);
    const prompt = ctx.body.prompt;
    if (!ctx.spec.skipValidation && (!Array.isArray(prompt) || prompt.length === 0)) {
      return ctx.reply.json({ code: 1214, msg: 'prompt 参数非法', success: false }, 400);
    }
    const plan = plainPlan(ctx.spec, prompt, 'stop');
    const taskId = randomId('', 19);
    const requestId = randomId('', 19);
    const usage = plan.usage && {
      prompt_tokens: plan.usage.prompt,
      completion_tokens: plan.usage.completion,
      total_tokens: plan.usage.total,
    };
    if (ctx.params.method === 'invoke') {
      return ctx.reply.json(
        ok({
          request_id: requestId,
          task_id: taskId,
          task_status: 'SUCCESS',
          choices: [{ role: 'assistant', content: JSON.stringify(plan.text) }],
          ...(usage ? { usage } : {}),
        }),
      );
    }
    const last = plan.deltas.length - 1;
    const events = plan.deltas.map((delta, i) =>
      i < last
        ? event('add', taskId, delta)
        : event('finish', taskId, delta, {
            task_status: 'SUCCESS',
            ...(usage ? { usage } : {}),
            task_id: taskId,
            request_id: requestId,
          }),
    );
    const failure = ctx.spec.streamError;
    if (failure) {
      const name = failure.type === 'interrupted' ? 'interrupted' : 'error';
      return ctx.reply.stream([
        ...events.slice(0, failure.afterEvents),
        event(name, taskId, failure.message ?? '内部错误'),
      ]);
    }
    return ctx.reply.stream(events);
  };
}

export function zhipuRoutes(keys: ZhipuKeys): Route[] {
  return [
    {
      name: 'zhipu.v3',
      method: 'POST',
      path: /^\/api\/paas\/v3\/model-api\/(?<model>[^/]+)\/(?<method>invoke|sse-invoke)$/,
      family: zhipuFamily,
      handle: invokeHandler(keys),
    },
  ];
}
