/**
 * DashScope's native API: text embeddings and asynchronous text2image tasks (submitted with
 * `X-DashScope-Async: enable`, then looked at with `GET /api/v1/tasks/<id>`). The compatible-mode
 * chat routes live with the OpenAI family.
 */
import { randomUUID } from 'node:crypto';
import { deterministicVector } from '../openai/embeddings.js';
import { resolveUsage } from '../openai/usage.js';
import { greyPng } from '../png.js';
import type { HandlerContext, Route } from '../router.js';
import { countTokens } from '../tokens.js';
import type { ScenarioSpec } from '../types.js';
import { dashScopeFamily } from './family.js';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function invalid(ctx: HandlerContext, message: string) {
  ctx.reply.error({ status: 400, code: 'InvalidParameter', message });
}

function embeddingsHandler(ctx: HandlerContext) {
  const { body, spec } = ctx;
  const texts = isObject(body.input) ? body.input.texts : undefined;
  if (!body.model) return invalid(ctx, 'Model not exist.');
  if (!Array.isArray(texts) || texts.length === 0 || !texts.every((t) => typeof t === 'string'))
    return invalid(ctx, 'input.texts should be a non-empty array of strings');
  const model = String(body.model);
  const dimensions = spec.embeddingDimensions ?? 1536;
  const embeddings = (texts as string[]).map((text, index) => ({
    text_index: index,
    embedding: deterministicVector(`${model}\n${text}`, dimensions),
  }));
  // DashScope may list them in any order; the reverse makes a gateway that ignores text_index fail.
  embeddings.reverse();
  const usage = resolveUsage(spec, {
    prompt: (texts as string[]).reduce((sum, t) => sum + countTokens(t, model), 0),
    completion: 0,
  });
  return ctx.reply.json({
    output: { embeddings },
    ...(usage ? { usage: { total_tokens: usage.prompt } } : {}),
    request_id: randomUUID(),
  });
}

interface ImageTask {
  key: string;
  looks: number;
  n: number;
  size: string;
  spec: ScenarioSpec;
}

function submitHandler(tasks: Map<string, ImageTask>) {
  return (ctx: HandlerContext) => {
    const { body } = ctx;
    if (ctx.request.headers['x-dashscope-async'] !== 'enable')
      return ctx.reply.error({
        status: 403,
        code: 'AccessDenied',
        message: 'current user api does not support synchronous calls',
      });
    if (!body.model) return invalid(ctx, 'Model not exist.');
    const input = isObject(body.input) ? body.input : {};
    if (typeof input.prompt !== 'string' || !input.prompt) return invalid(ctx, 'input.prompt is required');
    const parameters = isObject(body.parameters) ? body.parameters : {};
    const size = typeof parameters.size === 'string' ? parameters.size : '1024*1024';
    if (!/^\d+\*\d+$/.test(size)) return invalid(ctx, `size ${size} is invalid`);
    const n = typeof parameters.n === 'number' ? parameters.n : 1;
    const id = randomUUID();
    tasks.set(id, { key: ctx.request.key, looks: 0, n, size, spec: ctx.spec });
    return ctx.reply.json({ output: { task_id: id, task_status: 'PENDING' }, request_id: randomUUID() });
  };
}

function taskHandler(tasks: Map<string, ImageTask>) {
  return (ctx: HandlerContext) => {
    const id = ctx.params.id ?? '';
    const task = tasks.get(id);
    if (!task || task.key !== ctx.request.key)
      return ctx.reply.error({ status: 404, code: 'NotFound', message: `task ${id} not found` });
    task.looks += 1;
    const { spec } = task;
    if (task.looks <= (spec.taskPolls ?? 2)) {
      const status = task.looks === 1 ? 'PENDING' : 'RUNNING';
      return ctx.reply.json({ output: { task_id: id, task_status: status }, request_id: randomUUID() });
    }
    if (spec.taskError) {
      return ctx.reply.json({
        output: { task_id: id, task_status: 'FAILED', ...spec.taskError },
        request_id: randomUUID(),
      });
    }
    const [width, height] = task.size.split('*').map(Number);
    const made = Math.min(task.n, spec.imagesMade ?? task.n);
    const results = Array.from({ length: made }, (_, i) =>
      spec.imageResult === 'b64'
        ? { b64_image: greyPng(width!, height!).toString('base64') }
        : { url: `${ctx.baseUrl}/files/wanx-${id}-${i}.png?size=${width}x${height}` },
    );
    return ctx.reply.json({
      output: { task_id: id, task_status: 'SUCCEEDED', results },
      usage: { image_count: made },
      request_id: randomUUID(),
    });
  };
}

/** The routes share one task table per fake server. */
export function dashScopeRoutes(): Route[] {
  const tasks = new Map<string, ImageTask>();
  return [
    {
      name: 'dashscope.native-embeddings',
      method: 'POST',
      path: '/api/v1/services/embeddings/text-embedding/text-embedding',
      family: dashScopeFamily,
      handle: embeddingsHandler,
    },
    {
      name: 'dashscope.image-synthesis',
      method: 'POST',
      path: '/api/v1/services/aigc/text2image/image-synthesis',
      family: dashScopeFamily,
      handle: submitHandler(tasks),
    },
    {
      name: 'dashscope.task',
      method: 'GET',
      path: '/api/v1/tasks/:id',
      family: dashScopeFamily,
      handle: taskHandler(tasks),
    },
  ];
}
