/**
 * Baidu ERNIE v1 (Qianfan's wenxinworkshop API): the OAuth token exchange, chat per model
 * endpoint (`.../chat/<endpoint>?access_token=`, JSON or `data:` events ending with `is_end`)
 * and embeddings (`.../embeddings/<endpoint>`). Errors are `{error_code, error_msg}` with HTTP 200.
 */
import { deterministicVector } from '../openai/embeddings.js';
import { nowSeconds, randomId } from '../ids.js';
import { plainPlan } from '../plain-plan.js';
import type { HandlerContext, Route } from '../router.js';
import { sseData } from '../sse.js';
import { countTokens } from '../tokens.js';
import type { BaiduAccounts } from './accounts.js';
import { baiduErrorBody, baiduFamily } from './family.js';

const WORKSHOP = '/rpc/2.0/ai_custom/v1/wenxinworkshop';

function tokenHandler(accounts: BaiduAccounts) {
  return (ctx: HandlerContext) => {
    const q = ctx.request.query;
    if (q.grant_type !== 'client_credentials') {
      return ctx.reply.json(
        {
          error: 'unsupported_grant_type',
          error_description: 'The authorization grant type is not supported',
        },
        400,
      );
    }
    const result = accounts.grant(q.client_id ?? '', q.client_secret ?? '');
    if ('error' in result)
      return ctx.reply.json({ error: result.error, error_description: result.description }, 401);
    return ctx.reply.json({
      refresh_token: `25.${randomId('', 32)}`,
      expires_in: accounts.expiresIn,
      session_key: randomId('', 40),
      access_token: result.token,
      scope: 'public brain_all_scope wenxinworkshop_mgr',
      session_secret: randomId('', 32),
    });
  };
}

/** null when the call may go on; else the error Baidu answers (with HTTP 200). */
function refusal(
  ctx: HandlerContext,
  accounts: BaiduAccounts,
): { error_code: number; error_msg: string } | null {
  if (!accounts.check(ctx.request.query.access_token ?? ''))
    return baiduErrorBody({ status: 200, code: 110 });
  return null;
}

interface ErnieTurn {
  role?: unknown;
  content?: unknown;
  name?: unknown;
  function_call?: { name?: unknown };
}

/**
 * ERNIE wants user and assistant turns alternating, starting and ending with the user; a
 * `function` turn (a tool's output) takes the user's slot right after an assistant turn whose
 * `function_call` names it.
 */
function badMessages(messages: unknown): string | null {
  if (!Array.isArray(messages) || messages.length === 0) return 'the messages field is required';
  if (messages.length % 2 === 0) return 'the length of messages must be an odd number';
  const turns = messages as ErnieTurn[];
  for (const [i, m] of turns.entries()) {
    const userSlot = i % 2 === 0;
    const called = turns[i - 1]?.function_call?.name;
    if (userSlot && m.role === 'function') {
      if (!called || m.name !== called)
        return 'the name of function message must match the function_call before it';
    } else if (m.role !== (userSlot ? 'user' : 'assistant'))
      return `the role of message with ${userSlot ? 'even' : 'odd'} index in the messages must be ${userSlot ? 'user or function' : 'assistant'}`;
    if (called && m.role !== 'function') return 'a function_call must be answered by a function message';
    const empty = typeof m.content !== 'string' || !m.content;
    if (empty && !(m.role === 'assistant' && m.function_call)) return 'message content can not be empty';
  }
  return null;
}

function chatHandler(accounts: BaiduAccounts) {
  return (ctx: HandlerContext) => {
    const refused = refusal(ctx, accounts);
    if (refused) return ctx.reply.json(refused);
    const body = ctx.body;
    const invalid = ctx.spec.skipValidation ? null : badMessages(body.messages);
    if (invalid) return ctx.reply.json({ error_code: 336006, error_msg: invalid });
    const plan = plainPlan(ctx.spec, [body.system, body.messages], 'normal', 'function_call');
    // ERNIE v1 calls one function per answer, with no id; `thoughts` says why it calls.
    const call = plan.toolCalls[0];
    const functionCall = call && {
      function_call: { name: call.name, arguments: call.arguments, thoughts: `用户需要调用${call.name}` },
    };
    const id = randomId('as-', 10);
    const created = nowSeconds();
    const truncated = plan.finishReason === 'length';
    const usage = (completion: number) =>
      plan.usage && {
        prompt_tokens: plan.usage.prompt,
        completion_tokens: completion,
        total_tokens: plan.usage.prompt + completion,
      };
    if (body.stream !== true) {
      return ctx.reply.json({
        id,
        object: 'chat.completion',
        created,
        result: plan.text,
        is_truncated: truncated,
        need_clear_history: false,
        finish_reason: plan.finishReason,
        ...functionCall,
        ...(plan.usage ? { usage: usage(plan.usage.completion) } : {}),
      });
    }
    // The function call comes whole in the last event.
    const deltas = functionCall ? [...plan.deltas, ''] : plan.deltas;
    const last = deltas.length - 1;
    const events = deltas.map((delta, i) =>
      sseData({
        id,
        object: 'chat.completion',
        created,
        sentence_id: i,
        is_end: i === last,
        is_truncated: i === last && truncated,
        result: delta,
        need_clear_history: false,
        ...(i === last ? { finish_reason: plan.finishReason, ...functionCall } : {}),
        // Every event carries the usage so far; the completion count arrives with the last one.
        ...(plan.usage ? { usage: usage(i === last ? plan.usage.completion : 0) } : {}),
      }),
    );
    const failure = ctx.spec.streamError;
    if (failure) {
      const error = { error_code: 336100, error_msg: failure.message ?? 'internal error' };
      return ctx.reply.stream([...events.slice(0, failure.afterEvents), sseData(error)]);
    }
    return ctx.reply.stream(events);
  };
}

function embeddingsHandler(accounts: BaiduAccounts) {
  return (ctx: HandlerContext) => {
    const refused = refusal(ctx, accounts);
    if (refused) return ctx.reply.json(refused);
    const input = ctx.body.input;
    if (!Array.isArray(input) || input.length === 0 || !input.every((i) => typeof i === 'string')) {
      return ctx.reply.json({ error_code: 336003, error_msg: 'input must be a non-empty list of strings' });
    }
    const texts = input as string[];
    const pinned = ctx.spec.usage === 'none' ? undefined : ctx.spec.usage?.prompt;
    const prompt = pinned ?? texts.reduce((sum, text) => sum + countTokens(text), 0);
    return ctx.reply.json({
      id: randomId('as-', 10),
      object: 'embedding_list',
      created: nowSeconds(),
      data: texts.map((text, index) => ({
        object: 'embedding',
        embedding: deterministicVector(text, ctx.spec.embeddingDimensions ?? 384),
        index,
      })),
      usage: { prompt_tokens: prompt, total_tokens: prompt },
    });
  };
}

export function baiduRoutes(accounts: BaiduAccounts): Route[] {
  return [
    {
      name: 'baidu.token',
      method: 'POST',
      path: '/oauth/2.0/token',
      family: baiduFamily,
      handle: tokenHandler(accounts),
    },
    {
      name: 'baidu.chat',
      method: 'POST',
      path: `${WORKSHOP}/chat/:endpoint`,
      family: baiduFamily,
      handle: chatHandler(accounts),
    },
    {
      name: 'baidu.embeddings',
      method: 'POST',
      path: `${WORKSHOP}/embeddings/:endpoint`,
      family: baiduFamily,
      handle: embeddingsHandler(accounts),
    },
  ];
}
