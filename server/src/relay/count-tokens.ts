import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RelayCaller } from './auth/relay-auth.js';
import { RelayError } from './errors.js';
import { anthropicMessages } from './formats/anthropic-messages/index.js';
import { parseInbound } from './inbound.js';

/**
 * `POST /v1/messages/count_tokens`: the prompt size of an Anthropic request, counted locally with
 * the same rules the relay uses when an upstream reports no usage. Free, and no upstream call.
 */
export async function countTokensRoute(
  app: FastifyInstance,
  caller: (request: FastifyRequest) => Promise<RelayCaller>,
) {
  app.post('/v1/messages/count_tokens', async (request) => {
    const who = await caller(request);
    const inbound = parseInbound(request, 'messages');
    if (who.token?.modelLimits && !who.token.modelLimits.has(inbound.model)) {
      throw new RelayError(403, `该令牌无权访问模型 ${inbound.model}`, 'model_not_allowed');
    }
    return { input_tokens: await anthropicMessages.countPromptTokens(inbound.body!, inbound.model) };
  });
}
