import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { RelayCaller } from './auth/relay-auth.js';
import { RelayError } from './errors.js';
import { handleRelay } from './pipeline.js';

/**
 * The OpenAI Responses API: `POST /v1/responses`, plain or streamed, to any chat-capable channel
 * (OpenAI passes it through; other families get it through the hub). The stored-response
 * endpoints (retrieve, delete, cancel, input_items) need the upstream that stored the response
 * and a gateway-side record of it, which the gateway does not keep: they answer 501.
 */
export async function responsesRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  caller: (request: FastifyRequest) => Promise<RelayCaller>,
) {
  app.post('/v1/responses', async (request, reply) => {
    const who = await caller(request);
    await handleRelay(ctx.relay, request, reply, 'responses', who);
  });
  app.all('/v1/responses/*', async () => {
    throw new RelayError(501, 'stored responses are not kept by the gateway', 'api_not_implemented');
  });
}
