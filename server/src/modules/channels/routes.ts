import {
  channelCopyQuery,
  channelBatchDeleteRequest,
  channelBatchTagRequest,
  channelCreateRequest,
  channelIdParam,
  channelListQuery,
  channelSearchQuery,
  channelTagEditRequest,
  channelTagRequest,
  channelUpdateRequest,
  pageQuery,
  Role,
  type ChannelView,
  type Page,
} from '@gateway/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { notFound, ok, parseInput } from '../../platform/http/api-error.js';
import { currentUser } from '../../platform/http/auth.js';
import { channelMaintenanceRoutes } from './maintenance-routes.js';
import type { ChannelOrder, ChannelWhere } from './repo.js';
import { ChannelService } from './service.js';
import { toChannelView } from './view.js';

/** /api/channel/...: admin only. `GET /channel/test*` belongs to the relay's channel tester. */
export async function channelRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = new ChannelService(ctx);
  const { repo } = service;
  const guard = { preHandler: ctx.guards.admin };

  async function listPage(
    where: ChannelWhere,
    flags: { id_sort: boolean; tag_mode: boolean },
    query: unknown,
  ): Promise<Page<ChannelView>> {
    const page = parseInput(pageQuery, query);
    const order: ChannelOrder = flags.id_sort ? 'id' : 'priority';
    const { rows, total } = await repo.page(where, order, page, flags.tag_mode);
    return { items: rows.map(toChannelView), total, page: page.page, page_size: page.pageSize };
  }

  app.get('/channel/', guard, async (request) => {
    const flags = parseInput(channelListQuery, request.query);
    return ok(await listPage(repo.everything(), flags, request.query));
  });

  app.get('/channel/search', guard, async (request) => {
    const query = parseInput(channelSearchQuery, request.query);
    return ok(await listPage(repo.searchWhere(query), query, request.query));
  });

  app.get('/channel/:id', guard, async (request) => {
    const { id } = parseInput(channelIdParam, request.params);
    return ok(toChannelView(await service.get(id)));
  });

  app.post('/channel/', guard, async (request) => {
    const input = parseInput(channelCreateRequest, request.body);
    const rows = await service.create(input);
    return ok(rows.map(toChannelView));
  });

  app.put('/channel/', guard, async (request) => {
    const input = parseInput(channelUpdateRequest, request.body);
    const root = currentUser(request).role >= Role.Root;
    return ok(toChannelView(await service.update(input, { root })));
  });

  app.delete('/channel/disabled', guard, async () => ok(await service.deleteDisabled()));

  app.delete('/channel/:id', guard, async (request) => {
    const { id } = parseInput(channelIdParam, request.params);
    if ((await service.delete([id])) === 0) throw notFound('渠道不存在');
    return ok();
  });

  app.post('/channel/batch', guard, async (request) => {
    const { ids } = parseInput(channelBatchDeleteRequest, request.body);
    return ok(await service.delete([...new Set(ids)]));
  });

  app.post('/channel/batch/tag', guard, async (request) => {
    const { ids, tag } = parseInput(channelBatchTagRequest, request.body);
    return ok(await service.setTag([...new Set(ids)], tag));
  });

  app.put('/channel/tag', guard, async (request) => {
    const input = parseInput(channelTagEditRequest, request.body);
    return ok(await service.editTag(input));
  });

  app.post('/channel/tag/enabled', guard, async (request) => {
    const { tag } = parseInput(channelTagRequest, request.body);
    return ok(await service.setTagStatus(tag, 1));
  });

  app.post('/channel/tag/disabled', guard, async (request) => {
    const { tag } = parseInput(channelTagRequest, request.body);
    return ok(await service.setTagStatus(tag, 2));
  });

  app.post('/channel/fix', guard, async () => ok(await service.fixAbilities()));

  app.post('/channel/copy/:id', guard, async (request) => {
    const { id } = parseInput(channelIdParam, request.params);
    const { suffix, reset_balance } = parseInput(channelCopyQuery, request.query);
    return ok(toChannelView(await service.copy(id, suffix, reset_balance)));
  });

  await channelMaintenanceRoutes(app, ctx, service);
}
