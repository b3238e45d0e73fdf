import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.js';
import type { RelayCaller } from '../auth/relay-auth.js';
import type { Relay } from '../relay.js';
import { readBody } from '../upstream-client.js';
import { MjError, requestError } from './errors.js';
import { applyReport, findTask, toProxyTask, type ProxyTask } from './tasks.js';
import { callProxy } from './upstream.js';

const notFound = () => new MjError(404, 4, 'task_no_found');

/** GET task/:id/fetch: the caller's own task, from our database. */
export async function fetchTask(ctx: AppContext, caller: RelayCaller, mjId: string): Promise<ProxyTask> {
  const row = await findTask(ctx.db, caller.user.id, mjId);
  if (!row) throw notFound();
  return toProxyTask(row, ctx);
}

/** POST task/list-by-condition {ids}: those of the ids that are the caller's tasks. */
export async function listByCondition(
  ctx: AppContext,
  caller: RelayCaller,
  ids: string[],
): Promise<ProxyTask[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .selectFrom('midjourneys')
    .selectAll()
    .where('user_id', '=', caller.user.id)
    .where('mj_id', 'in', ids)
    .orderBy('id', 'asc')
    .execute();
  return rows.map((row) => toProxyTask(row, ctx));
}

/** GET task/:id/image-seed: asked of the channel that drew the task. */
export async function imageSeed(relay: Relay, caller: RelayCaller, mjId: string, reply: FastifyReply) {
  const row = await findTask(relay.ctx.db, caller.user.id, mjId);
  if (!row) throw notFound();
  const channel = relay.routing.channel(row.channel_id);
  if (!channel) throw requestError('channel_not_found');
  const answer = await callProxy(
    relay,
    channel,
    'GET',
    `/mj/task/${encodeURIComponent(mjId)}/image-seed`,
    undefined,
    30_000,
  );
  if (answer.json === null) throw new MjError(502, 5, 'unmarshal_response_body_failed');
  return reply
    .code(answer.status === 200 ? 200 : 502)
    .header('content-type', 'application/json')
    .send(answer.raw);
}

/** POST notify: a proxy pushing a task's progress (authenticated with the task owner's key). */
export async function notify(ctx: AppContext, caller: RelayCaller, body: Record<string, unknown>) {
  const mjId = typeof body.id === 'string' ? body.id : '';
  const row = mjId ? await findTask(ctx.db, caller.user.id, mjId) : undefined;
  if (!row) throw notFound();
  await applyReport(ctx, row, body as ProxyTask);
  return { code: 1, description: 'success', result: mjId };
}

/**
 * GET image/:id (no key, as image tags cannot send one): the stored image, fetched from the
 * upstream's address, which the client never sees.
 */
export async function proxyImage(relay: Relay, mjId: string, reply: FastifyReply) {
  const row = await relay.ctx.db
    .selectFrom('midjourneys')
    .select('image_url')
    .where('mj_id', '=', mjId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const url = row?.image_url ?? '';
  if (!/^https?:\/\//i.test(url)) throw notFound();
  let res;
  try {
    res = await relay.upstream.send(
      { url, method: 'GET', headers: {}, body: undefined },
      AbortSignal.timeout(60_000),
    );
  } catch {
    throw new MjError(502, 5, 'get_image_failed');
  }
  if (res.statusCode !== 200) {
    res.body.resume();
    throw new MjError(502, 5, `get_image_failed status_code: ${res.statusCode}`);
  }
  const type = res.headers['content-type'];
  const image = await readBody(res, 64 * 1024 * 1024);
  return reply
    .code(200)
    .header('content-type', typeof type === 'string' && type ? type : 'image/jpeg')
    .send(image);
}
