import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toast } from '@douyinfe/semi-ui-19';
import type { SiteStatus, TopUpView, UserView } from '@gateway/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeServer, ok, type FakeServer } from '../../test/fake-server';
import { MEMBER, renderApp } from '../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Toast.destroyAll();
});

const self = (quota: number): Partial<UserView> => ({
  id: 2,
  username: 'alice',
  quota,
  used_quota: 250_000,
  request_count: 42,
  group: 'default',
});

const ONLINE: Partial<SiteStatus> = { enable_online_topup: true, min_topup: 1, price: 7.3 };

function walletServer(quota = 1_000_000): FakeServer {
  const server = fakeServer();
  server.reply('GET', '/api/user/self', ok(self(quota)));
  server.reply('GET', '/api/user/topup/self', ok({ items: [], total: 0, page: 1, page_size: 5 }));
  server.reply('POST', '/api/user/amount', (init) => {
    const { amount } = JSON.parse(String(init.body)) as { amount: number };
    return ok((amount * 7.3).toFixed(2));
  });
  return server;
}

const amountInput = () => screen.findByLabelText('充值数量') as Promise<HTMLInputElement>;
const amountCalls = (server: FakeServer) =>
  server.calls.filter((c) => c.path === '/api/user/amount').map((c) => c.body);

async function typeAmount(text: string) {
  const input = await amountInput();
  await userEvent.clear(input);
  await userEvent.type(input, text);
  return input;
}

describe('wallet balance', () => {
  it('shows balance, used quota and request count', async () => {
    renderApp('/topup', walletServer(100_000_000), { user: MEMBER });
    expect(await screen.findByText('我的钱包')).toBeTruthy();
    expect(await screen.findByText('$200.00')).toBeTruthy();
    expect(screen.getByText('$0.50')).toBeTruthy();
    expect(screen.getByText('42')).toBeTruthy();
  });
});

describe('wallet in English', () => {
  it('words every part of the page in English', async () => {
    renderApp('/topup', walletServer(), {
      user: MEMBER,
      language: 'en',
      status: { enable_online_topup: false },
    });
    expect(await screen.findByText('My Wallet')).toBeTruthy();
    expect(screen.getByText('Redeem a code')).toBeTruthy();
    expect(screen.getByText('The administrator has not enabled online top-up!')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Alipay/ })).toBeTruthy();
    expect(await screen.findByText('No top-ups yet')).toBeTruthy();
  });
});

describe('redeeming a code', () => {
  it('asks for a code before calling the server', async () => {
    const server = walletServer();
    renderApp('/topup', server, { user: MEMBER });
    await userEvent.click(await screen.findByRole('button', { name: /兑换$/ }));
    expect(await screen.findByText('请输入兑换码！')).toBeTruthy();
    expect(server.calls.some((c) => c.path === '/api/user/topup')).toBe(false);
  });

  it('credits the code, says how much was added and shows the new balance', async () => {
    const server = walletServer(1_000_000);
    server.reply('POST', '/api/user/topup', () => {
      server.reply('GET', '/api/user/self', ok(self(1_100_000)));
      return ok(100_000);
    });
    renderApp('/topup', server, { user: MEMBER });
    expect(await screen.findByText('$2.00')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('请输入兑换码'), ` ${'a'.repeat(32)} {Enter}`);
    expect(await screen.findByText('兑换成功！')).toBeTruthy();
    expect(screen.getByTestId('redeem-result').textContent).toBe('成功兑换额度：$0.20');
    expect(await screen.findByText('$2.20')).toBeTruthy();
    expect(server.calls.find((c) => c.path === '/api/user/topup')?.body).toEqual({ key: 'a'.repeat(32) });
    expect((screen.getByLabelText('请输入兑换码') as HTMLInputElement).value).toBe('');
  });

  it("shows the server's refusal", async () => {
    const server = walletServer();
    server.reply('POST', '/api/user/topup', fail(400, '该兑换码已被使用'));
    renderApp('/topup', server, { user: MEMBER });
    await userEvent.type(await screen.findByLabelText('请输入兑换码'), 'used-code{Enter}');
    expect(await screen.findByText(/该兑换码已被使用/)).toBeTruthy();
    expect(screen.queryByTestId('redeem-result')).toBeNull();
  });
});

describe('top-up link', () => {
  it('says so when the super administrator has not set one', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderApp('/topup', walletServer(), { user: MEMBER, status: { top_up_link: '' } });
    await userEvent.click(await screen.findByRole('button', { name: /获取兑换码/ }));
    expect(await screen.findByText('超级管理员未设置充值链接！')).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
  });

  it('opens the link in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderApp('/topup', walletServer(), { user: MEMBER, status: { top_up_link: 'https://shop.example/' } });
    await userEvent.click(await screen.findByRole('button', { name: /获取兑换码/ }));
    expect(open).toHaveBeenCalledWith('https://shop.example/', '_blank', 'noopener,noreferrer');
  });
});

