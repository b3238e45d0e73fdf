import {
  addToken,
  registerAndLogin,
  ROOT,
  setUserQuota,
  setupAndLoginRoot,
  startFakeSuno,
  startGateway,
  type FakeSuno,
  type RunningGateway,
} from '@gateway/test-support';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollSunoTasks } from '../../server/src/relay/suno/poll.js';
import { artifactPath } from '../support/artifacts.js';
import { launchBrowser } from '../support/browser.js';
import { WEB_DIST } from '../support/console-gateway.js';
import { consoleAs } from '../support/wallet-actions.js';

const USER = { username: 'dora', password: 'dora-pass-1' };

/** The creative-task log: Suno jobs submitted with an API key, tracked by the poller, shown in both languages. */
describe('task log in the browser', () => {
  let gateway: RunningGateway;
  let suno: FakeSuno;
  let browser: Browser;
  let songTask = '';
  let failedTask = '';

  const submit = async (apiKey: string, prompt: string) => {
    const res = await fetch(`${gateway.url}/suno/submit/music`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt }),
    });
    const body = (await res.json()) as { code: string; data: string };
    expect(body.code).toBe('success');
    return body.data;
  };

  beforeAll(async () => {
    suno = await startFakeSuno();
    // Polling runs when the test says so, so the page shows known states.
    gateway = await startGateway({ env: { WEB_DIST, TASK_POLL_MS: '0' } });
    const root = await setupAndLoginRoot(gateway.url);
    const channel = await root.post('/api/channel/', {
      name: 'fake-suno',
      type: 36,
      key: suno.key,
      base_url: suno.url,
      models: 'suno_music,suno_lyrics',
      group: 'default',
    });
    if (!channel.body.success) throw new Error(`channel: ${channel.body.message}`);
    const user = await registerAndLogin(gateway.url, USER.username, USER.password);
    await setUserQuota(gateway, user.userId!, 10_000_000);
    const key = await addToken(gateway, user.userId!, { unlimited: true });
    songTask = await submit(key.apiKey, 'a song for the browser test');
    failedTask = await submit(key.apiKey, 'this one will FAIL');
    for (let i = 0; i < 3; i++) await pollSunoTasks(gateway.ctx);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await gateway?.stop();
    await suno?.close();
  });

  const row = (page: Page, taskId: string) => page.locator('tr', { hasText: taskId });

  it('shows a user their own tasks in Chinese, with the record as JSON', async () => {
    const page = await consoleAs(browser, gateway.url, USER);
    await page.goto(`${gateway.url}/task`);
    await row(page, songTask).getByText('成功').waitFor();
    expect(await row(page, songTask).innerText()).toContain('生成音乐');
    expect(await row(page, failedTask).innerText()).toContain('失败');
    expect(await row(page, failedTask).innerText()).toContain('generation failed: content policy');
    const headers = await page.locator('thead th').allInnerTexts();
    expect(headers.map((h) => h.trim())).not.toContain('渠道');
    expect(await page.getByLabel('渠道 ID').count()).toBe(0);
    await page.screenshot({ path: artifactPath('task-log-user.png'), fullPage: true });

    await row(page, songTask).getByText(songTask).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('任务详情').waitFor();
    const record = JSON.parse(await dialog.getByTestId('task-dialog-text').innerText()) as {
      task_id: string;
      status: string;
      data: unknown[];
    };
    expect(record).toMatchObject({ task_id: songTask, status: 'SUCCESS' });
    expect(record.data).toHaveLength(2);
    await page.context().close();
  });

  it('shows an admin every task with its channel in English, filtered by task id', async () => {
    const page = await consoleAs(browser, gateway.url, ROOT);
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await page.goto(`${gateway.url}/task`);
    await row(page, songTask).getByText('Succeeded').waitFor();
    expect(await row(page, failedTask).innerText()).toContain('Failed');
    const headers = (await page.locator('thead th').allInnerTexts()).map((h) => h.trim());
    expect(headers).toEqual(
      expect.arrayContaining(['Submitted', 'Channel', 'Platform', 'Task ID', 'Status']),
    );
    await page.getByLabel('Task ID').fill(failedTask);
    await page.getByRole('button', { name: 'Query' }).click();
    await expect.poll(() => row(page, songTask).count()).toBe(0);
    await row(page, failedTask).waitFor();
    await page.screenshot({ path: artifactPath('task-log-admin-en.png'), fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    const card = page.locator('.task-page');
    await row(page, failedTask).waitFor();
    const box = await card.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    const pager = await page.locator('.task-page .semi-page').boundingBox();
    expect(pager!.x + pager!.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: artifactPath('task-log-phone.png'), fullPage: true });
    await page.context().close();
  });
});
