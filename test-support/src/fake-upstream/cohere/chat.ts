/**
 * POST /v1/chat (Cohere's v1 chat): one JSON answer, or with `stream: true` newline-delimited
 * JSON events (stream-start, text-generation, stream-end carrying the whole answer and its meta).
 * `billed_units` carry the scenario's usage; `tokens` add the prompt template Cohere counts but
 * does not bill, so a gateway billing the wrong field is caught.
 */
import { randomUUID } from 'node:crypto';
import { DEFAULT_REPLY, replyDeltas } from '../openai/text.js';
import type { HandlerContext } from '../router.js';
import { collectText, countTokens } from '../tokens.js';
import type { ErrorSpec } from '../types.js';

/** Content type of Cohere's v1 chat stream. */
export const COHERE_STREAM_CONTENT_TYPE = 'application/stream+json';
/** Tokens of the prompt template Cohere wraps the conversation in (counted, not billed). */
const TEMPLATE_TOKENS = 68;
const ROLES = new Set(['USER', 'CHATBOT', 'SYSTEM', 'TOOL']);
/** Fields Cohere's v1 chat knows; anything else is refused, as Cohere does. */
const FIELDS = new Set([
  'model',
  'message',
  'chat_history',
  'preamble',
  'temperature',
  'max_tokens',
  'stop_sequences',
  'stream',
  'tools',
  'tool_results',
  'p',
  'k',
  'seed',
  'frequency_penalty',
  'presence_penalty',
  'conversation_id',
  'connectors',
  'documents',
  'prompt_truncation',
  'max_input_tokens',
  'force_single_step',
  'citation_quality',
  'response_format',
  'safety_mode',
  'search_queries_only',
  'raw_prompting',
  'return_prompt',
]);

function invalid(message: string): ErrorSpec {
  return { status: 400, message: `invalid request: ${message}` };
}

function validate(body: Record<string, unknown>): ErrorSpec | null {
  for (const field of Object.keys(body)) {
    if (!FIELDS.has(field)) return invalid(`unknown field: parameter ${field} is not a valid field`);
  }
  if (typeof body.message !== 'string' || body.message.trim() === '') {
    return invalid('message must be at least 1 token long or tool results must be specified.');
  }
  if (body.chat_history !== undefined) {
    if (!Array.isArray(body.chat_history)) return invalid('chat_history must be a list');
    for (const turn of body.chat_history as Array<Record<string, unknown>>) {
      if (!ROLES.has(String(turn?.role)))
        return invalid(`invalid role ${String(turn?.role)} in chat_history`);
      if (typeof turn.message !== 'string') return invalid('chat_history messages must be strings');
    }
  }
  if (body.temperature !== undefined && (typeof body.temperature !== 'number' || body.temperature < 0)) {
    return invalid('temperature must be a non-negative number');
  }
  return null;
}

export async function cohereChatHandler(ctx: HandlerContext): Promise<void> {
  const { body, spec } = ctx;
  if (!spec.skipValidation) {
    const error = validate(body);
    if (error) return ctx.reply.error(error);
  }
  const text = spec.chunks?.join('') ?? spec.content ?? DEFAULT_REPLY;
  const model = String(body.model ?? 'command-r');
  const prompt = [body.preamble, body.chat_history, body.message].flatMap(collectText).join('\n');
  const input = spec.usage === 'none' ? 0 : (spec.usage?.prompt ?? countTokens(prompt, model));
  const output = spec.usage === 'none' ? 0 : (spec.usage?.completion ?? countTokens(text, model));
  const generationId = randomUUID();
  const finishReason = spec.finishReason ?? 'COMPLETE';
  const answer = (reply: string, reason: string) => ({
    response_id: randomUUID(),
    text: reply,
    generation_id: generationId,
    chat_history: [
      ...((body.chat_history as unknown[]) ?? []),
      { role: 'USER', message: body.message },
      { role: 'CHATBOT', message: reply },
    ],
    finish_reason: reason,
    meta: {
      api_version: { version: '1' },
      ...(spec.usage === 'none'
        ? {}
        : {
            billed_units: { input_tokens: input, output_tokens: output },
            tokens: { input_tokens: input + TEMPLATE_TOKENS, output_tokens: output },
          }),
    },
  });
  if (body.stream !== true) return ctx.reply.json(answer(text, finishReason));

  const line = (event: unknown) => `${JSON.stringify(event)}\n`;
  const deltas = replyDeltas(text, spec.chunks, spec.chunkCount);
  const events = [line({ is_finished: false, event_type: 'stream-start', generation_id: generationId })];
  for (const delta of deltas)
    events.push(line({ is_finished: false, event_type: 'text-generation', text: delta }));
  events.push(
    line({
      is_finished: true,
      event_type: 'stream-end',
      finish_reason: finishReason,
      response: answer(text, finishReason),
    }),
  );
  const failure = spec.streamError;
  if (failure) {
    // Cohere ends a failed generation with a stream-end whose finish_reason is ERROR.
    const sent = events.slice(0, failure.afterEvents);
    const partial = deltas.slice(0, Math.max(0, failure.afterEvents - 1)).join('');
    sent.push(
      line({
        is_finished: true,
        event_type: 'stream-end',
        finish_reason: 'ERROR',
        response: answer(partial, 'ERROR'),
      }),
    );
    return ctx.reply.stream(sent, COHERE_STREAM_CONTENT_TYPE);
  }
  return ctx.reply.stream(events, COHERE_STREAM_CONTENT_TYPE);
}
