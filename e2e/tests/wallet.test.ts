import {
  registerAndLogin,
  ROOT,
  setupAndLoginRoot,
  startFakeEpay,
  type ApiClient,
  type FakeEpay,
  type RunningGateway,
} from '@gateway/test-support';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactPath } from '../support/artifacts.js';
import { launchBrowser } from '../support/browser.js';
import { startConsoleGateway } from '../support/console-gateway.js';
import {
  configureEpay,
  consoleAs,
  dollars,
  EPAY_MERCHANT,
  selfQuota,
  waitForBalance,
  walletBalance,
} from '../support/wallet-actions.js';

const BUYER = { username: 'buyer', password: 'buyer-pass-123' };
/** Defaults of a fresh install (document 1, section 9). */
const QUOTA_PER_UNIT = 500_000;
const PRICE = 7.3;
const CODE_QUOTA = 250_000;

describe('wallet: redemption codes and online payment', () => {
  let gateway: RunningGateway;
  let epay: FakeEpay;
  let browser: Browser;
  let rootApi: ApiClient;
  let buyerApi: ApiClient;
  let admin: Page;
  let wallet: Page;

  beforeAll(async () => {
    gateway = await startConsoleGateway();
    epay = await startFakeEpay(EPAY_MERCHANT);
    rootApi = await setupAndLoginRoot(gateway.url);
    buyerApi = await registerAndLogin(gateway.url, BUYER.username, BUYER.password);
    browser = await launchBrowser();
    admin = await consoleAs(browser, gateway.url, ROOT);
    wallet = await consoleAs(browser, gateway.url, BUYER);
  });

  afterAll(async () => {
    await browser?.close();
    await epay?.close();
    await gateway?.stop();
  });

  it('credits a code an admin created exactly once', async () => {
    await admin.goto(`${gateway.url}/redemption`);
    await admin.getByRole('button', { name: /添加兑换码/ }).click();
    const drawer = admin.locator('.semi-sidesheet');
    await drawer.getByLabel('名称').fill('e2e-batch');
    await drawer.getByLabel('额度').fill(String(CODE_QUOTA));
    await drawer.getByLabel('生成数量').fill('2');
    await drawer.getByRole('button', { name: '提交' }).click();

    const keyList = admin.getByTestId('generated-keys');
    await keyList.waitFor();
    // The drawer slides away behind the dialog; wait so the screenshot shows the dialog alone.
    await drawer.waitFor({ state: 'hidden' });
    await admin.getByText('已生成 2 个兑换码').waitFor();
    const keys = await keyList.locator('.generated-key').allInnerTexts();
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
    await admin.screenshot({ path: artifactPath('redemption-keys.png') });
    await admin.getByRole('button', { name: '关闭', exact: true }).click();
    await expect.poll(() => admin.getByText('e2e-batch', { exact: true }).count()).toBe(2);

    await wallet.goto(`${gateway.url}/topup`);
    const before = await walletBalance(wallet);
    await wallet.getByLabel('请输入兑换码').fill(keys[0]!);
    await wallet.getByRole('button', { name: /兑换$/ }).click();
    await wallet.getByText('兑换成功！').waitFor();
    expect(await wallet.getByTestId('redeem-result').innerText()).toBe('成功兑换额度：$0.50');
    const after = await waitForBalance(wallet, before.quota + CODE_QUOTA);
    // The shown balance moves by exactly the code's quota: $0.50 at 500 000 per dollar.
    expect(Math.round((dollars(after.text) - dollars(before.text)) * 100)).toBe(
      (CODE_QUOTA / QUOTA_PER_UNIT) * 100,
    );

    await wallet.getByLabel('请输入兑换码').fill(keys[0]!);
    await wallet.getByRole('button', { name: /兑换$/ }).click();
    await wallet.getByText(/该兑换码已被使用/).waitFor();
    expect(await selfQuota(buyerApi)).toBe(after.quota);
    expect((await walletBalance(wallet)).quota).toBe(after.quota);

    // The admin sees who used the code.
    await admin.reload();
    const usedRow = admin.getByRole('row').filter({ hasText: '已使用' });
    await usedRow.waitFor();
    expect(await usedRow.innerText()).toContain(String(buyerApi.userId));
    await admin.screenshot({ path: artifactPath('redemption-list.png'), fullPage: true });
  });

  it('pays online through Epay and credits amount × QuotaPerUnit once, whatever the notifies', async () => {
    await configureEpay(rootApi, epay, gateway.url);
    // A fresh load reads the status again, now with online top-up on.
    await wallet.goto(`${gateway.url}/topup`);
    const amount = 10;
    const amountInput = wallet.getByLabel('充值数量');
    await amountInput.fill(String(amount));
    await wallet.getByText(`实付金额：${(amount * PRICE).toFixed(2)} 元`).waitFor();
    await wallet.screenshot({ path: artifactPath('wallet.png'), fullPage: true });

    const before = await selfQuota(buyerApi);
    await wallet.getByRole('button', { name: /支付宝/ }).click();
    await wallet.waitForURL(`${epay.url}/submit.php`);
    await wallet.getByText('收银台').waitFor();

    const [outTradeNo, order] = [...epay.orders.entries()][0] ?? [];
    if (!outTradeNo || !order) throw new Error('the fake Epay received no order');
    expect(epay.orders.size).toBe(1);
    expect(order.signatureValid).toBe(true);
    expect(order.fields).toMatchObject({
      pid: EPAY_MERCHANT.pid,
      type: 'alipay',
      money: (amount * PRICE).toFixed(2),
      notify_url: `${gateway.url}/api/user/epay/notify`,
    });

    // Nothing is credited before the gateway reports the payment, and a forged report is refused.
    expect((await epay.forgeNotify(outTradeNo)).body).toBe('fail');
    expect(await selfQuota(buyerApi)).toBe(before);

    expect(await epay.pay(outTradeNo)).toEqual({ status: 200, body: 'success' });
    const paid = before + amount * QUOTA_PER_UNIT;
    expect(await selfQuota(buyerApi)).toBe(paid);

    // Repeats are acknowledged (so the gateway stops retrying) but credit nothing more.
    const repeats = await epay.repeatNotify(outTradeNo, 3);
    expect(repeats.map((r) => r.body)).toEqual(['success', 'success', 'success']);
    expect((await epay.tamperedNotify(outTradeNo, '0.01')).body).toBe('fail');
    expect((await epay.forgeNotify(outTradeNo)).body).toBe('fail');
    expect(await selfQuota(buyerApi)).toBe(paid);

    await wallet.goto(`${gateway.url}/topup`);
    const shown = await waitForBalance(wallet, paid);
    expect(shown.text).toBe(`$${(paid / QUOTA_PER_UNIT).toFixed(2)}`);
    const orderRow = wallet.getByRole('row').filter({ hasText: outTradeNo });
    await orderRow.getByText('已完成').waitFor();
    expect(await orderRow.innerText()).toContain(`¥${(amount * PRICE).toFixed(2)}`);
    await wallet.screenshot({ path: artifactPath('wallet-paid.png'), fullPage: true });
  });

  it('shows the wallet in English', async () => {
    await wallet.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await wallet.reload();
    await wallet.getByText('My Wallet').waitFor();
    await wallet.getByText('Online top-up').waitFor();
    await wallet.screenshot({ path: artifactPath('wallet-en.png'), fullPage: true });
  });
});
