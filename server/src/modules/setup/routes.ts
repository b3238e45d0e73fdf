import { Role, setupModeRequest, setupRequest, type SetupStatus } from '@gateway/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { ApiError, badRequest, ok, parseInput } from '../../platform/http/api-error.js';
import { hashPassword } from '../../platform/crypto/passwords.js';
import type { AppContext } from '../../context.js';
import { nowSeconds } from './state.js';

/** Quota the first administrator starts with ($200 at the default QuotaPerUnit). */
const ROOT_INITIAL_QUOTA = 100_000_000;

export async function setupRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/setup', async () => {
    const status: SetupStatus = ctx.setup.done
      ? { status: true, root_init: true, database_type: '' }
      : { status: false, root_init: await ctx.users.repo.hasRoot(), database_type: ctx.dialect };
    return ok(status);
  });

  app.post('/setup', async (request) => {
    if (ctx.setup.done) throw badRequest('系统已经初始化完成');
    // An installation upgraded with an administrator already in place only picks the usage mode.
    const mode = (await ctx.users.repo.hasRoot())
      ? parseInput(setupModeRequest, request.body)
      : await createRoot(ctx, parseInput(setupRequest, request.body));
    await ctx.options.write('SelfUseModeEnabled', String(mode.SelfUseModeEnabled));
    await ctx.options.write('DemoSiteEnabled', String(mode.DemoSiteEnabled));
    await ctx.db
      .insertInto('setups')
      .values({ version: ctx.version, initialized_at: nowSeconds() })
      .execute();
    ctx.setup.done = true;
    ctx.bus.publish('setup');
    return ok(undefined, '系统初始化成功');
  });
}

async function createRoot(ctx: AppContext, body: z.output<typeof setupRequest>) {
  if (body.password !== body.confirmPassword) throw badRequest('两次输入的密码不一致');
  const password = await hashPassword(body.password);
  try {
    await ctx.users.repo.insert({
      username: body.username,
      password,
      display_name: 'Root User',
      role: Role.Root,
      status: 1,
      quota: ROOT_INITIAL_QUOTA,
      created_at: nowSeconds(),
    });
  } catch (err) {
    throw new ApiError(500, `创建管理员账号失败: ${(err as Error).message}`);
  }
  return body;
}