describe('online top-up', () => {
  it('explains that it is off and offers no payment', async () => {
    renderApp('/topup', walletServer(), { user: MEMBER, status: { enable_online_topup: false } });
    expect(await screen.findByText('管理员未开启在线充值！')).toBeTruthy();
    expect((screen.getByRole('button', { name: /支付宝/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: /微信/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('raises the amount to at least 1', async () => {
    const server = walletServer();
    renderApp('/topup', server, { user: MEMBER, status: ONLINE });
    const input = await typeAmount('0');
    // Semi keeps the typed text while the field has focus and shows the kept value once it is left.
    await userEvent.tab();
    await waitFor(() => expect(input.value).toBe('1'));
    expect(amountCalls(server).every((body) => (body as { amount: number }).amount >= 1)).toBe(true);
  });

  it('refuses an amount below the minimum, in the preview and on paying', async () => {
    const server = walletServer();
    renderApp('/topup', server, { user: MEMBER, status: { ...ONLINE, min_topup: 5 } });
    expect((await amountInput()).value).toBe('5');
    await typeAmount('3');
    expect(await screen.findByTestId('topup-price')).toHaveProperty('textContent', '充值数量不能小于 5');
    await userEvent.click(screen.getByRole('button', { name: /支付宝/ }));
    expect(await screen.findAllByText('充值数量不能小于 5')).toHaveLength(2);
    expect(server.calls.some((c) => c.path === '/api/user/pay')).toBe(false);
    expect(amountCalls(server)).toEqual([{ amount: 5, top_up_code: '' }]);
  });

  it('counts the minimum in quota when the site does not display currency', async () => {
    renderApp('/topup', walletServer(), {
      user: MEMBER,
      status: { ...ONLINE, display_in_currency: false, min_topup: 2, quota_per_unit: 500_000 },
    });
    expect((await amountInput()).value).toBe('1000000');
  });

  it('previews the price once typing pauses', async () => {
    const server = walletServer();
    renderApp('/topup', server, { user: MEMBER, status: ONLINE });
    await waitFor(() => expect(screen.getByTestId('topup-price').textContent).toBe('实付金额：7.30 元'));
    await typeAmount('25');
    await waitFor(() => expect(screen.getByTestId('topup-price').textContent).toBe('实付金额：182.50 元'));
    // "2" was only on the way to "25": the server is asked about the settled amounts only.
    expect(amountCalls(server)).toEqual([
      { amount: 1, top_up_code: '' },
      { amount: 25, top_up_code: '' },
    ]);
  });

  it('prefixes price errors with 错误：', async () => {
    const server = walletServer();
    server.reply('POST', '/api/user/amount', fail(400, '充值金额过低'));
    renderApp('/topup', server, { user: MEMBER, status: ONLINE });
    await waitFor(() => expect(screen.getByTestId('topup-price').textContent).toBe('错误：充值金额过低'));
  });

  it.each([
    ['支付宝', 'zfb'],
    ['微信', 'wx'],
  ])('pays with %s by posting exactly the returned fields to the returned url', async (label, method) => {
    const submitted: Array<{ action: string; method: string; fields: string[][]; hidden: boolean }> = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      const inputs = [...this.querySelectorAll('input')];
      submitted.push({
        action: this.action,
        method: this.method,
        fields: inputs.map((input) => [input.name, input.value]),
        hidden: inputs.every((input) => input.type === 'hidden'),
      });
    });
    const params = {
      pid: '1001',
      type: method === 'zfb' ? 'alipay' : 'wxpay',
      out_trade_no: 'USR2NOabc1231700000000',
      notify_url: 'https://gw.example/api/user/epay/notify',
      return_url: 'https://gw.example/log',
      name: 'TUC10',
      money: '73.00',
      sign: '0123456789abcdef0123456789abcdef',
      sign_type: 'MD5',
    };
    const server = walletServer();
    server.reply('POST', '/api/user/pay', ok({ url: 'https://pay.example/submit.php', params }));
    renderApp('/topup', server, { user: MEMBER, status: ONLINE });
    await typeAmount('10');
    await userEvent.click(screen.getByRole('button', { name: new RegExp(label) }));

    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toEqual({
      action: 'https://pay.example/submit.php',
      method: 'post',
      fields: Object.entries(params),
      hidden: true,
    });
    expect(server.calls.find((c) => c.path === '/api/user/pay')?.body).toEqual({
      amount: 10,
      top_up_code: '',
      payment_method: method,
    });
    // The form is gone once submitted: nothing of it stays in the page.
    expect(document.querySelector('form[action="https://pay.example/submit.php"]')).toBeNull();
  });

  it('shows why the server refused the order', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const server = walletServer();
    server.reply('POST', '/api/user/pay', fail(400, '管理员未设置服务器地址，无法发起在线充值'));
    renderApp('/topup', server, { user: MEMBER, status: ONLINE });
    await userEvent.click(await screen.findByRole('button', { name: /支付宝/ }));
    expect(await screen.findByText('管理员未设置服务器地址，无法发起在线充值')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
  });
});

describe('top-up orders', () => {
  it("lists the user's orders with their state", async () => {
    const order = (overrides: Partial<TopUpView>): TopUpView => ({
      id: 1,
      amount: 10,
      quota: 5_000_000,
      money: 73,
      trade_no: 'USR2NOaaa',
      payment_method: 'alipay',
      create_time: 1_700_000_000,
      complete_time: 0,
      status: 'pending',
      ...overrides,
    });
    const server = walletServer();
    server.reply(
      'GET',
      '/api/user/topup/self',
      ok({
        items: [
          order({ id: 2, trade_no: 'USR2NObbb', payment_method: 'wxpay', status: 'success' }),
          order({}),
        ],
        total: 2,
        page: 1,
        page_size: 5,
      }),
    );
    renderApp('/topup', server, { user: MEMBER, status: ONLINE });
    const paid = (await screen.findByText('USR2NObbb')).closest('tr') as HTMLElement;
    expect(paid.textContent).toContain('已完成');
    expect(paid.textContent).toContain('微信');
    const pending = screen.getByText('USR2NOaaa').closest('tr') as HTMLElement;
    expect(pending.textContent).toContain('待支付');
    expect(pending.textContent).toContain('¥73.00');
    expect(pending.textContent).toContain('$10.00');
  });
});
