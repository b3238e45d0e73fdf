import {
  ORIGINAL_PASSWORD_REQUIRED,
  Role,
  updateSelfRequest,
  WRONG_ORIGINAL_PASSWORD,
} from '@gateway/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { hashPassword, verifyPassword } from '../../platform/crypto/passwords.js';
import { randomString, secretDigest } from '../../platform/crypto/random.js';
import { badRequest, forbidden, notFound, ok, parseInput } from '../../platform/http/api-error.js';
import { currentUser } from '../../platform/http/auth.js';
import type { UserUpdate } from '../../platform/db/schema.js';
import { toUserView } from './repo.js';
import { uniqueAffCode } from './service.js';
import { bumpSessionVersion, endUserSessions, startSession } from './sessions.js';
import { nowSeconds } from '../setup/state.js';

export async function selfRoutes(app: FastifyInstance, ctx: AppContext) {
  const { repo, cache } = ctx.users;
  const guard = { preHandler: ctx.guards.user };

  app.get('/user/self', guard, async (request) => {
    const row = await repo.findById(currentUser(request).id);
    if (!row) throw notFound('用户不存在');
    return ok(toUserView(row));
  });

  app.put('/user/self', guard, async (request) => {
    const me = currentUser(request);
    const body = parseInput(updateSelfRequest, request.body);
    const fields: UserUpdate = {};
    if (body.display_name !== undefined) fields.display_name = body.display_name;
    if (body.username !== undefined && body.username !== me.username) {
      if (await repo.nameOrEmailTaken(body.username, '')) throw badRequest('用户名已存在，或已注销');
      fields.username = body.username;
    }
    if (body.password) {
      // A stolen session or access token must not be enough to take the account over.
      if (!body.original_password) throw badRequest(ORIGINAL_PASSWORD_REQUIRED);
      const row = await repo.findById(me.id);
      if (!row || !(await verifyPassword(row.password, body.original_password))) {
        throw badRequest(WRONG_ORIGINAL_PASSWORD);
      }
      fields.password = await hashPassword(body.password);
      // Every other session ends; this one is re-issued under the new generation.
      const version = await bumpSessionVersion(ctx.db, me.id, fields);
      cache.invalidate(me.id);
      if (!me.viaAccessToken) startSession(request, { id: me.id, session_version: version });
      return ok();
    }
    if (Object.keys(fields).length > 0) {
      await repo.update(me.id, fields);
      cache.invalidate(me.id);
    }
    return ok();
  });

  /** Deregisters the caller: a soft delete that ends their sessions, access token and API keys. */
  app.delete('/user/self', guard, async (request) => {
    const me = currentUser(request);
    if (me.role >= Role.Root) throw forbidden('不能删除超级管理员账户');
    await endUserSessions(ctx, me.id, { deleted_at: nowSeconds() });
    request.session.delete();
    return ok();
  });

  /** A new system access token; the previous one stops working. Shown once, stored hashed. */
  app.get('/user/token', guard, async (request) => {
    const me = currentUser(request);
    const token = randomString(32);
    await repo.update(me.id, { access_token: secretDigest(ctx.cryptoSecret, token) });
    return ok(token);
  });

  app.get('/user/aff', guard, async (request) => {
    const me = currentUser(request);
    const row = await repo.findById(me.id);
    if (!row) throw notFound('用户不存在');
    if (row.aff_code) return ok(row.aff_code);
    const code = await uniqueAffCode(ctx);
    await repo.update(me.id, { aff_code: code });
    return ok(code);
  });
}
