import { affTransferRequest, updateUserSettingRequest } from '@gateway/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { badRequest, notFound, ok, parseInput } from '../../platform/http/api-error.js';
import { currentUser } from '../../platform/http/auth.js';
import { formatLogQuota } from '../logs/format.js';
import { parseSetting } from './user-cache.js';
import { nextSetting, settingView } from './setting.js';

/** Invite earnings into the balance, and the notification settings of the personal page. */
export async function personalRoutes(app: FastifyInstance, ctx: AppContext) {
  const { repo, cache } = ctx.users;
  const guard = { preHandler: ctx.guards.user };

  /**
   * Moves invite earnings into the balance. One conditional UPDATE does both sides: when
   * transfers race (on one instance or several) the database applies each only while the
   * earnings still cover it, so no quota is created or lost. The admission view follows after.
   */
  app.post('/user/aff_transfer', guard, async (request) => {
    const me = currentUser(request);
    const { quota } = parseInput(affTransferRequest, request.body);
    const unit = ctx.options.num('QuotaPerUnit');
    if (quota < unit) throw badRequest(`划转失败 转移额度最小为${formatLogQuota(unit, ctx.options)}！`);
    const result = await ctx.db
      .updateTable('users')
      .set((eb) => ({ aff_quota: eb('aff_quota', '-', quota), quota: eb('quota', '+', quota) }))
      .where('id', '=', me.id)
      .where('aff_quota', '>=', quota)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw badRequest('划转失败 邀请额度不足！');
    await ctx.ledger.adjustUserQuota(me.id, quota);
    return ok(undefined, '划转成功');
  });

  app.get('/user/setting', guard, async (request) => {
    const row = await repo.findById(currentUser(request).id);
    if (!row) throw notFound('用户不存在');
    return ok(settingView(row.setting));
  });

  app.put('/user/setting', guard, async (request) => {
    const me = currentUser(request);
    const input = parseInput(updateUserSettingRequest, request.body);
    const row = await repo.findById(me.id);
    if (!row) throw notFound('用户不存在');
    const setting = nextSetting(parseSetting(row.setting), input);
    await repo.update(me.id, { setting: JSON.stringify(setting) });
    cache.invalidate(me.id);
    return ok(undefined, '设置已更新');
  });
}
