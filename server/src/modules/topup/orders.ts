import {
  EPAY_PAYMENT_TYPES,
  LogType,
  TopUpStatus,
  type EpayPurchase,
  type PaymentMethod,
} from '@gateway/contract';
import type { AppContext } from '../../context.js';
import { randomString } from '../../platform/crypto/random.js';
import { badRequest, forbidden } from '../../platform/http/api-error.js';
import type { AuthUser } from '../../platform/http/auth.js';
import { formatLogQuota } from '../logs/format.js';
import { nowSeconds } from '../setup/state.js';
import { epayConfig, epaySign, hasValidEpaySign, moneyToCents } from './epay.js';
import { quoteTopUp } from './pricing.js';

export const NOTIFY_PATH = '/api/user/epay/notify';

/**
 * POST /api/user/pay: stores a pending order and answers the signed purchase form the console
 * posts to the Epay gateway.
 */
export async function placeOrder(
  ctx: AppContext,
  me: AuthUser,
  amount: number,
  method: PaymentMethod,
): Promise<EpayPurchase> {
  const epay = epayConfig(ctx.options);
  if (!epay) throw forbidden('管理员未开启在线充值！');
  const quote = quoteTopUp(ctx, me.group, amount);
  const serverAddress = ctx.options.str('ServerAddress');
  const callbackBase = ctx.options.str('CustomCallbackAddress') || serverAddress;
  // Without a public address the gateway could not tell us about the payment: refuse up front.
  if (!callbackBase) throw badRequest('管理员未设置服务器地址，无法发起在线充值');

  const tradeNo = `USR${me.id}NO${randomString(6)}${nowSeconds()}`;
  const type = EPAY_PAYMENT_TYPES[method];
  const params: Record<string, string> = {
    pid: epay.pid,
    type,
    out_trade_no: tradeNo,
    notify_url: callbackBase + NOTIFY_PATH,
    return_url: `${serverAddress || callbackBase}/log`,
    name: `TUC${amount}`,
    money: quote.money,
  };
  params.sign = epaySign(params, epay.key);
  params.sign_type = 'MD5';

  await ctx.db
    .insertInto('top_ups')
    .values({
      user_id: me.id,
      amount: quote.amount,
      quota: quote.quota,
      money: Number(quote.money),
      trade_no: tradeNo,
      payment_method: type,
      create_time: nowSeconds(),
      complete_time: 0,
      status: TopUpStatus.Pending,
    })
    .execute();
  return { url: `${epay.address}/submit.php`, params };
}

export interface NotifyOutcome {
  answer: 'success' | 'fail';
  /** Why a notify was refused or what it did, for the server log. */
  note: string;
}

const refuse = (note: string): NotifyOutcome => ({ answer: 'fail', note });

/**
 * The Epay gateway reports a payment. Everything in it is checked against what we stored: the
 * signature, the merchant id, the status and the money paid. The order is credited exactly once,
 * however often or concurrently the gateway repeats the notify: the conditional
 * pending → success UPDATE lets one caller win, and only that caller credits the user.
 */
export async function completeOrder(ctx: AppContext, params: Record<string, string>): Promise<NotifyOutcome> {
  const epay = epayConfig(ctx.options);
  if (!epay) return refuse('online payment is not configured');
  if (!hasValidEpaySign(params, epay.key)) return refuse('bad signature');
  if (params.pid !== epay.pid) return refuse(`unexpected pid ${params.pid}`);
  if (params.trade_status !== 'TRADE_SUCCESS') return refuse(`trade_status ${params.trade_status}`);
  const tradeNo = params.out_trade_no ?? '';
  const order = await ctx.db
    .selectFrom('top_ups')
    .selectAll()
    .where('trade_no', '=', tradeNo)
    .executeTakeFirst();
  if (!order) return refuse(`unknown order ${tradeNo}`);
  const paid = moneyToCents(params.money ?? '');
  if (paid === null || paid !== Math.round(order.money * 100)) {
    return refuse(`order ${tradeNo}: paid ${params.money}, expected ${order.money.toFixed(2)}`);
  }
  if (order.status === TopUpStatus.Success)
    return { answer: 'success', note: `order ${tradeNo} already paid` };

  const credited = await ctx.db.transaction().execute(async (tx) => {
    const claim = await tx
      .updateTable('top_ups')
      .set({ status: TopUpStatus.Success, complete_time: nowSeconds() })
      .where('trade_no', '=', tradeNo)
      .where('status', '=', TopUpStatus.Pending)
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) !== 1) return false;
    await tx
      .updateTable('users')
      .set((eb) => ({ quota: eb('quota', '+', order.quota) }))
      .where('id', '=', order.user_id)
      .execute();
    return true;
  });
  if (!credited) return { answer: 'success', note: `order ${tradeNo} already paid` };

  await ctx.ledger.adjustUserQuota(order.user_id, order.quota);
  const user = await ctx.users.cache.get(order.user_id);
  ctx.logs.add({
    user_id: order.user_id,
    type: LogType.Topup,
    username: user?.username ?? '',
    content: `使用在线充值成功，充值金额: ${formatLogQuota(order.quota, ctx.options)}，支付金额：${order.money.toFixed(2)}`,
  });
  return { answer: 'success', note: `order ${tradeNo} credited ${order.quota}` };
}
