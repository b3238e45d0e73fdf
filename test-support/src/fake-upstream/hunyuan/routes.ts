/**
 * Tencent Hunyuan on Tencent Cloud API 3.0: `POST /` with the action in `X-TC-Action`
 * (ChatCompletions: JSON or `data:` chunks with `Choices[].Delta` and the running `Usage`;
 * GetEmbedding), version 2023-09-01, every call's TC3 signature recomputed with the SecretKey.
 * Errors are HTTP 200 with `Response.Error`.
 */
import { deterministicVector } from '../openai/embeddings.js';
import { nowSeconds } from '../ids.js';
import { plainPlan } from '../plain-plan.js';
import type { HandlerContext, Route } from '../router.js';
import { sseData } from '../sse.js';
import { countTokens } from '../tokens.js';
import { hunyuanFamily, tencentError } from './family.js';
import type { TencentKeys } from './keys.js';
import { checkTc3 } from './signature.js';

const NOTE = '以上内容为AI生成，不代表开发者立场，请勿删除或修改本标记';

interface HunyuanTurn {
  Role?: unknown;
  Content?: unknown;
  Contents?: unknown;
  ToolCalls?: unknown;
  ToolCallId?: unknown;
}

const hasText = (m: HunyuanTurn) =>
  (typeof m.Content === 'string' && m.Content !== '') || (Array.isArray(m.Contents) && m.Contents.length > 0);

/**
 * Hunyuan's message rules: system turns first, then user and assistant alternating; an assistant
 * turn with `ToolCalls` is followed by one `tool` turn per call (answering its id) instead of a
 * user turn; the conversation ends with a user or tool turn.
 */
function badMessages(messages: unknown): string | null {
  if (!Array.isArray(messages) || messages.length === 0) return 'Messages 不能为空';
  const turns = (messages as HunyuanTurn[]).filter((m) => m.Role !== 'system');
  let pending: string[] = [];
  let expect: 'user' | 'assistant' = 'user';
  for (const m of turns) {
    if (pending.length > 0) {
      if (m.Role !== 'tool' || m.ToolCallId !== pending[0])
        return 'Messages 中 tool 需紧随 ToolCalls 并回答其 Id';
      pending = pending.slice(1);
      continue;
    }
    if (m.Role === 'tool' || m.Role !== expect) return 'Messages 中 user 与 assistant 需交替出现';
    const calls = Array.isArray(m.ToolCalls) ? (m.ToolCalls as Array<{ Id?: unknown }>) : [];
    if (!hasText(m) && calls.length === 0) return 'Messages 中 Content 不能为空';
    pending = calls.map((c) => String(c.Id));
    // After the tool turns answering its calls, the assistant speaks again.
    expect = m.Role === 'assistant' && pending.length === 0 ? 'user' : 'assistant';
  }
  const last = turns[turns.length - 1];
  return pending.length === 0 && (last?.Role === 'user' || last?.Role === 'tool')
    ? null
    : 'Messages 最后一项需为 user';
}

function chat(ctx: HandlerContext) {
  const body = ctx.body;
  const invalid = ctx.spec.skipValidation
    ? null
    : typeof body.Model !== 'string' || !body.Model
      ? 'Model 不能为空'
      : badMessages(body.Messages);
  if (invalid) return ctx.reply.json(tencentError('InvalidParameter', invalid));
  const plan = plainPlan(ctx.spec, body.Messages, 'stop', 'tool_calls');
  const toolCalls = plan.toolCalls.map((c, Index) => ({
    Id: c.id,
    Type: 'function',
    Index,
    Function: { Name: c.name, Arguments: c.arguments },
  }));
  const id = crypto.randomUUID();
  const created = nowSeconds();
  const usage = (completion: number) =>
    plan.usage && {
      PromptTokens: plan.usage.prompt,
      CompletionTokens: completion,
      TotalTokens: plan.usage.prompt + completion,
    };
  if (body.Stream !== true) {
    return ctx.reply.json({
      Response: {
        RequestId: id,
        Note: NOTE,
        Choices: [
          {
            Index: 0,
            Message: {
              Role: 'assistant',
              Content: plan.text,
              ...(toolCalls.length > 0 ? { ToolCalls: toolCalls } : {}),
            },
            FinishReason: plan.finishReason,
          },
        ],
        Created: created,
        Id: id,
        ...(plan.usage ? { Usage: usage(plan.usage.completion) } : {}),
      },
    });
  }
  // Text deltas, then one chunk with the tool calls whole (as Hunyuan streams them).
  const deltas: Array<{ Content: string; ToolCalls?: typeof toolCalls }> = plan.deltas.map((Content) => ({
    Content,
  }));
  if (toolCalls.length > 0) deltas.push({ Content: '', ToolCalls: toolCalls });
  const last = deltas.length - 1;
  const events = deltas.map((delta, i) =>
    sseData({
      Note: NOTE,
      Choices: [
        {
          Index: 0,
          Delta: { Role: 'assistant', ...delta },
          FinishReason: i === last ? plan.finishReason : '',
        },
      ],
      Created: created,
      Id: id,
      // Every chunk carries the usage so far; the completion count is final in the last one.
      ...(plan.usage ? { Usage: usage(i === last ? plan.usage.completion : 0) } : {}),
    }),
  );
  const failure = ctx.spec.streamError;
  if (failure) {
    const error = tencentError(
      failure.type ?? 'InternalError',
      failure.message ?? 'An internal error has occurred.',
    );
    return ctx.reply.stream([...events.slice(0, failure.afterEvents), sseData(error)]);
  }
  return ctx.reply.stream(events);
}

function embedding(ctx: HandlerContext) {
  const { Input, InputList } = ctx.body;
  const texts =
    typeof Input === 'string' ? [Input] : Array.isArray(InputList) ? (InputList as unknown[]) : [];
  if (texts.length === 0 || !texts.every((t) => typeof t === 'string' && t)) {
    return ctx.reply.json(tencentError('InvalidParameter', 'Input 或 InputList 不能为空'));
  }
  const inputs = texts as string[];
  const pinned = ctx.spec.usage === 'none' ? undefined : ctx.spec.usage?.prompt;
  const prompt = pinned ?? inputs.reduce((sum, text) => sum + countTokens(text), 0);
  return ctx.reply.json({
    Response: {
      Data: inputs.map((text, index) => ({
        Embedding: deterministicVector(text, ctx.spec.embeddingDimensions ?? 1024),
        Index: index,
        Object: 'embedding',
      })),
      Usage: { PromptTokens: prompt, TotalTokens: prompt },
      RequestId: crypto.randomUUID(),
    },
  });
}

function apiHandler(keys: TencentKeys) {
  return (ctx: HandlerContext) => {
    const refused = checkTc3(ctx.request, keys);
    if (refused) return ctx.reply.json(tencentError(refused.code, refused.message));
    if (ctx.request.headers['x-tc-version'] !== '2023-09-01') {
      return ctx.reply.json(tencentError('NoSuchVersion', 'The request version does not exist.'));
    }
    const action = String(ctx.request.headers['x-tc-action'] ?? '');
    if (action === 'ChatCompletions') return chat(ctx);
    if (action === 'GetEmbedding') return embedding(ctx);
    return ctx.reply.json(tencentError('InvalidAction', `The action ${action} is not found.`));
  };
}

export function hunyuanRoutes(keys: TencentKeys): Route[] {
  return [
    { name: 'hunyuan.api', method: 'POST', path: '/', family: hunyuanFamily, handle: apiHandler(keys) },
  ];
}
