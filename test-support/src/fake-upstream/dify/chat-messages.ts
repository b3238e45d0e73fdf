/**
 * POST /v1/chat-messages (a Dify chat app): a blocking `message` answer, or the streaming event
 * list a chatflow app sends: workflow and node progress, `message` answer chunks, a `ping`,
 * `message_end` with `metadata.usage`; a scenario's `streamError` ends it with an `error` event.
 * POST /v1/completion-messages (a completion app) answers the same way, without workflow events;
 * its text is `inputs.query`.
 */
import { randomUUID } from 'node:crypto';
import { nowSeconds } from '../ids.js';
import { DEFAULT_REPLY, replyDeltas } from '../openai/text.js';
import type { HandlerContext } from '../router.js';
import { sseData } from '../sse.js';
import { countTokens } from '../tokens.js';
import type { ErrorSpec } from '../types.js';
import { difyError } from './family.js';

function invalid(message: string): ErrorSpec {
  return { status: 400, code: 'invalid_param', message };
}

/** The text of the request: chat apps' `query`, completion apps' `inputs.query`. */
export function queryOf(body: Record<string, unknown>, completion: boolean): unknown {
  return completion ? (body.inputs as Record<string, unknown> | undefined)?.query : body.query;
}

function validate(body: Record<string, unknown>, completion: boolean): ErrorSpec | null {
  const query = queryOf(body, completion);
  if (typeof query !== 'string' || query === '') return invalid('query is required');
  if (body.response_mode !== 'blocking' && body.response_mode !== 'streaming') {
    return invalid('response_mode must be blocking or streaming');
  }
  if (!body.inputs || typeof body.inputs !== 'object' || Array.isArray(body.inputs)) {
    return invalid('inputs is required in request body');
  }
  if (typeof body.user !== 'string' || body.user === '') return invalid('user is required');
  return null;
}

/** Dify's usage object: token counts with their prices. */
function usageJson(prompt: number, completion: number) {
  return {
    prompt_tokens: prompt,
    prompt_unit_price: '0.001',
    prompt_price_unit: '0.001',
    prompt_price: (prompt * 0.000001).toFixed(7),
    completion_tokens: completion,
    completion_unit_price: '0.002',
    completion_price_unit: '0.001',
    completion_price: (completion * 0.000002).toFixed(7),
    total_tokens: prompt + completion,
    total_price: (prompt * 0.000001 + completion * 0.000002).toFixed(7),
    currency: 'USD',
    latency: 0.42,
  };
}

export const chatMessagesHandler = (ctx: HandlerContext) => messagesHandler(ctx, false);
export const completionMessagesHandler = (ctx: HandlerContext) => messagesHandler(ctx, true);

async function messagesHandler(ctx: HandlerContext, completion: boolean): Promise<void> {
  const { body, spec } = ctx;
  if (!spec.skipValidation) {
    const error = validate(body, completion);
    if (error) return ctx.reply.error(error);
  }
  const answer = spec.chunks?.join('') ?? spec.content ?? DEFAULT_REPLY;
  const query = String(queryOf(body, completion) ?? '');
  const metadata =
    spec.usage === 'none'
      ? {}
      : {
          usage: usageJson(
            spec.usage?.prompt ?? countTokens(query),
            spec.usage?.completion ?? countTokens(answer),
          ),
        };
  const ids = {
    task_id: randomUUID(),
    id: randomUUID(),
    message_id: '',
    conversation_id:
      typeof body.conversation_id === 'string' && body.conversation_id ? body.conversation_id : randomUUID(),
  };
  ids.message_id = ids.id;
  const created_at = nowSeconds();
  if (body.response_mode !== 'streaming') {
    return ctx.reply.json({
      event: 'message',
      ...ids,
      mode: completion ? 'completion' : 'advanced-chat',
      answer,
      metadata,
      created_at,
    });
  }

  const workflowRun = randomUUID();
  const events = completion
    ? ['event: ping\n\n']
    : [
        sseData({
          event: 'workflow_started',
          ...ids,
          workflow_run_id: workflowRun,
          data: { id: workflowRun },
        }),
        sseData({ event: 'node_started', ...ids, workflow_run_id: workflowRun, data: { node_type: 'llm' } }),
        'event: ping\n\n',
      ];
  for (const chunk of replyDeltas(answer, spec.chunks, spec.chunkCount)) {
    events.push(sseData({ event: 'message', ...ids, answer: chunk, created_at }));
  }
  if (!completion) {
    events.push(
      sseData({
        event: 'node_finished',
        ...ids,
        workflow_run_id: workflowRun,
        data: { status: 'succeeded' },
      }),
    );
  }
  events.push(sseData({ event: 'message_end', ...ids, metadata }));
  const failure = spec.streamError;
  if (failure) {
    const error = difyError({
      status: 400,
      code: failure.type ?? 'completion_request_error',
      message: failure.message,
    });
    return ctx.reply.stream([
      ...events.slice(0, failure.afterEvents),
      sseData({ event: 'error', ...ids, ...error }),
    ]);
  }
  return ctx.reply.stream(events);
}
