import { optionDef, Role } from '@gateway/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, forbidden, ok, parseInput } from '../../platform/http/api-error.js';
import { currentUser } from '../../platform/http/auth.js';
import type { AppContext } from '../../context.js';
import { OptionError } from './store.js';

const putBody = z.object({
  key: z.string().min(1, '无效的参数'),
  value: z.union([z.string(), z.number(), z.boolean()]).transform(String),
});

/**
 * Options: admins read and write the operation settings; the super admin also the root-only ones
 * (sign-in, mail, payment, addresses, site texts). Secrets are never read back.
 */
export async function optionRoutes(app: FastifyInstance, ctx: AppContext) {
  const admin = { preHandler: ctx.guards.admin };

  app.get('/option/', admin, async (request) => {
    const isRoot = currentUser(request).role >= Role.Root;
    return ok(ctx.options.publicList().filter((o) => isRoot || !optionDef(o.key)?.rootOnly));
  });

  app.put('/option/', admin, async (request) => {
    const { key, value } = parseInput(putBody, request.body);
    if (optionDef(key)?.rootOnly && currentUser(request).role < Role.Root) {
      throw forbidden('无权进行此操作，权限不足');
    }
    try {
      await ctx.options.set(key, value);
    } catch (err) {
      if (err instanceof OptionError) throw badRequest(err.message);
      throw err;
    }
    return ok();
  });
}
