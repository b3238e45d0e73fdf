import {
  adminCreateUserRequest,
  adminUpdateUserRequest,
  manageUserRequest,
  pageQuery,
  userSearchQuery,
} from '@gateway/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { badRequest, forbidden, notFound, ok, parseInput } from '../../platform/http/api-error.js';
import { currentUser } from '../../platform/http/auth.js';
import { toPage } from '../tokens/listing.js';
import { manageUser, updateUserByAdmin } from './admin-service.js';
import { toUserView } from './repo.js';
import { createAccount } from './service.js';

const idParam = z.object({ id: z.coerce.number().int().positive('无效的用户 ID') });

/** /api/user/* for admins: list, search, view, create, edit and manage other users. */
export async function userAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const { repo } = ctx.users;
  const guard = { preHandler: ctx.guards.admin };

  app.get('/user/', guard, async (request) => {
    const page = parseInput(pageQuery, request.query);
    const { rows, total } = await repo.page({ keyword: '', group: '' }, page);
    return ok(toPage(rows.map(toUserView), total, page));
  });

  app.get('/user/search', guard, async (request) => {
    const page = parseInput(pageQuery, request.query);
    const { keyword, group } = parseInput(userSearchQuery, request.query);
    const { rows, total } = await repo.page({ keyword: keyword.trim(), group: group.trim() }, page);
    return ok(toPage(rows.map(toUserView), total, page));
  });

  app.get('/user/:id', guard, async (request) => {
    const { id } = parseInput(idParam, request.params);
    const me = currentUser(request);
    const user = await repo.findById(id);
    if (!user) throw notFound('用户不存在');
    if (me.role <= user.role && me.role < 100 && me.id !== user.id) {
      throw forbidden('无权获取同级或更高等级用户的信息');
    }
    return ok(toUserView(user));
  });

  app.post('/user/', guard, async (request) => {
    const me = currentUser(request);
    const body = parseInput(adminCreateUserRequest, request.body);
    if (body.role !== undefined && body.role >= me.role) throw forbidden('无法创建权限大于等于自己的用户');
    if (await repo.nameOrEmailTaken(body.username, '')) throw badRequest('用户名已存在，或已注销');
    const id = await createAccount(ctx, {
      username: body.username,
      password: body.password,
      displayName: body.display_name,
    });
    return ok({ id });
  });

  app.put('/user/', guard, async (request) => {
    const input = parseInput(adminUpdateUserRequest, request.body);
    await updateUserByAdmin(ctx, currentUser(request), input);
    return ok();
  });

  app.post('/user/manage', guard, async (request) => {
    const { id, action } = parseInput(manageUserRequest, request.body);
    return ok(await manageUser(ctx, currentUser(request), id, action));
  });
}
