/**
 * POST /v1/workflows/run (a Dify workflow app whose input variable is `query` and whose end node
 * outputs `text`): a blocking `{workflow_run_id, task_id, data}` run, or the streaming events
 * `workflow_started`, `node_started`/`node_finished`, `text_chunk` (data.text), a `ping` and
 * `workflow_finished` (data.outputs, data.total_tokens, data.status). Workflows report only
 * `total_tokens` (the scenario's prompt + completion). A scenario's `streamError` makes the run
 * fail: status `failed` with data.error, blocking or streamed (after `afterEvents` events).
 */
import { randomUUID } from 'node:crypto';
import { nowSeconds } from '../ids.js';
import { DEFAULT_REPLY, replyDeltas } from '../openai/text.js';
import type { HandlerContext } from '../router.js';
import { sseData } from '../sse.js';
import { countTokens } from '../tokens.js';
import { queryOf } from './chat-messages.js';

export async function workflowsRunHandler(ctx: HandlerContext): Promise<void> {
  const { body, spec } = ctx;
  const query = queryOf(body, true);
  if (!spec.skipValidation) {
    if (typeof query !== 'string' || query === '') {
      return ctx.reply.error({
        status: 400,
        code: 'invalid_param',
        message: 'query in input form must be a string',
      });
    }
    if (body.response_mode !== 'blocking' && body.response_mode !== 'streaming') {
      return ctx.reply.error({ status: 400, code: 'invalid_param', message: 'response_mode is invalid' });
    }
    if (typeof body.user !== 'string' || body.user === '') {
      return ctx.reply.error({ status: 400, code: 'invalid_param', message: 'user is required' });
    }
  }
  const text = spec.chunks?.join('') ?? spec.content ?? DEFAULT_REPLY;
  const total =
    spec.usage === 'none'
      ? 0
      : (spec.usage?.prompt ?? countTokens(String(query ?? ''))) +
        (spec.usage?.completion ?? countTokens(text));
  const ids = { task_id: randomUUID(), workflow_run_id: randomUUID() };
  const failure = spec.streamError;
  const run = {
    id: ids.workflow_run_id,
    workflow_id: 'wf-1',
    status: failure ? 'failed' : 'succeeded',
    outputs: failure ? null : { text },
    error: failure ? (failure.message ?? 'Node LLM run failed') : null,
    elapsed_time: 0.8,
    total_tokens: total,
    total_steps: 3,
    created_at: nowSeconds(),
    finished_at: nowSeconds(),
  };
  if (body.response_mode !== 'streaming') return ctx.reply.json({ ...ids, data: run });

  const events = [
    sseData({ event: 'workflow_started', ...ids, data: { id: ids.workflow_run_id, workflow_id: 'wf-1' } }),
    sseData({ event: 'node_started', ...ids, data: { node_type: 'llm', title: 'LLM' } }),
    'event: ping\n\n',
  ];
  if (!failure) {
    for (const chunk of replyDeltas(text, spec.chunks, spec.chunkCount)) {
      events.push(
        sseData({
          event: 'text_chunk',
          ...ids,
          data: { text: chunk, from_variable_selector: ['llm', 'text'] },
        }),
      );
    }
    events.push(sseData({ event: 'node_finished', ...ids, data: { node_type: 'llm', status: 'succeeded' } }));
  }
  const finished = sseData({ event: 'workflow_finished', ...ids, data: run });
  return ctx.reply.stream(
    failure ? [...events.slice(0, failure.afterEvents), finished] : [...events, finished],
  );
}
