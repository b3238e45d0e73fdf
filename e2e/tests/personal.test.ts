import {
  putOptions,
  registerAndLogin,
  setupAndLoginRoot,
  type ApiClient,
  type RunningGateway,
} from '@gateway/test-support';
import type { UserSettingView } from '@gateway/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactPath } from '../support/artifacts.js';
import { launchBrowser } from '../support/browser.js';
import { startConsoleGateway } from '../support/console-gateway.js';
import { consoleAs } from '../support/wallet-actions.js';

const INVITER = { username: 'inviter', password: 'inviter-pass-1' };
/** Two invitees at this reward each: $6.00 of invite earnings at 500 000 quota per dollar. */
const REWARD = 1_500_000;

describe('personal settings: invite earnings and notifications', () => {
  let gateway: RunningGateway;
  let browser: Browser;
  let inviter: ApiClient;
  let page: Page;

  const earnings = async () => {
    const res = await inviter.get<{ quota: number; aff_quota: number }>('/api/user/self');
    return { quota: res.body.data!.quota, aff_quota: res.body.data!.aff_quota };
  };
  const setting = async () => (await inviter.get<UserSettingView>('/api/user/setting')).body.data!;

  beforeAll(async () => {
    gateway = await startConsoleGateway();
    const root = await setupAndLoginRoot(gateway.url);
    await putOptions(root, { QuotaForInviter: String(REWARD) });
    inviter = await registerAndLogin(gateway.url, INVITER.username, INVITER.password);
    const code = (await inviter.get<string>('/api/user/aff')).body.data!;
    for (const name of ['guest-a', 'guest-b']) {
      await registerAndLogin(gateway.url, name, 'guest-pass-1', { aff_code: code });
    }
    browser = await launchBrowser();
    page = await consoleAs(browser, gateway.url, INVITER);
  });

  afterAll(async () => {
    await browser?.close();
    await gateway?.stop();
  });

  it('transfers invite earnings and saves a webhook warning, in Chinese', async () => {
    await page.goto(`${gateway.url}/personal`);
    await page.getByRole('button', { name: /划转到余额/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('可用邀请额度：$6.00').waitFor();
    await dialog.getByLabel('划转额度').fill('400000');
    await dialog.locator('.semi-modal-footer').getByText('确定', { exact: true }).click();
    await dialog.getByText('划转金额最低为 $1.00').waitFor();
    await dialog.getByLabel('划转额度').fill('2000000');
    await dialog.locator('.semi-modal-footer').getByText('确定', { exact: true }).click();
    await page.getByText('划转成功').first().waitFor();
    expect(await earnings()).toEqual({ quota: 2_000_000, aff_quota: 1_000_000 });

    const card = page.getByTestId('notification-settings');
    await card.getByText('Webhook通知').click();
    await card.getByLabel('Webhook地址').fill('http://hooks.example.com/quota');
    await card.getByLabel('接口凭证').fill('e2e-secret');
    await card.getByRole('button', { name: '500000 ($1.00)' }).click();
    await card.getByRole('button', { name: '保存设置' }).click();
    await card.getByText('Webhook地址必须以 https:// 开头').waitFor();
    await card.getByLabel('Webhook地址').fill('https://hooks.example.com/quota');
    await card.getByRole('button', { name: '保存设置' }).click();
    await page.getByText('通知设置已更新').first().waitFor();
    expect(await setting()).toEqual({
      notify_type: 'webhook',
      quota_warning_threshold: 500_000,
      webhook_url: 'https://hooks.example.com/quota',
      webhook_secret_set: true,
      notification_email: '',
      accept_unset_model_ratio_model: false,
    });
    await page.reload();
    await page.getByTestId('notification-settings').getByPlaceholder('已设置，留空则保持不变').waitFor();
    await page.screenshot({ path: artifactPath('personal-zh.png'), fullPage: true });
  });

  it('does the same in English, and fits a 390 px screen', async () => {
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${gateway.url}/personal`);
    await page.getByRole('button', { name: /Transfer to balance/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Invite earnings available: $2.00').waitFor();
    await dialog.locator('.semi-modal-footer').getByText('OK', { exact: true }).click();
    await page.getByText('Transfer succeeded').first().waitFor();
    expect(await earnings()).toEqual({ quota: 3_000_000, aff_quota: 0 });

    const card = page.getByTestId('notification-settings');
    await card.getByText('Email', { exact: true }).click();
    await card.getByLabel('Notification email').fill('alerts@example.com');
    await card.getByRole('tab', { name: 'Pricing' }).click();
    await card.getByText('Accept models without a price').click();
    await card.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Notification settings updated').first().waitFor();
    expect(await setting()).toMatchObject({
      notify_type: 'email',
      notification_email: 'alerts@example.com',
      accept_unset_model_ratio_model: true,
    });
    // Usable at phone width: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: artifactPath('personal-en-390.png'), fullPage: true });
  });
});
