import type { UserView } from '@gateway/contract';
import {
  addChannel,
  addToken,
  registerAndLogin,
  ROOT,
  setupAndLoginRoot,
  startFakeUpstream,
  type ApiClient,
  type FakeUpstream,
  type RunningGateway,
} from '@gateway/test-support';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactPath } from '../support/artifacts.js';
import { launchBrowser } from '../support/browser.js';
import { startConsoleGateway } from '../support/console-gateway.js';
import { findUser, relayStatus, userRow } from '../support/users-actions.js';
import { consoleAs } from '../support/wallet-actions.js';

const TARGET = { username: 'target', password: 'target-pass-1' };
const START_QUOTA = 1_000_000;
const DELTA = -400_000;

describe('user management: find, adjust quota, ban', () => {
  let gateway: RunningGateway;
  let upstream: FakeUpstream;
  let browser: Browser;
  let rootApi: ApiClient;
  let targetApi: ApiClient;
  let admin: Page;
  let victim: Page;
  let apiKey: string;

  beforeAll(async () => {
    gateway = await startConsoleGateway();
    upstream = await startFakeUpstream();
    rootApi = await setupAndLoginRoot(gateway.url);
    await rootApi.put('/api/option/', { key: 'ModelRatio', value: JSON.stringify({ 'e2e-model': 1 }) });
    upstream.scenario('e2e-users', { usage: { prompt: 5, completion: 5 } });
    await addChannel(gateway, { key: 'e2e-users', baseUrl: upstream.url, models: ['e2e-model'] });
    targetApi = await registerAndLogin(gateway.url, TARGET.username, TARGET.password);
    await registerAndLogin(gateway.url, 'bystander');
    await rootApi.put('/api/user/', { id: targetApi.userId, quota: START_QUOTA });
    apiKey = (await addToken(gateway, targetApi.userId!, { unlimited: true })).apiKey;
    browser = await launchBrowser();
    admin = await consoleAs(browser, gateway.url, ROOT);
    victim = await consoleAs(browser, gateway.url, TARGET);
  });

  afterAll(async () => {
    await browser?.close();
    await upstream?.close();
    await gateway?.stop();
  });

  it('finds a user and subtracts quota through the add-quota dialog', async () => {
    await admin.goto(`${gateway.url}/user`);
    await findUser(admin, 'targ', TARGET.username);
    await userRow(admin, TARGET.username).getByRole('button', { name: '编辑' }).click();
    const drawer = admin.locator('.semi-sidesheet');
    await expect.poll(() => drawer.getByLabel('剩余额度').inputValue()).toBe(String(START_QUOTA));
    await drawer.getByRole('button', { name: '添加额度' }).click();
    const dialog = admin.getByRole('dialog', { name: '添加额度' });
    await dialog.getByLabel('添加的额度').fill(String(DELTA));
    await dialog.getByText('新额度：$2.00 + -$0.80 = $1.20').waitFor();
    await admin.screenshot({ path: artifactPath('users-add-quota.png') });
    // Semi names the OK button "confirm" (aria-label) whatever it reads; click what people see.
    await dialog.locator('button', { hasText: '确定' }).click();
    await expect.poll(() => drawer.getByLabel('剩余额度').inputValue()).toBe(String(START_QUOTA + DELTA));
    await drawer.getByRole('button', { name: '提交' }).click();
    await admin.getByText('用户信息更新成功！').waitFor();

    const stored = await rootApi.get<UserView>(`/api/user/${targetApi.userId}`);
    expect(stored.body.data?.quota).toBe(START_QUOTA + DELTA);
    await userRow(admin, TARGET.username).getByText('剩余额度：$1.20').waitFor();
  });

  it('bans the user: their open console is signed out on the next click, their key refused', async () => {
    // The victim reads the console in English.
    await victim.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await victim.goto(`${gateway.url}/token`);
    await victim.getByRole('heading', { name: 'Tokens' }).waitFor();
    expect((await relayStatus(gateway.url, apiKey, 'e2e-model')).status).toBe(200);

    await userRow(admin, TARGET.username).getByRole('button', { name: '禁用' }).click();
    await admin.getByText('操作成功完成！').waitFor();
    await userRow(admin, TARGET.username).getByText('已封禁').waitFor();
    await admin.screenshot({ path: artifactPath('users-banned.png'), fullPage: true });

    expect(await relayStatus(gateway.url, apiKey, 'e2e-model')).toEqual({ status: 403, code: 'user_banned' });
    await victim.locator('aside a[href="/personal"]').click();
    await victim.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('expired') === 'true');
    await victim.getByText('Not signed in or session expired, please sign in again!').waitFor();
    expect(await victim.evaluate(() => localStorage.getItem('user'))).toBeNull();
  });

  it('fits a phone: the list scrolls sideways inside its card', async () => {
    await admin.setViewportSize({ width: 390, height: 800 });
    await admin.goto(`${gateway.url}/user`);
    await userRow(admin, 'bystander').waitFor();
    const widths = await admin.evaluate(() => {
      const body = document.querySelector('.user-table .semi-table-body') as HTMLElement;
      return { page: document.documentElement.scrollWidth, table: body.scrollWidth, box: body.clientWidth };
    });
    expect(widths.page).toBeLessThanOrEqual(390);
    expect(widths.table).toBeGreaterThan(widths.box);
    await admin.screenshot({ path: artifactPath('users-phone.png') });
  });
});
