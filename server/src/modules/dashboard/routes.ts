import { quotaDataQuery, SELF_DATA_MAX_SPAN_SECONDS, type QuotaDataRow } from '@gateway/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { badRequest, ok, parseInput } from '../../platform/http/api-error.js';
import { currentUser } from '../../platform/http/auth.js';
import { hourOf } from './aggregate.js';

const toView = (r: {
  id: number;
  user_id: number;
  username: string;
  model_name: string;
  created_at: number;
  token_used: number;
  count: number;
  quota: number;
}): QuotaDataRow => ({
  id: Number(r.id),
  user_id: Number(r.user_id),
  username: r.username,
  model_name: r.model_name,
  created_at: Number(r.created_at),
  token_used: Number(r.token_used),
  count: Number(r.count),
  quota: Number(r.quota),
});

/** The dashboard's data: `/api/data/` (admin, everyone or one username) and `/api/data/self`. */
export async function dashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.logDb;

  app.get('/data/', { preHandler: ctx.guards.admin }, async (request) => {
    const q = parseInput(quotaDataQuery, request.query);
    const range = db
      .selectFrom('quota_data')
      // The hour that holds the start counts: rows are keyed by the hour's first second.
      .where('created_at', '>=', hourOf(q.start))
      .where('created_at', '<=', q.end);
    if (q.username) {
      const rows = await range
        .selectAll()
        .where('username', '=', q.username)
        .orderBy('created_at')
        .orderBy('model_name')
        .execute();
      return ok(rows.map(toView));
    }
    // Everyone: one row per model and hour.
    const rows = await range
      .select([
        'model_name',
        'created_at',
        (eb) => eb.fn.sum<number>('token_used').as('token_used'),
        (eb) => eb.fn.sum<number>('count').as('count'),
        (eb) => eb.fn.sum<number>('quota').as('quota'),
      ])
      .groupBy(['model_name', 'created_at'])
      .orderBy('created_at')
      .orderBy('model_name')
      .execute();
    return ok(rows.map((r) => toView({ ...r, id: 0, user_id: 0, username: '' })));
  });

  app.get('/data/self', { preHandler: ctx.guards.user }, async (request) => {
    const q = parseInput(quotaDataQuery, request.query);
    if (q.end - q.start > SELF_DATA_MAX_SPAN_SECONDS) throw badRequest('时间跨度不能超过 1 个月');
    const rows = await db
      .selectFrom('quota_data')
      .selectAll()
      .where('user_id', '=', currentUser(request).id)
      .where('created_at', '>=', hourOf(q.start))
      .where('created_at', '<=', q.end)
      .orderBy('created_at')
      .orderBy('model_name')
      .execute();
    return ok(rows.map(toView));
  });
}
