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
import { validateCohereChat } from './validate.js';

/** Content type of Cohere's v1 chat stream. */
export const COHERE_STREAM_CONTENT_TYPE = 'application/stream+json';
/** Tokens of the prompt template Cohere wraps the conversation in (counted, not billed). */
const TEMPLATE_TOKENS = 68;

export async function cohereChatHandler(ctx: HandlerContext): Promise<void> {
  const { body, spec } = ctx;
  if (!spec.skipValidation) {
    const error = validateCohereChat(body);
    if (error) return ctx.reply.error(error);
  }
  const toolCalls = (spec.toolCalls ?? []).map((call) => ({
    name: call.name,
    parameters: JSON.parse(call.arguments || '{}') as unknown,
  }));
  const text = spec.chunks?.join('') ?? spec.content ?? (toolCalls.length > 0 ? '' : DEFAULT_REPLY);
  const model = String(body.model ?? 'command-r');
  const prompt = [body.preamble, body.chat_history, body.message, body.tool_results]
    .flatMap(collectText)
    .join('\n');
  const input = spec.usage === 'none' ? 0 : (spec.usage?.prompt ?? countTokens(prompt, model));
  const produced = text + toolCalls.map((call) => call.name + JSON.stringify(call.parameters)).join('');
  const output = spec.usage === 'none' ? 0 : (spec.usage?.completion ?? countTokens(produced, model));
  const generationId = randomUUID();
  const finishReason = spec.finishReason ?? 'COMPLETE';
  const answer = (reply: string, reason: string) => ({
    response_id: randomUUID(),
    text: reply,
    generation_id: generationId,
    chat_history: [
      ...((body.chat_history as unknown[]) ?? []),
      { role: 'USER', message: body.message },
      { role: 'CHATBOT', message: reply, ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) },
    ],
    finish_reason: reason,
    ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
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
  if (toolCalls.length > 0) {
    events.push(
      line({ is_finished: false, event_type: 'tool-calls-generation', text, tool_calls: toolCalls }),
    );
  }
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
