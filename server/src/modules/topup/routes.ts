import { pageQuery, topUpAmountRequest, topUpPayRequest, type TopUpView } from '@gateway/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { ok, parseInput } from '../../platform/http/api-error.js';
import { currentUser } from '../../platform/http/auth.js';
import type { TopUpRow } from '../../platform/db/schema.js';
import { pageOffset, toPage } from '../tokens/listing.js';
import { completeOrder, placeOrder, type NotifyOutcome } from './orders.js';
import { quoteTopUp } from './pricing.js';

const toTopUpView = (t: TopUpRow): TopUpView => ({
  id: t.id,
  amount: t.amount,
  quota: t.quota,
  money: t.money,
  trade_no: t.trade_no,
  payment_method: t.payment_method,
  create_time: t.create_time,
  complete_time: t.complete_time,
  status: t.status,
});

/** First value of each parameter, whether it came in the query string or a form body. */
function notifyParams(request: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const source of [request.body, request.query]) {
    if (!source || typeof source !== 'object') continue;
    for (const [k, v] of Object.entries(source as Record<string, unknown>)) {
      const first = Array.isArray(v) ? v[0] : v;
      if (!(k in out) && (typeof first === 'string' || typeof first === 'number')) out[k] = String(first);
    }
  }
  return out;
}

/** Online top-up: price quote, order placement, the Epay notify and the caller's orders. */
export async function topUpRoutes(app: FastifyInstance, ctx: AppContext) {
  const guard = { preHandler: ctx.guards.user };

  app.post('/user/amount', guard, async (request) => {
    const { amount } = parseInput(topUpAmountRequest, request.body);
    return ok(quoteTopUp(ctx, currentUser(request).group, amount).money);
  });

  app.post('/user/pay', guard, async (request) => {
    const input = parseInput(topUpPayRequest, request.body);
    return ok(await placeOrder(ctx, currentUser(request), input.amount, input.payment_method));
  });

  app.get('/user/topup/self', guard, async (request) => {
    const page = parseInput(pageQuery, request.query);
    const mine = ctx.db.selectFrom('top_ups').where('user_id', '=', currentUser(request).id);
    const [rows, count] = await Promise.all([
      mine.selectAll().orderBy('id', 'desc').limit(page.pageSize).offset(pageOffset(page)).execute(),
      mine.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return ok(toPage(rows.map(toTopUpView), Number(count?.n ?? 0), page));
  });

  // Public, called by the payment gateway. Its own scope, so the form parser stays local.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    // A string answer goes out as text/plain: the gateway reads the body "success" or "fail".
    const handler = async (request: FastifyRequest): Promise<string> => {
      let outcome: NotifyOutcome;
      try {
        outcome = await completeOrder(ctx, notifyParams(request));
      } catch (err) {
        request.log.error({ err }, 'epay notify failed');
        outcome = { answer: 'fail', note: 'internal error' };
      }
      if (outcome.answer === 'fail') request.log.warn({ note: outcome.note }, 'epay notify refused');
      return outcome.answer;
    };
    scope.get('/user/epay/notify', handler);
    scope.post('/user/epay/notify', handler);
  });
}
