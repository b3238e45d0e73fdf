/**
 * POST /v1/chat/completions and its copies under other providers' paths: a `chat.completion`
 * object, or a `chat.completion.chunk` stream framed exactly like OpenAI's.
 */
import { nowSeconds, randomHex, randomId } from '../ids.js';
import type { HandlerContext } from '../router.js';
import { SSE_DONE, sseData, splitSseEvents } from '../sse.js';
import { countChatPrompt, countTokens } from '../tokens.js';
import { DEFAULT_REPLY, replyDeltas, splitText } from './text.js';
import { chatUsageJson, resolveUsage, type UsageNumbers } from './usage.js';
import { validateOpenAIRequest } from './validate.js';

interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

interface ChatPlan {
  id: string;
  created: number;
  model: string;
  fingerprint: string;
  /** Number of choices (the request's `n`). */
  n: number;
  content: string | null;
  contentDeltas: string[];
  reasoning: string | undefined;
  toolCalls: ToolCall[];
  finishReason: string;
  usage: UsageNumbers | null;
}

export interface ChatDialect {
  /** Azure opens every stream with a `choices: []` chunk carrying `prompt_filter_results`. */
  azurePromptFilterChunk?: boolean;
}

function planChat(ctx: HandlerContext): ChatPlan {
  const { spec, body } = ctx;
  const model = String(body.model ?? ctx.params.deployment ?? '');
  const n = typeof body.n === 'number' && body.n > 1 ? body.n : 1;
  const toolCalls = (spec.toolCalls ?? []).map((call) => ({ ...call, id: call.id ?? randomId('call_', 24) }));
  const content = spec.chunks?.join('') ?? spec.content ?? (toolCalls.length > 0 ? null : DEFAULT_REPLY);
  const reasoning = spec.reasoningContent;
  const toolTokens = toolCalls.reduce((sum, c) => sum + countTokens(c.name + c.arguments, model), 0);
  const reasoningTokens = countTokens(reasoning ?? '', model) * n;
  const usage = resolveUsage(spec, {
    prompt: countChatPrompt(body.messages, model),
    completion: (countTokens(content ?? '', model) + toolTokens) * n + reasoningTokens,
    reasoning: reasoningTokens,
  });
  return {
    id: randomId('chatcmpl-'),
    created: nowSeconds(),
    model,
    fingerprint: `fp_${randomHex(5)}`,
    n,
    content,
    contentDeltas: content === null ? [] : replyDeltas(content, spec.chunks, spec.chunkCount),
    reasoning,
    toolCalls,
    finishReason: spec.finishReason ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop'),
    usage,
  };
}

function completionJson(plan: ChatPlan): Record<string, unknown> {
  const message: Record<string, unknown> = {
    role: 'assistant',
    content: plan.content,
    refusal: null,
    annotations: [],
  };
  if (plan.reasoning !== undefined) message.reasoning_content = plan.reasoning;
  if (plan.toolCalls.length > 0) {
    message.tool_calls = plan.toolCalls.map((c) => ({
      id: c.id,
      type: 'function',
      function: { name: c.name, arguments: c.arguments },
    }));
  }
  const choices = Array.from({ length: plan.n }, (_, index) => ({
    index,
    message,
    logprobs: null,
    finish_reason: plan.finishReason,
  }));
  return {
    id: plan.id,
    object: 'chat.completion',
    created: plan.created,
    model: plan.model,
    choices,
    ...(plan.usage ? { usage: chatUsageJson(plan.usage) } : {}),
    service_tier: 'default',
    system_fingerprint: plan.fingerprint,
  };
}

/** The deltas of one choice, in OpenAI's order: role, reasoning, content, tool calls. */
function choiceDeltas(plan: ChatPlan): Record<string, unknown>[] {
  const deltas: Record<string, unknown>[] = [
    { role: 'assistant', content: plan.content === null ? null : '', refusal: null },
  ];
  for (const piece of splitText(plan.reasoning ?? '')) deltas.push({ reasoning_content: piece });
  for (const piece of plan.contentDeltas) deltas.push({ content: piece });
  plan.toolCalls.forEach((call, index) => {
    deltas.push({
      tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }],
    });
    for (const part of splitText(call.arguments, Math.min(3, call.arguments.length))) {
      deltas.push({ tool_calls: [{ index, function: { arguments: part } }] });
    }
  });
  return deltas;
}

function streamEvents(plan: ChatPlan, includeUsage: boolean, ctx: HandlerContext, dialect: ChatDialect) {
  const mode = ctx.spec.streamUsage ?? 'requested';
  const usage = plan.usage ? chatUsageJson(plan.usage) : null;
  const separateUsage = usage && (mode === 'always' || (mode === 'requested' && includeUsage));
  // With include_usage, OpenAI puts `"usage": null` on every chunk before the usage chunk.
  const usageNull = includeUsage && mode === 'requested' && usage ? { usage: null } : {};
  const chunk = (choices: unknown[], extra: Record<string, unknown> = usageNull) =>
    sseData({
      id: plan.id,
      object: 'chat.completion.chunk',
      created: plan.created,
      model: plan.model,
      service_tier: 'default',
      system_fingerprint: plan.fingerprint,
      choices,
      ...extra,
    });
  const indexes = Array.from({ length: plan.n }, (_, i) => i);

  const events: string[] = [];
  if (dialect.azurePromptFilterChunk) events.push(azurePromptFilterEvent());
  for (const delta of choiceDeltas(plan)) {
    for (const index of indexes) events.push(chunk([{ index, delta, logprobs: null, finish_reason: null }]));
  }
  for (const index of indexes) {
    const last = index === plan.n - 1;
    const extra = mode === 'with-finish-chunk' && usage && last ? { usage } : usageNull;
    events.push(chunk([{ index, delta: {}, logprobs: null, finish_reason: plan.finishReason }], extra));
  }
  if (separateUsage) events.push(chunk([], { usage }));
  events.push(SSE_DONE);
  const failure = ctx.spec.streamError;
  if (failure) {
    const error = {
      message: failure.message ?? 'The server had an error while processing your request.',
      type: failure.type ?? 'server_error',
      param: null,
      code: null,
    };
    return [...events.slice(0, failure.afterEvents), sseData({ error })];
  }
  return events;
}

function azurePromptFilterEvent(): string {
  const safe = { filtered: false, severity: 'safe' };
  return sseData({
    choices: [],
    created: 0,
    id: '',
    model: '',
    object: '',
    prompt_filter_results: [
      {
        prompt_index: 0,
        content_filter_results: { hate: safe, self_harm: safe, sexual: safe, violence: safe },
      },
    ],
  });
}

export function chatHandler(dialect: ChatDialect = {}) {
  return async (ctx: HandlerContext): Promise<void> => {
    const invalid = validateOpenAIRequest(ctx, ['messages']);
    if (invalid) return ctx.reply.error(invalid);
    if (ctx.body.stream !== true) return ctx.reply.json(completionJson(planChat(ctx)));
    if (ctx.spec.rawStream !== undefined) return ctx.reply.stream(splitSseEvents(ctx.spec.rawStream));
    const options = ctx.body.stream_options as { include_usage?: unknown } | undefined;
    const events = streamEvents(planChat(ctx), options?.include_usage === true, ctx, dialect);
    return ctx.reply.stream(events);
  };
}
