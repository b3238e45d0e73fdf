import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, ok, parseInput } from '../../platform/http/api-error.js';
import type { AppContext } from '../../context.js';
import { OptionError } from './store.js';

const putBody = z.object({
  key: z.string().min(1, '无效的参数'),
  value: z.union([z.string(), z.number(), z.boolean()]).transform(String),
});

export async function optionRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/option/', { preHandler: ctx.guards.root }, async () => ok(ctx.options.publicList()));

  app.put('/option/', { preHandler: ctx.guards.root }, async (request) => {
    const { key, value } = parseInput(putBody, request.body);
    try {
      await ctx.options.set(key, value);
    } catch (err) {
      if (err instanceof OptionError) throw badRequest(err.message);
      throw err;
    }
    return ok();
  });
}
