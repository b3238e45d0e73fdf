/**
 * POST /v1/messages: a `message` object, or the event stream Anthropic sends (message_start,
 * ping, content blocks with text/thinking/input_json deltas, message_delta with the output
 * usage, message_stop), with `event: error` when the scenario asks for one.
 */
import { randomId } from '../ids.js';
import type { HandlerContext } from '../router.js';
import { sseEvent, splitSseEvents } from '../sse.js';
import { collectText, countTokens } from '../tokens.js';
import { DEFAULT_REPLY, replyDeltas, splitText } from '../openai/text.js';
import { anthropicError } from './family.js';
import { checkHeaders, validateMessagesRequest } from './validate.js';

type Block =
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'text'; text: string; deltas: string[] }
  | { type: 'tool_use'; id: string; name: string; input: unknown; json: string };

interface Usage {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens: number;
  cache_creation_input_tokens: number;
}

export interface Plan {
  id: string;
  model: string;
  blocks: Block[];
  stopReason: string;
  usage: Usage | null;
}

export function plan(ctx: HandlerContext): Plan {
  const { spec, body } = ctx;
  const model = String(body.model ?? '');
  const blocks: Block[] = [];
  if (spec.reasoningContent !== undefined) {
    blocks.push({ type: 'thinking', thinking: spec.reasoningContent, signature: `sig_${randomId('', 16)}` });
  }
  const tools = spec.toolCalls ?? [];
  const text = spec.chunks?.join('') ?? spec.content ?? (tools.length > 0 ? null : DEFAULT_REPLY);
  if (text !== null)
    blocks.push({ type: 'text', text, deltas: replyDeltas(text, spec.chunks, spec.chunkCount) });
  for (const call of tools) {
    blocks.push({
      type: 'tool_use',
      id: call.id ?? randomId('toolu_', 24),
      name: call.name,
      input: JSON.parse(call.arguments || '{}') as unknown,
      json: call.arguments,
    });
  }
  const produced = blocks
    .map((b) => (b.type === 'text' ? b.text : b.type === 'thinking' ? b.thinking : b.name + b.json))
    .join('');
  let usage: Usage | null = null;
  if (spec.usage !== 'none') {
    const pinned = spec.usage ?? {};
    const prompt = [body.system, body.messages, body.tools].flatMap(collectText).join('\n');
    usage = {
      input_tokens: pinned.prompt ?? countTokens(prompt, model),
      output_tokens: pinned.completion ?? countTokens(produced, model),
      cache_read_input_tokens: pinned.cached ?? 0,
      cache_creation_input_tokens: pinned.cacheCreation ?? 0,
    };
  }
  return {
    id: randomId('msg_01', 22),
    model,
    blocks,
    stopReason: spec.finishReason ?? (tools.length > 0 ? 'tool_use' : 'end_turn'),
    usage,
  };
}

function messageJson(p: Plan): Record<string, unknown> {
  return {
    id: p.id,
    type: 'message',
    role: 'assistant',
    model: p.model,
    content: p.blocks.map((b) =>
      b.type === 'text'
        ? { type: 'text', text: b.text }
        : b.type === 'thinking'
          ? b
          : { type: 'tool_use', id: b.id, name: b.name, input: b.input },
    ),
    stop_reason: p.stopReason,
    stop_sequence: null,
    ...(p.usage ? { usage: p.usage } : {}),
  };
}

function blockEvents(block: Block, index: number): string[] {
  const delta = (d: Record<string, unknown>) =>
    sseEvent('content_block_delta', { type: 'content_block_delta', index, delta: d });
  const start = (content_block: unknown) =>
    sseEvent('content_block_start', { type: 'content_block_start', index, content_block });
  const events: string[] = [];
  if (block.type === 'thinking') {
    events.push(start({ type: 'thinking', thinking: '', signature: '' }));
    for (const piece of splitText(block.thinking))
      events.push(delta({ type: 'thinking_delta', thinking: piece }));
    events.push(delta({ type: 'signature_delta', signature: block.signature }));
  } else if (block.type === 'text') {
    events.push(start({ type: 'text', text: '' }));
    for (const piece of block.deltas) events.push(delta({ type: 'text_delta', text: piece }));
  } else {
    events.push(start({ type: 'tool_use', id: block.id, name: block.name, input: {} }));
    events.push(delta({ type: 'input_json_delta', partial_json: '' }));
    for (const part of splitText(block.json, Math.min(3, block.json.length))) {
      events.push(delta({ type: 'input_json_delta', partial_json: part }));
    }
  }
  events.push(sseEvent('content_block_stop', { type: 'content_block_stop', index }));
  return events;
}

export function streamEvents(ctx: HandlerContext, p: Plan): string[] {
  const start: Record<string, unknown> = { ...messageJson(p), content: [], stop_reason: null };
  if (p.usage) start.usage = { ...p.usage, output_tokens: 1 };
  const events = [sseEvent('message_start', { type: 'message_start', message: start })];
  events.push(sseEvent('ping', { type: 'ping' }));
  p.blocks.forEach((block, index) => events.push(...blockEvents(block, index)));
  events.push(
    sseEvent('message_delta', {
      type: 'message_delta',
      delta: { stop_reason: p.stopReason, stop_sequence: null },
      ...(p.usage ? { usage: { output_tokens: p.usage.output_tokens } } : {}),
    }),
  );
  events.push(sseEvent('message_stop', { type: 'message_stop' }));
  const failure = ctx.spec.streamError;
  if (failure) {
    const error = anthropicError({ status: 529, type: failure.type, message: failure.message });
    return [...events.slice(0, failure.afterEvents), sseEvent('error', { type: 'error', error })];
  }
  return events;
}

export async function messagesHandler(ctx: HandlerContext): Promise<void> {
  const unauthorized = checkHeaders(ctx);
  if (unauthorized) return ctx.reply.error(unauthorized);
  return answerMessages(ctx);
}

/** The answer once the caller is authenticated (also served on Vertex AI's Anthropic publisher). */
export async function answerMessages(ctx: HandlerContext): Promise<void> {
  const invalid = validateMessagesRequest(ctx);
  if (invalid) return ctx.reply.error(invalid);
  if (ctx.body.stream !== true) return ctx.reply.json(messageJson(plan(ctx)));
  if (ctx.spec.rawStream !== undefined) return ctx.reply.stream(splitSseEvents(ctx.spec.rawStream));
  return ctx.reply.stream(streamEvents(ctx, plan(ctx)));
}

/** POST /v1/messages/count_tokens. */
export async function countTokensHandler(ctx: HandlerContext): Promise<void> {
  const invalid = checkHeaders(ctx);
  if (invalid) return ctx.reply.error(invalid);
  const text = [ctx.body.system, ctx.body.messages, ctx.body.tools].flatMap(collectText).join('\n');
  return ctx.reply.json({ input_tokens: countTokens(text, String(ctx.body.model ?? '')) });
}
