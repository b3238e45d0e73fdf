import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { RelayCaller } from './auth/relay-auth.js';
import { RelayError } from './errors.js';

const CREATED = 1626777600;

/** GET /v1/models: what this key may call (its model limits, or its group's enabled models). */
export async function modelRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  caller: (request: FastifyRequest) => Promise<RelayCaller>,
) {
  const modelsFor = (who: RelayCaller): string[] => {
    const reachable = new Set(ctx.relay.routing.models(who.group));
    if (who.token?.modelLimits) return [...who.token.modelLimits].filter((m) => reachable.has(m)).sort();
    return [...reachable].sort();
  };
  const toModel = (id: string) => ({ id, object: 'model', created: CREATED, owned_by: 'custom' });

  app.get('/v1/models', async (request) => {
    const who = await caller(request);
    return { object: 'list', data: modelsFor(who).map(toModel) };
  });

  app.get('/v1/models/:model', async (request) => {
    const who = await caller(request);
    const { model } = request.params as { model: string };
    if (!modelsFor(who).includes(model)) {
      throw new RelayError(404, `The model '${model}' does not exist`, 'model_not_found', {
        type: 'invalid_request_error',
        param: 'model',
      });
    }
    return toModel(model);
  });
}
