import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { RelayCaller } from './auth/relay-auth.js';

const UNLIMITED_USD = 100_000_000;

/**
 * OpenAI's old billing endpoints, which many chat clients still call to show a key's balance:
 * the key's own numbers (DisplayTokenStatEnabled) or its owner's.
 */
export async function billingRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  caller: (request: FastifyRequest) => Promise<RelayCaller>,
) {
  const amounts = async (who: RelayCaller) => {
    const perUnit = ctx.options.bool('DisplayInCurrencyEnabled') ? ctx.options.num('QuotaPerUnit') : 1;
    if (ctx.options.bool('DisplayTokenStatEnabled') && who.token) {
      const row = await ctx.db
        .selectFrom('tokens')
        .select(['remain_quota', 'used_quota', 'expired_time'])
        .where('id', '=', who.token.id)
        .executeTakeFirst();
      const used = row?.used_quota ?? 0;
      const total = who.token.unlimited ? UNLIMITED_USD * perUnit : (row?.remain_quota ?? 0) + used;
      return { total: total / perUnit, used: used / perUnit, expires: Math.max(0, row?.expired_time ?? 0) };
    }
    const row = await ctx.db
      .selectFrom('users')
      .select(['quota', 'used_quota'])
      .where('id', '=', who.user.id)
      .executeTakeFirst();
    const used = row?.used_quota ?? 0;
    return { total: ((row?.quota ?? 0) + used) / perUnit, used: used / perUnit, expires: 0 };
  };

  for (const prefix of ['/v1/dashboard/billing', '/dashboard/billing']) {
    app.get(`${prefix}/subscription`, async (request) => {
      const a = await amounts(await caller(request));
      return {
        object: 'billing_subscription',
        has_payment_method: true,
        soft_limit_usd: a.total,
        hard_limit_usd: a.total,
        system_hard_limit_usd: a.total,
        access_until: a.expires,
      };
    });
    app.get(`${prefix}/usage`, async (request) => {
      const a = await amounts(await caller(request));
      return { object: 'list', total_usage: a.used * 100 };
    });
  }
}
