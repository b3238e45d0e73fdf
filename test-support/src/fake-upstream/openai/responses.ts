/**
 * POST /v1/responses: a `response` object, or the event stream OpenAI sends for it
 * (response.created, response.in_progress, per output item output_item.added, its part and delta
 * events and the …done events, then response.completed or response.incomplete with the usage),
 * with an `error` event when the scenario asks for one.
 */
import { nowSeconds, randomId } from '../ids.js';
import type { HandlerContext } from '../router.js';
import { sseEvent, splitSseEvents } from '../sse.js';
import { collectText, countTokens } from '../tokens.js';
import { DEFAULT_REPLY, replyDeltas, splitText } from './text.js';
import { resolveUsage, type UsageNumbers } from './usage.js';
import { validateOpenAIRequest } from './validate.js';

type Item =
  | { type: 'reasoning'; id: string; text: string }
  | { type: 'message'; id: string; text: string; deltas: string[] }
  | { type: 'function_call'; id: string; callId: string; name: string; arguments: string };

interface Plan {
  id: string;
  createdAt: number;
  model: string;
  items: Item[];
  incomplete: boolean;
  usage: UsageNumbers | null;
}

function plan(ctx: HandlerContext): Plan {
  const { spec, body } = ctx;
  const model = String(body.model ?? ctx.params.deployment ?? '');
  const items: Item[] = [];
  if (spec.reasoningContent !== undefined)
    items.push({ type: 'reasoning', id: randomId('rs_', 32), text: spec.reasoningContent });
  const calls = spec.toolCalls ?? [];
  const text = spec.chunks?.join('') ?? spec.content ?? (calls.length > 0 ? null : DEFAULT_REPLY);
  if (text !== null) {
    items.push({
      type: 'message',
      id: randomId('msg_', 32),
      text,
      deltas: replyDeltas(text, spec.chunks, spec.chunkCount),
    });
  }
  for (const call of calls) {
    items.push({
      type: 'function_call',
      id: randomId('fc_', 32),
      callId: call.id ?? randomId('call_', 24),
      name: call.name,
      arguments: call.arguments,
    });
  }
  const produced = items.map((i) => (i.type === 'function_call' ? i.name + i.arguments : i.text)).join('');
  const reasoning = countTokens(spec.reasoningContent ?? '', model);
  const usage = resolveUsage(spec, {
    prompt: countTokens([body.instructions, body.input, body.tools].flatMap(collectText).join('\n'), model),
    completion: countTokens(produced, model),
    reasoning,
  });
  const finish = spec.finishReason;
  return {
    id: randomId('resp_', 32),
    createdAt: nowSeconds(),
    model,
    items,
    incomplete: finish === 'length' || finish === 'max_output_tokens',
    usage,
  };
}

function itemJson(item: Item, done: boolean): Record<string, unknown> {
  const status = done ? 'completed' : 'in_progress';
  switch (item.type) {
    case 'reasoning':
      return {
        id: item.id,
        type: 'reasoning',
        summary: done ? [{ type: 'summary_text', text: item.text }] : [],
      };
    case 'message':
      return {
        id: item.id,
        type: 'message',
        status,
        role: 'assistant',
        content: done ? [{ type: 'output_text', text: item.text, annotations: [], logprobs: [] }] : [],
      };
    default:
      return {
        id: item.id,
        type: 'function_call',
        status,
        call_id: item.callId,
        name: item.name,
        arguments: done ? item.arguments : '',
      };
  }
}

function usageJson(usage: UsageNumbers): Record<string, unknown> {
  return {
    input_tokens: usage.prompt,
    input_tokens_details: { cached_tokens: usage.cached },
    output_tokens: usage.completion,
    output_tokens_details: { reasoning_tokens: usage.reasoning },
    total_tokens: usage.total,
    ...usage.extra,
  };
}

