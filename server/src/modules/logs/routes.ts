import {
  logDeleteQuery,
  logListQuery,
  pageQuery,
  selfLogListQuery,
  type LogView,
  type Page,
} from '@gateway/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { ok, parseInput } from '../../platform/http/api-error.js';
import { currentUser } from '../../platform/http/auth.js';
import { LogQueries } from './query.js';
import { toLogView, toUserLogView } from './view.js';

/** /api/log/...: every log for admins, a user's own logs for everyone signed in. */
export async function logRoutes(app: FastifyInstance, ctx: AppContext) {
  const logs = new LogQueries(ctx.logDb, ctx.db);
  const admin = { preHandler: ctx.guards.admin };
  const user = { preHandler: ctx.guards.user };

  app.get('/log/', admin, async (request) => {
    const filters = parseInput(logListQuery, request.query);
    const page = parseInput(pageQuery, request.query);
    const { rows, total } = await logs.page(filters, page);
    const names = await logs.channelNames(rows);
    const items = rows.map((row) => toLogView(row, names.get(row.channel_id) ?? ''));
    return ok<Page<LogView>>({ items, total, page: page.page, page_size: page.pageSize });
  });

  app.get('/log/self/', user, async (request) => {
    const filters = parseInput(selfLogListQuery, request.query);
    const page = parseInput(pageQuery, request.query);
    const { rows, total } = await logs.page({ ...filters, userId: currentUser(request).id }, page);
    return ok<Page<LogView>>({
      items: rows.map(toUserLogView),
      total,
      page: page.page,
      page_size: page.pageSize,
    });
  });

  app.get('/log/stat', admin, async (request) =>
    ok(await logs.stat(parseInput(logListQuery, request.query))),
  );

  app.get('/log/self/stat', user, async (request) => {
    const filters = parseInput(selfLogListQuery, request.query);
    return ok(await logs.stat({ ...filters, userId: currentUser(request).id }));
  });

  app.delete('/log/', admin, async (request) => {
    const { target_timestamp } = parseInput(logDeleteQuery, request.query);
    return ok(await logs.deleteBefore(target_timestamp));
  });
}
