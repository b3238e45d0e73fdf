import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { forbidden, notFound, ok, parseInput } from '../../platform/http/api-error.js';
import { currentUser } from '../../platform/http/auth.js';
import { toUserView } from './repo.js';

const idParam = z.object({ id: z.coerce.number().int().positive('无效的用户 ID') });

/** Admin views of other users (the usage log's user popup). */
export async function userAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/user/:id', { preHandler: ctx.guards.admin }, async (request) => {
    const { id } = parseInput(idParam, request.params);
    const me = currentUser(request);
    const user = await ctx.users.repo.findById(id);
    if (!user) throw notFound('用户不存在');
    if (me.role <= user.role && me.role < 100 && me.id !== user.id) {
      throw forbidden('无权获取同级或更高等级用户的信息');
    }
    return ok(toUserView(user));
  });
}
