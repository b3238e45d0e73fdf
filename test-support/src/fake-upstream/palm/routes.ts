/**
 * Google PaLM 2's generateMessage (`/v1beta2/models/chat-bison-001:generateMessage?key=`): one
 * JSON answer, no streaming, no usage. Errors are Google's, as Gemini's (the same front end).
 */
import { DEFAULT_REPLY } from '../openai/text.js';
import { geminiFamily } from '../gemini/family.js';
import type { HandlerContext, Route } from '../router.js';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function invalid(ctx: HandlerContext, message: string) {
  ctx.reply.error({ status: 400, type: 'INVALID_ARGUMENT', message });
}

function generateMessageHandler(ctx: HandlerContext) {
  if (!ctx.request.key) return ctx.reply.error(geminiFamily.missingKey());
  const { body, spec } = ctx;
  const prompt = isObject(body.prompt) ? body.prompt : null;
  const messages = prompt?.messages;
  if (!Array.isArray(messages) || messages.length === 0)
    return invalid(ctx, '* GenerateMessageRequest.prompt.messages: messages must not be empty');
  for (const m of messages) {
    if (!isObject(m) || typeof m.content !== 'string' || typeof m.author !== 'string')
      return invalid(ctx, '* GenerateMessageRequest.prompt.messages: each message needs author and content');
  }
  if ('model' in body || 'messages' in body)
    return invalid(ctx, 'Invalid JSON payload received. Unknown name "model" or "messages".');
  if (spec.finishReason === 'filtered') {
    // A blocked prompt: no candidates, only the filter that fired.
    return ctx.reply.json({ messages, filters: [{ reason: 'OTHER' }] });
  }
  const content = spec.content ?? DEFAULT_REPLY;
  const candidate = { author: '1', content };
  return ctx.reply.json({ candidates: [candidate], messages: [...messages, candidate] });
}

export const palmRoutes: Route[] = [
  {
    name: 'palm.generate-message',
    method: 'POST',
    path: /^\/v1beta2\/models\/(?<model>[^/:]+):generateMessage$/,
    family: geminiFamily,
    handle: generateMessageHandler,
  },
];
