import {
  mjListQuery,
  pageQuery,
  selfMjListQuery,
  type MidjourneyView,
  type MjFilters,
  type Page,
  type PageQuery,
} from '@gateway/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { MidjourneyRow } from '../../platform/db/schema.js';
import { ok, parseInput } from '../../platform/http/api-error.js';
import { currentUser } from '../../platform/http/auth.js';
import { publicImageUrl } from '../../relay/midjourney/tasks.js';

type Scope = Partial<MjFilters> & { userId?: number };

/** Newest first; time filters are on submit_time (milliseconds). */
async function page(ctx: AppContext, f: Scope, p: PageQuery) {
  let q = ctx.db.selectFrom('midjourneys');
  if (f.userId !== undefined) q = q.where('user_id', '=', f.userId);
  if (f.channel_id) q = q.where('channel_id', '=', f.channel_id);
  if (f.mj_id) q = q.where('mj_id', '=', f.mj_id);
  if (f.start_timestamp) q = q.where('submit_time', '>=', f.start_timestamp);
  if (f.end_timestamp) q = q.where('submit_time', '<=', f.end_timestamp);
  const { count } = await q.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await q
    .selectAll()
    .orderBy('id', 'desc')
    .limit(p.pageSize)
    .offset((p.page - 1) * p.pageSize)
    .execute();
  return { rows, total: Number(count) };
}

function toView(row: MidjourneyRow, ctx: AppContext, admin: boolean): MidjourneyView {
  return {
    id: row.id,
    user_id: row.user_id,
    code: row.code,
    action: row.action,
    mj_id: row.mj_id,
    prompt: row.prompt ?? '',
    prompt_en: row.prompt_en ?? '',
    description: row.description ?? '',
    state: row.state ?? '',
    submit_time: row.submit_time,
    start_time: row.start_time,
    finish_time: row.finish_time,
    image_url: publicImageUrl(row, ctx),
    status: row.status,
    progress: row.progress,
    fail_reason: row.fail_reason ?? '',
    channel_id: admin ? row.channel_id : 0,
    quota: row.quota,
  };
}

/** /api/mj/: every drawing task for admins; /api/mj/self: the caller's own. */
export async function midjourneyRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/mj/', { preHandler: ctx.guards.admin }, async (request) => {
    const filters = parseInput(mjListQuery, request.query);
    const p = parseInput(pageQuery, request.query);
    const { rows, total } = await page(ctx, filters, p);
    const items = rows.map((row) => toView(row, ctx, true));
    return ok<Page<MidjourneyView>>({ items, total, page: p.page, page_size: p.pageSize });
  });

  app.get('/mj/self', { preHandler: ctx.guards.user }, async (request) => {
    const filters = parseInput(selfMjListQuery, request.query);
    const p = parseInput(pageQuery, request.query);
    const { rows, total } = await page(ctx, { ...filters, userId: currentUser(request).id }, p);
    const items = rows.map((row) => toView(row, ctx, false));
    return ok<Page<MidjourneyView>>({ items, total, page: p.page, page_size: p.pageSize });
  });
}
