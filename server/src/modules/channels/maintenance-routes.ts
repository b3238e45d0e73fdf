import {
  CHANNEL_TYPES,
  channelIdParam,
  channelTypeModels,
  fetchModelsRequest,
  type OpenAIModelObject,
} from '@gateway/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { ApiError, badRequest, ok, parseInput } from '../../platform/http/api-error.js';
import type { ChannelService } from './service.js';
import { refreshBalance, updateAllBalances } from './balances.js';
import { fetchUpstreamModels, firstKeyLine, supportsBalance, UpstreamError } from './upstream-info.js';

/** The date OpenAI gives its legacy model objects; any fixed value does. */
const MODEL_CREATED = 1626777600;

/** Upstream failures are the upstream's fault, not the caller's: 502 with the reason. */
async function upstream<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof UpstreamError) throw new ApiError(err.status, err.message);
    throw err;
  }
}

/** Every model our channel types know, once each, owned by the first type that lists it. */
function knownModels(): OpenAIModelObject[] {
  const seen = new Map<string, OpenAIModelObject>();
  for (const type of CHANNEL_TYPES) {
    for (const id of channelTypeModels(type.id)) {
      if (!seen.has(id)) seen.set(id, { id, object: 'model', created: MODEL_CREATED, owned_by: type.name });
    }
  }
  return [...seen.values()];
}

/** Model lists, upstream model discovery, balances. Admin only. */
export async function channelMaintenanceRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  service: ChannelService,
) {
  const guard = { preHandler: ctx.guards.admin };

  app.get('/channel/models', guard, async () => ok(knownModels()));

  app.get('/channel/models_enabled', guard, async () => {
    const rows = await ctx.db
      .selectFrom('abilities')
      .select('model')
      .distinct()
      .where('enabled', '=', 1)
      .orderBy('model')
      .execute();
    return ok(rows.map((r) => r.model));
  });

  app.get('/channel/fetch_models/:id', guard, async (request) => {
    const { id } = parseInput(channelIdParam, request.params);
    const channel = await service.get(id);
    return ok(
      await upstream(() => fetchUpstreamModels(channel.type, channel.base_url, firstKeyLine(channel.key))),
    );
  });

  app.post('/channel/fetch_models', guard, async (request) => {
    const body = parseInput(fetchModelsRequest, request.body);
    return ok(await upstream(() => fetchUpstreamModels(body.type, body.base_url ?? '', body.key)));
  });

  app.get('/channel/update_balance/:id', guard, async (request) => {
    const { id } = parseInput(channelIdParam, request.params);
    const channel = await service.get(id);
    if (!supportsBalance(channel.type)) throw badRequest('尚未实现');
    const result = await upstream(() => refreshBalance(service, channel));
    service.changed();
    return ok(result);
  });

  app.get('/channel/update_balance', guard, async () => ok(await updateAllBalances(service)));
}
