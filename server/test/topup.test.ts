import type { EpayPurchase, TopUpView, Page } from '@gateway/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  epayTestSign,
  registerAndLogin,
  setupAndLoginRoot,
  startGateway,
  type ApiClient,
  type RunningGateway,
} from '@gateway/test-support';

/** Price quotes and order placement. Payment notifies: topup-notify.test.ts. */
describe('online top-up: amount and pay', () => {
  let gw: RunningGateway;
  let root: ApiClient;
  let user: ApiClient;

  const setOption = async (key: string, value: unknown) => {
    const res = await root.put('/api/option/', {
      key,
      value: typeof value === 'string' ? value : JSON.stringify(value),
    });
    if (!res.body.success) throw new Error(`${key}: ${res.body.message}`);
  };
  const quote = (amount: unknown) => user.post<string>('/api/user/amount', { amount, top_up_code: '' });
  const pay = (body: Record<string, unknown>) => user.post<EpayPurchase>('/api/user/pay', body);
  const setGroup = async (group: string) => {
    await gw.ctx.users.repo.update(user.userId ?? 0, { group });
    gw.ctx.users.cache.invalidate(user.userId ?? 0);
  };

  beforeAll(async () => {
    gw = await startGateway();
    root = await setupAndLoginRoot(gw.url);
    user = await registerAndLogin(gw.url, 'payer');
  });
  afterAll(async () => {
    await gw.stop();
  });
  beforeEach(async () => {
    await setOption('DisplayInCurrencyEnabled', 'true');
    await setOption('Price', '7.3');
    await setOption('MinTopUp', '1');
    await setOption('TopupGroupRatio', { default: 1, vip: 1.5, svip: 0 });
    await setGroup('default');
  });

  it('quotes amount × Price with 2 decimals, exactly', async () => {
    expect((await quote(10)).body).toMatchObject({ success: true, data: '73.00' });
    expect((await quote('3')).body.data).toBe('21.90');
    // Binary floating point gets these wrong: 1.005 → "1.00" and 0.285 → "0.28".
    await setOption('Price', '1.005');
    expect((await quote(1)).body.data).toBe('1.01');
    await setOption('Price', '0.285');
    expect((await quote(1)).body.data).toBe('0.29');
    expect((await quote(3)).body.data).toBe('0.86');
  });

  it('applies the top-up ratio of the user’s current group (missing or 0 counts as 1)', async () => {
    await setGroup('vip');
    expect((await quote(10)).body.data).toBe('109.50');
    await setGroup('svip');
    expect((await quote(10)).body.data).toBe('73.00');
    await setGroup('nowhere');
    expect((await quote(10)).body.data).toBe('73.00');
  });

  it('takes raw quota when currency display is off', async () => {
    await setOption('DisplayInCurrencyEnabled', 'false');
    expect((await quote(1_000_000)).body.data).toBe('14.60');
    expect((await quote(499_999)).body.message).toBe('充值数量不能小于 500000');
  });

  it.each([
    ['abc', '充值数量必须是整数'],
    [1.5, '充值数量必须是整数'],
    [0, '充值数量不能小于 1'],
    [-10, '充值数量不能小于 1'],
  ])('refuses the amount %j', async (amount, message) => {
    const res = await quote(amount);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('refuses amounts under MinTopUp and prices under one cent', async () => {
    await setOption('MinTopUp', '5');
    expect((await quote(4)).body.message).toBe('充值数量不能小于 5');
    expect((await quote(5)).body.success).toBe(true);
    await setOption('MinTopUp', '1');
    await setOption('Price', '0.004');
    expect((await quote(1)).body.message).toBe('充值金额过低');
    await setOption('Price', '0.005');
    expect((await quote(1)).body.data).toBe('0.01');
  });

  it('refuses to pay while Epay is not configured', async () => {
    const res = await pay({ amount: 10, payment_method: 'zfb' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('管理员未开启在线充值！');
  });

  describe('with Epay configured', () => {
    const epay = { address: 'http://127.0.0.1:9/epay', pid: '1001', key: 'merchant-secret' };

    beforeEach(async () => {
      await setOption('PayAddress', epay.address);
      await setOption('EpayId', epay.pid);
      await setOption('EpayKey', epay.key);
      await setOption('ServerAddress', 'https://gw.example.com');
      await setOption('CustomCallbackAddress', '');
    });

    it('answers the signed purchase form and stores a pending order', async () => {
      const res = await pay({ amount: 10, payment_method: 'zfb', top_up_code: '' });
      expect(res.status).toBe(200);
      const { url, params } = res.body.data ?? { url: '', params: {} };
      expect(url).toBe('http://127.0.0.1:9/epay/submit.php');
      expect(params).toMatchObject({
        pid: '1001',
        type: 'alipay',
        notify_url: 'https://gw.example.com/api/user/epay/notify',
        return_url: 'https://gw.example.com/log',
        name: 'TUC10',
        money: '73.00',
        sign_type: 'MD5',
      });
      expect(params.out_trade_no).toMatch(new RegExp(`^USR${user.userId}NO[0-9a-zA-Z]{6}\\d{10}$`));
      expect(params.sign).toBe(epayTestSign(params, epay.key));

      const order = await gw.ctx.db
        .selectFrom('top_ups')
        .selectAll()
        .where('trade_no', '=', params.out_trade_no)
        .executeTakeFirst();
      expect(order).toMatchObject({
        user_id: user.userId,
        amount: 10,
        quota: 10 * 500_000,
        money: 73,
        payment_method: 'alipay',
        status: 'pending',
        complete_time: 0,
      });
    });

    it('maps wx to wxpay, uses CustomCallbackAddress for the notify and refuses other methods', async () => {
      await setOption('CustomCallbackAddress', 'https://callback.example.com');
      const res = await pay({ amount: 2, payment_method: 'wx' });
      expect(res.body.data?.params).toMatchObject({
        type: 'wxpay',
        notify_url: 'https://callback.example.com/api/user/epay/notify',
        return_url: 'https://gw.example.com/log',
      });
      for (const method of ['paypal', '', undefined]) {
        const refused = await pay({ amount: 2, payment_method: method });
        expect(refused.status).toBe(400);
        expect(refused.body.message).toBe('不支持的支付方式，请选择支付宝（zfb）或微信（wx）');
      }
    });

    it('validates the amount as the quote does', async () => {
      expect((await pay({ amount: 0, payment_method: 'zfb' })).body.message).toBe('充值数量不能小于 1');
      await setOption('Price', '0.001');
      expect((await pay({ amount: 1, payment_method: 'zfb' })).body.message).toBe('充值金额过低');
    });

    it('needs a server address for the notify', async () => {
      await setOption('ServerAddress', '');
      const res = await pay({ amount: 1, payment_method: 'zfb' });
      expect(res.body.message).toBe('管理员未设置服务器地址，无法发起在线充值');
    });

    it('lists the caller’s own orders, newest first', async () => {
      const placed = await pay({ amount: 3, payment_method: 'wx' });
      const mine = await user.get<Page<TopUpView>>('/api/user/topup/self?p=1&page_size=2');
      expect(mine.body.data?.page_size).toBe(2);
      expect(mine.body.data?.items[0]).toMatchObject({
        trade_no: placed.body.data?.params.out_trade_no,
        amount: 3,
        quota: 1_500_000,
        money: 21.9,
        status: 'pending',
      });
      const rootOrders = await root.get<Page<TopUpView>>('/api/user/topup/self');
      expect(rootOrders.body.data?.total).toBe(0);
    });
  });
});