function responseJson(p: Plan, body: Record<string, unknown>, finished: boolean): Record<string, unknown> {
  const status = !finished ? 'in_progress' : p.incomplete ? 'incomplete' : 'completed';
  return {
    id: p.id,
    object: 'response',
    created_at: p.createdAt,
    status,
    background: false,
    error: null,
    incomplete_details: finished && p.incomplete ? { reason: 'max_output_tokens' } : null,
    instructions: body.instructions ?? null,
    max_output_tokens: body.max_output_tokens ?? null,
    model: p.model,
    output: finished ? p.items.map((i) => itemJson(i, true)) : [],
    parallel_tool_calls: true,
    previous_response_id: null,
    reasoning: { effort: null, summary: null },
    store: body.store !== false,
    temperature: body.temperature ?? 1,
    text: body.text ?? { format: { type: 'text' } },
    tool_choice: body.tool_choice ?? 'auto',
    tools: body.tools ?? [],
    top_p: body.top_p ?? 1,
    truncation: 'disabled',
    usage: finished && p.usage ? usageJson(p.usage) : null,
    user: null,
    metadata: {},
  };
}

/** The events of one output item, from output_item.added to output_item.done. */
function itemEvents(item: Item, index: number, emit: (type: string, fields: object) => void) {
  emit('response.output_item.added', { output_index: index, item: itemJson(item, false) });
  const at = { item_id: item.id, output_index: index };
  if (item.type === 'message') {
    const part = { type: 'output_text', text: '', annotations: [], logprobs: [] };
    emit('response.content_part.added', { ...at, content_index: 0, part });
    for (const delta of item.deltas) {
      emit('response.output_text.delta', { ...at, content_index: 0, delta, logprobs: [] });
    }
    emit('response.output_text.done', { ...at, content_index: 0, text: item.text, logprobs: [] });
    emit('response.content_part.done', { ...at, content_index: 0, part: { ...part, text: item.text } });
  } else if (item.type === 'reasoning') {
    const part = { type: 'summary_text', text: '' };
    emit('response.reasoning_summary_part.added', { ...at, summary_index: 0, part });
    for (const delta of splitText(item.text)) {
      emit('response.reasoning_summary_text.delta', { ...at, summary_index: 0, delta });
    }
    emit('response.reasoning_summary_text.done', { ...at, summary_index: 0, text: item.text });
    emit('response.reasoning_summary_part.done', {
      ...at,
      summary_index: 0,
      part: { ...part, text: item.text },
    });
  } else {
    for (const delta of splitText(item.arguments, Math.min(3, item.arguments.length))) {
      emit('response.function_call_arguments.delta', { ...at, delta });
    }
    emit('response.function_call_arguments.done', { ...at, arguments: item.arguments });
  }
  emit('response.output_item.done', { output_index: index, item: itemJson(item, true) });
}

function streamEvents(p: Plan, ctx: HandlerContext): string[] {
  const events: string[] = [];
  const emit = (type: string, fields: object) =>
    events.push(sseEvent(type, { type, sequence_number: events.length, ...fields }));
  emit('response.created', { response: responseJson(p, ctx.body, false) });
  emit('response.in_progress', { response: responseJson(p, ctx.body, false) });
  p.items.forEach((item, index) => itemEvents(item, index, emit));
  const final = responseJson(p, ctx.body, true);
  emit(p.incomplete ? 'response.incomplete' : 'response.completed', { response: final });
  const failure = ctx.spec.streamError;
  if (!failure) return events;
  const error = {
    type: 'error',
    sequence_number: failure.afterEvents,
    code: failure.type ?? 'server_error',
    message: failure.message ?? 'The server had an error while processing your request.',
    param: null,
  };
  return [...events.slice(0, failure.afterEvents), sseEvent('error', error)];
}

/** What the Responses API refuses that a gateway converting from chat might send. */
function responsesOnly(body: Record<string, unknown>) {
  for (const field of ['messages', 'max_tokens', 'response_format']) {
    if (body[field] !== undefined) {
      return {
        status: 400,
        message: `Unsupported parameter: '${field}'.`,
        type: 'invalid_request_error',
        param: field,
        code: 'unsupported_parameter',
      };
    }
  }
  return null;
}

export async function responsesHandler(ctx: HandlerContext): Promise<void> {
  const invalid =
    validateOpenAIRequest(ctx, ['input']) ?? (ctx.spec.skipValidation ? null : responsesOnly(ctx.body));
  if (invalid) return ctx.reply.error(invalid);
  if (ctx.body.stream !== true) return ctx.reply.json(responseJson(plan(ctx), ctx.body, true));
  if (ctx.spec.rawStream !== undefined) return ctx.reply.stream(splitSseEvents(ctx.spec.rawStream));
  return ctx.reply.stream(streamEvents(plan(ctx), ctx));
}
