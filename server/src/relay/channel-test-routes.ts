import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { badRequest, parseInput } from '../platform/http/api-error.js';
import { testAllChannels, testChannel } from './channel-test.js';

let testAllRunning = false;

/** GET /api/channel/test/:id?model= and GET /api/channel/test (all, in the background). */
export async function channelTestRoutes(app: FastifyInstance, ctx: AppContext) {
  const params = z.object({ id: z.coerce.number().int().positive('无效的渠道 Id') });
  const query = z.object({ model: z.string().optional().default('') });

  app.get('/channel/test/:id', { preHandler: ctx.guards.admin }, async (request) => {
    const { id } = parseInput(params, request.params);
    const { model } = parseInput(query, request.query);
    const result = await testChannel(ctx.relay, id, model);
    return { success: result.success, message: result.message, time: result.time };
  });

  app.get('/channel/test', { preHandler: ctx.guards.admin }, async () => {
    if (testAllRunning) throw badRequest('测试已在运行中');
    testAllRunning = true;
    void testAllChannels(ctx.relay)
      .catch((err: Error) => console.error(`testing all channels failed: ${err.message}`))
      .finally(() => {
        testAllRunning = false;
      });
    return { success: true, message: '' };
  });
}
