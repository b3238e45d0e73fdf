import {
  addChannel,
  addToken,
  FAIL_REASON,
  putOptions,
  registerAndLogin,
  setupAndLoginRoot,
  setUserQuota,
  startFakeMidjourney,
  type FakeMidjourney,
  type RunningGateway,
} from '@gateway/test-support';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollMidjourneyTasks } from '../../server/src/relay/midjourney/poll.js';
import { artifactPath } from '../support/artifacts.js';
import { launchBrowser, newConsolePage } from '../support/browser.js';
import { startConsoleGateway } from '../support/console-gateway.js';
import { signIn, signOut } from '../support/console-actions.js';

const USER = { username: 'painter', password: 'painter-pass-1' };
const ROOT = { username: 'root', password: 'root-pass-123' };

/**
 * Drawing jobs submitted with the proxy's own request format, tracked to the end by the poll,
 * then read in the drawing log: as the user in Chinese and English, as the admin, on a phone.
 */
describe('drawing log in the browser', () => {
  let gateway: RunningGateway;
  let mj: FakeMidjourney;
  let browser: Browser;
  let page: Page;
  let channelId = 0;
  let drawn = '';
  let failed = '';

  beforeAll(async () => {
    gateway = await startConsoleGateway();
    mj = await startFakeMidjourney();
    const root = await setupAndLoginRoot(gateway.url);
    await putOptions(root, { ServerAddress: gateway.url, DrawingEnabled: 'true' });
    channelId = await addChannel(gateway, {
      type: 2,
      name: 'mj-proxy',
      key: mj.secret,
      baseUrl: mj.url,
      models: ['mj_imagine'],
    });
    const user = await registerAndLogin(gateway.url, USER.username, USER.password);
    await setUserQuota(gateway, user.userId!, 1_000_000);
    const token = await addToken(gateway, user.userId!, { unlimited: true });
    const submit = async (prompt: string) => {
      const res = await fetch(`${gateway.url}/mj/submit/imagine`, {
        method: 'POST',
        headers: { 'mj-api-secret': token.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ prompt }),
      });
      const body = (await res.json()) as { code: number; result: string };
      expect(body.code).toBe(1);
      return body.result;
    };
    drawn = await submit('a lighthouse at dusk, oil painting, dramatic clouds, long exposure');
    failed = await submit('forbidden [fail]');
    await pollMidjourneyTasks(gateway.ctx);
    await pollMidjourneyTasks(gateway.ctx);
    browser = await launchBrowser();
    ({ page } = await newConsolePage(browser));
  });

  afterAll(async () => {
    await browser?.close();
    await gateway?.stop();
    await mj?.close();
  });

  const row = (mjId: string) => page.locator('tr', { hasText: mjId });

  it('shows a user their finished and failed jobs, the image and the failure reason', async () => {
    await signIn(page, gateway.url, USER);
    await page.waitForURL('**/token');
    await page.goto(`${gateway.url}/midjourney`);
    await row(drawn).waitFor();
    const headers = await page.locator('thead th').allInnerTexts();
    expect(headers.map((h) => h.trim()).filter(Boolean)).toEqual([
      '提交时间',
      '花费时间',
      '类型',
      '任务ID',
      '提交结果',
      '任务状态',
      '进度',
      '结果图片',
      'Prompt',
      'PromptEn',
      '失败原因',
    ]);
    expect(await row(drawn).innerText()).toContain('成功');
    expect(await row(drawn).innerText()).toContain('绘图');
    expect(await row(failed).innerText()).toContain('失败');
    // A user is never told about the callback setting, an admin concern.
    expect(await page.getByText('当前未开启Midjourney回调').count()).toBe(0);

    await row(drawn).getByRole('button', { name: '查看图片' }).click();
    const image = page.locator('.semi-image-preview img');
    await image.waitFor();
    expect(await image.getAttribute('src')).toBe(`${gateway.url}/mj/image/${drawn}`);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.screenshot({ path: artifactPath('midjourney-image.png') });
    await page.keyboard.press('Escape');
    await image.waitFor({ state: 'detached' });

    await row(failed).getByText(FAIL_REASON).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(FAIL_REASON).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('reads the same log in English', async () => {
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await page.reload();
    await row(drawn).waitFor();
    const headers = (await page.locator('thead th').allInnerTexts()).map((h) => h.trim());
    expect(headers).toContain('Submitted');
    expect(headers).toContain('Failure reason');
    expect(await row(drawn).innerText()).toContain('Success');
    expect(await row(failed).innerText()).toContain('Failed');
    await page.screenshot({ path: artifactPath('midjourney-en.png'), fullPage: true });
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'zh'));
  });

  it('fits a phone: filters wrap and the table scrolls inside its card', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await row(drawn).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: artifactPath('midjourney-phone.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('gives the admin every user’s jobs with the channel, its filter and the callback banner', async () => {
    await signOut(page);
    await signIn(page, gateway.url, ROOT);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${gateway.url}/midjourney`);
    await row(drawn).waitFor();
    await page
      .getByText('当前未开启Midjourney回调，部分项目可能无法获得绘图结果，可在运营设置中开启。')
      .waitFor();
    expect(await row(drawn).innerText()).toContain(String(channelId));
    await page.getByLabel('任务 ID').fill(failed);
    await page.getByRole('button', { name: /查询/ }).click();
    await expect.poll(() => row(drawn).count()).toBe(0);
    expect(await row(failed).count()).toBe(1);
  });
});
