import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { RelayCaller } from '../auth/relay-auth.js';
import { authenticateRelay } from '../auth/relay-auth.js';
import type { SubmitRoute } from './actions.js';
import { jsonBody, MjError, requestError } from './errors.js';
import { fetchTask, imageSeed, listByCondition, notify, proxyImage } from './reads.js';
import { submitTask } from './submit.js';

const SUBMIT: Array<[string, SubmitRoute]> = [
  ['submit/imagine', 'imagine'],
  ['submit/change', 'change'],
  ['submit/simple-change', 'simple-change'],
  ['submit/action', 'action'],
  ['submit/describe', 'describe'],
  ['submit/blend', 'blend'],
  ['submit/shorten', 'shorten'],
  ['submit/modal', 'modal'],
  ['submit/upload-discord-images', 'upload-discord-images'],
  ['insight-face/swap', 'swap_face'],
];

/**
 * midjourney-proxy clients send the gateway key as `Authorization: Bearer sk-…`, or (tools built
 * for the proxy itself) as `mj-api-secret` with Authorization empty or "midjourney-proxy".
 */
function useMjSecret(request: FastifyRequest) {
  const auth = (request.headers.authorization ?? '').replace(/^Bearer\s+/i, '').trim();
  const secret = request.headers['mj-api-secret'];
  if ((auth === '' || auth === 'midjourney-proxy') && typeof secret === 'string' && secret.trim()) {
    request.headers.authorization = `Bearer ${secret.replace(/^Bearer\s+/i, '').trim()}`;
  }
}

/** Errors of our own making answer in the proxy's `{description, type, code}` shape. */
async function answering(reply: FastifyReply, work: () => Promise<unknown>) {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof MjError)) throw err;
    return reply.code(err.status).send(err.body());
  }
}

const listBody = z.object({ ids: z.array(z.string().max(191)).max(1000).default([]) });

/** `/mj/…` and `/{mode}/mj/…` (mode mj-fast, mj-relax, mj-turbo: only the upstream's concern). */
export async function midjourneyRoutes(app: FastifyInstance, ctx: AppContext) {
  const relay = ctx.relay;
  const caller = (request: FastifyRequest): Promise<RelayCaller> => {
    useMjSecret(request);
    return authenticateRelay(request, ctx, relay.tokens);
  };
  const modeOk = (request: FastifyRequest) => {
    const mode = (request.params as { mode?: string }).mode;
    return mode === undefined || /^mj-[a-z]+$/.test(mode);
  };

  for (const prefix of ['/mj/', '/:mode/mj/']) {
    // CORS preflights of browser tools (the relay's hook answers them).
    app.options(`${prefix}*`, async () => undefined);
    for (const [path, route] of SUBMIT) {
      app.post(prefix + path, async (request, reply) => {
        if (!modeOk(request)) return reply.callNotFound();
        const who = await caller(request);
        await answering(reply, () => submitTask(relay, request, reply, route, `/mj/${path}`, who));
      });
    }
    app.get(`${prefix}task/:id/fetch`, async (request, reply) => {
      if (!modeOk(request)) return reply.callNotFound();
      const who = await caller(request);
      return answering(reply, () => fetchTask(ctx, who, (request.params as { id: string }).id));
    });
    app.get(`${prefix}task/:id/image-seed`, async (request, reply) => {
      if (!modeOk(request)) return reply.callNotFound();
      const who = await caller(request);
      return answering(reply, () => imageSeed(relay, who, (request.params as { id: string }).id, reply));
    });
    app.post(`${prefix}task/list-by-condition`, async (request, reply) => {
      if (!modeOk(request)) return reply.callNotFound();
      const who = await caller(request);
      return answering(reply, async () => {
        const parsed = listBody.safeParse(jsonBody(request.body));
        if (!parsed.success) throw requestError('bind_request_body_failed');
        return listByCondition(ctx, who, parsed.data.ids);
      });
    });
    app.post(`${prefix}notify`, async (request, reply) => {
      if (!modeOk(request)) return reply.callNotFound();
      const who = await caller(request);
      return answering(reply, () => notify(ctx, who, jsonBody(request.body)));
    });
    app.get(`${prefix}image/:id`, async (request, reply) => {
      if (!modeOk(request)) return reply.callNotFound();
      return answering(reply, () => proxyImage(relay, (request.params as { id: string }).id, reply));
    });
  }
}
