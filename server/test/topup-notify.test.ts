import type { EpayPurchase, TopUpView } from '@gateway/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  epayTestSign,
  registerAndLogin,
  setupAndLoginRoot,
  startFakeEpay,
  startGateway,
  type ApiClient,
  type FakeEpay,
  type RunningGateway,
} from '@gateway/test-support';
import { completeOrder } from '../src/modules/topup/orders.js';

const MERCHANT = { pid: '2024', key: 'epay-merchant-key' };

/** The whole payment: pay → the browser posts the form → the gateway notifies → credit. */
describe('online top-up: Epay notify', () => {
  let gw: RunningGateway;
  let epay: FakeEpay;
  let root: ApiClient;
  let user: ApiClient;

  const setOption = async (key: string, value: string) => {
    const res = await root.put('/api/option/', { key, value });
    if (!res.body.success) throw new Error(`${key}: ${res.body.message}`);
  };
  const quota = async () => (await user.get<{ quota: number }>('/api/user/self')).body.data?.quota ?? NaN;
  const order = (tradeNo: string) =>
    gw.ctx.db.selectFrom('top_ups').selectAll().where('trade_no', '=', tradeNo).executeTakeFirstOrThrow();

  /** Places an order and submits its form to the fake gateway, as the console's hidden form does. */
  async function checkout(amount: number, method = 'zfb'): Promise<string> {
    const res = await user.post<EpayPurchase>('/api/user/pay', { amount, payment_method: method });
    if (!res.body.data) throw new Error(res.body.message);
    const { url, params } = res.body.data;
    const submitted = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params).toString(),
    });
    expect(submitted.status).toBe(200);
    expect(epay.orders.get(params.out_trade_no)?.signatureValid).toBe(true);
    return params.out_trade_no;
  }

  beforeAll(async () => {
    gw = await startGateway();
    epay = await startFakeEpay(MERCHANT);
    root = await setupAndLoginRoot(gw.url);
    user = await registerAndLogin(gw.url, 'buyer');
  });
  afterAll(async () => {
    await epay.close();
    await gw.stop();
  });
  beforeEach(async () => {
    await setOption('DisplayInCurrencyEnabled', 'true');
    await setOption('PayAddress', epay.url);
    await setOption('EpayId', MERCHANT.pid);
    await setOption('EpayKey', MERCHANT.key);
    await setOption('ServerAddress', gw.url);
    await setOption('Price', '7.3');
  });

  it('credits amount × QuotaPerUnit once the gateway reports the payment', async () => {
    const tradeNo = await checkout(10);
    const before = await quota();
    const admittedBefore = await gw.ctx.ledger.authority.userBalance(user.userId ?? 0);
    expect(await quota()).toBe(before);

    const res = await epay.pay(tradeNo);
    expect(res).toEqual({ status: 200, body: 'success' });
    expect(await quota()).toBe(before + 10 * 500_000);
    expect(await gw.ctx.ledger.authority.userBalance(user.userId ?? 0)).toBe(admittedBefore + 5_000_000);
    const paid = await order(tradeNo);
    expect(paid.status).toBe('success');
    expect(paid.complete_time).toBeGreaterThan(0);

    await gw.ctx.logs.flush();
    const log = await gw.ctx.logDb
      .selectFrom('logs')
      .selectAll()
      .where('user_id', '=', user.userId ?? 0)
      .where('type', '=', 1)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(log?.content).toBe('使用在线充值成功，充值金额: ＄10.000000 额度，支付金额：73.00');
    const listed = await user.get<{ items: TopUpView[] }>('/api/user/topup/self');
    expect(listed.body.data?.items.find((o) => o.trade_no === tradeNo)?.status).toBe('success');
  });

  it('answers plain text', async () => {
    const res = await fetch(`${gw.url}/api/user/epay/notify?out_trade_no=x`);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe('fail');
  });

  it('credits once however often the notify is repeated, one after another or at once', async () => {
    const tradeNo = await checkout(3);
    const before = await quota();
    expect((await epay.pay(tradeNo)).body).toBe('success');
    expect((await epay.pay(tradeNo)).body).toBe('success');
    const burst = await epay.repeatNotify(tradeNo, 10);
    expect(burst.every((r) => r.body === 'success')).toBe(true);
    expect(await quota()).toBe(before + 3 * 500_000);

    const racing = await checkout(2);
    const raceBefore = await quota();
    const results = await epay.repeatNotify(racing, 10);
    expect(results.every((r) => r.body === 'success')).toBe(true);
    expect(await quota()).toBe(raceBefore + 2 * 500_000);
  });

  it('credits once when notifies interleave inside one process', async () => {
    // Over HTTP, SQLite's synchronous driver serialises requests; direct calls interleave.
    const tradeNo = await checkout(4);
    const fake = epay.orders.get(tradeNo);
    const params: Record<string, string> = {
      pid: MERCHANT.pid,
      trade_no: 'T1',
      out_trade_no: tradeNo,
      type: 'alipay',
      name: 'TUC4',
      money: fake?.fields.money ?? '',
      trade_status: 'TRADE_SUCCESS',
    };
    params.sign = epayTestSign(params, MERCHANT.key);
    const before = await quota();
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => completeOrder(gw.ctx, params)));
    expect(outcomes.filter((o) => o.note.includes('credited'))).toHaveLength(1);
    expect(await quota()).toBe(before + 4 * 500_000);
  });

  it('credits nothing for a forged signature, a tampered amount, another merchant or an unpaid status', async () => {
    const tradeNo = await checkout(5);
    const before = await quota();
    expect((await epay.forgeNotify(tradeNo)).body).toBe('fail');
    expect((await epay.tamperedNotify(tradeNo, '0.01')).body).toBe('fail');
    expect((await epay.tamperedNotify(tradeNo, '36.4')).body).toBe('fail');
    expect((await epay.pay(tradeNo, { override: { pid: '9999' } })).body).toBe('fail');
    expect((await epay.pay(tradeNo, { override: { trade_status: 'WAIT_BUYER_PAY' } })).body).toBe('fail');
    expect((await epay.pay(tradeNo, { override: { out_trade_no: 'USR1NOabcdef1700000000' } })).body).toBe(
      'fail',
    );
    expect(await quota()).toBe(before);
    expect((await order(tradeNo)).status).toBe('pending');

    // The genuine notify still goes through afterwards; "36.5" is the same amount as "36.50".
    expect((await epay.pay(tradeNo, { override: { money: '36.5' } })).body).toBe('success');
    expect(await quota()).toBe(before + 5 * 500_000);
  });

  it('accepts the notify as a POST form too', async () => {
    const tradeNo = await checkout(1, 'wx');
    const before = await quota();
    expect((await epay.pay(tradeNo, { method: 'POST' })).body).toBe('success');
    expect(await quota()).toBe(before + 500_000);
  });

  it('credits the quota fixed when the order was placed, whatever the display mode is now', async () => {
    const tradeNo = await checkout(2);
    await setOption('DisplayInCurrencyEnabled', 'false');
    const before = await quota();
    expect((await epay.pay(tradeNo)).body).toBe('success');
    expect(await quota()).toBe(before + 1_000_000);

    // In raw-quota mode the amount is the quota itself.
    const raw = await checkout(750_000);
    expect(epay.orders.get(raw)?.fields.money).toBe('10.95');
    const rawBefore = await quota();
    expect((await epay.pay(raw)).body).toBe('success');
    expect(await quota()).toBe(rawBefore + 750_000);
  });

  it('answers fail, without crashing, while payment is not configured', async () => {
    const tradeNo = await checkout(1);
    await setOption('EpayId', '');
    const before = await quota();
    expect(await epay.pay(tradeNo)).toEqual({ status: 200, body: 'fail' });
    expect(await quota()).toBe(before);
    expect((await user.get('/api/user/self')).status).toBe(200);
  });
});
