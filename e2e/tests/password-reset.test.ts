import {
  ApiClient,
  registerAndLogin,
  ROOT,
  setupAndLoginRoot,
  startFakeSmtp,
  type FakeSmtp,
  type RunningGateway,
} from '@gateway/test-support';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactPath } from '../support/artifacts.js';
import { launchBrowser, newConsolePage } from '../support/browser.js';
import { startConsoleGateway } from '../support/console-gateway.js';
import { fillField, signIn } from '../support/console-actions.js';

const USER = { username: 'forgetful', password: 'first-pass-123', email: 'forgetful@example.com' };

describe('password reset by mail', () => {
  let gateway: RunningGateway;
  let smtp: FakeSmtp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    gateway = await startConsoleGateway();
    const root = await setupAndLoginRoot(gateway.url);
    // What an operator does in Settings → System: mail server and the address links point to.
    const options = {
      SMTPServer: '127.0.0.1',
      SMTPPort: String(smtp.port),
      SMTPAccount: 'gateway@example.com',
      SMTPFrom: 'gateway@example.com',
      SMTPToken: 'smtp-pass',
      ServerAddress: gateway.url,
    };
    for (const [key, value] of Object.entries(options)) {
      const res = await root.put('/api/option/', { key, value });
      expect(res.body.success, key).toBe(true);
    }
    const user = await registerAndLogin(gateway.url, USER.username, USER.password);
    await gateway.ctx.users.repo.update(user.userId!, { email: USER.email });
    gateway.ctx.users.cache.invalidate(user.userId!);
    browser = await launchBrowser();
    ({ context, page } = await newConsolePage(browser));
  });

  afterAll(async () => {
    await browser?.close();
    await gateway?.stop();
    await smtp?.close();
  });

  it('mails a link that sets a new password the user can sign in with', async () => {
    await page.goto(`${gateway.url}/login`);
    await page.getByRole('link', { name: '点击重置' }).click();
    await page.waitForURL('**/reset');
    await fillField(page, 'email', USER.email);
    await page.getByRole('button', { name: '发送重置邮件' }).click();
    await page.getByText('重置邮件发送成功，请检查邮箱！').waitFor();
    // The 30-second lock shows on the button at once.
    await page.getByRole('button', { name: /^重试 \(\d+\)$/ }).waitFor();
    expect(await page.getByRole('button', { name: /^重试/ }).isDisabled()).toBe(true);
    await page.screenshot({ path: artifactPath('password-reset-request.png') });

    const mail = await smtp.next();
    expect(mail.to).toEqual([USER.email]);
    const link = new RegExp(
      `${gateway.url.replace(/[.]/g, '\\.')}/user/reset\\?email=[^"<\\s]+&token=[0-9a-f]+`,
    ).exec(mail.text)?.[0];
    if (!link) throw new Error(`no reset link in the mail:\n${mail.text}`);

    // The person opens the mail in English.
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await page.goto(link);
    await page.getByText('Confirm password reset', { exact: true }).first().waitFor();
    expect(await page.locator('#reset-email').inputValue()).toBe(USER.email);
    await page.getByRole('button', { name: 'Confirm password reset' }).click();
    const shown = page.getByTestId('new-password');
    await shown.waitFor();
    const newPassword = await shown.inputValue();
    expect(newPassword).toMatch(/^[0-9a-f]{12}$/);
    await page.getByText('Password reset', { exact: true }).waitFor();
    await page.screenshot({ path: artifactPath('password-reset-confirmed.png') });

    // The old password is gone.
    expect((await new ApiClient(gateway.url).login(USER.username, USER.password)).body.success).toBe(false);

    await page.getByRole('link', { name: 'Go to sign-in' }).click();
    await page.waitForURL('**/login');
    await fillField(page, 'username', USER.username);
    await fillField(page, 'password', newPassword);
    await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/token');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').username)).toBe(
      USER.username,
    );

    // The link works once.
    const again = await new ApiClient(gateway.url).post('/api/user/reset', {
      email: USER.email,
      token: new URL(link).searchParams.get('token'),
    });
    expect(again.body.message).toBe('重置链接非法或已过期');
    await context.close();
  });

  it('lets root set the notice and system name on a phone-sized screen, and the site shows them', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
    const root = await phone.newPage();
    root.setDefaultTimeout(10_000);
    await signIn(root, gateway.url, ROOT);
    await root.waitForURL('**/token');
    await root.goto(`${gateway.url}/setting?tab=system`);
    await root.getByText('配置 SMTP').waitFor();
    expect(await root.locator('#SMTPServer').inputValue()).toBe('127.0.0.1');
    // Nothing wider than the screen: the sections stack into one column.
    expect(await root.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await root.screenshot({ path: artifactPath('settings-system-390.png') });

    await root.goto(`${gateway.url}/setting?tab=other`);
    await root.locator('#option-Notice').fill('今晚 **维护**');
    await root.getByRole('button', { name: '设置公告' }).click();
    await root.getByText('公告已更新').waitFor();
    await root.locator('#option-SystemName').fill('Reset Gateway');
    await root.getByRole('button', { name: '设置系统名称' }).click();
    await root.getByText('系统名称已更新').waitFor();
    expect(await root.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await root.screenshot({ path: artifactPath('settings-other-390.png'), fullPage: true });

    await root.goto(`${gateway.url}/`);
    await root.getByTestId('home-notice').getByText('维护').waitFor();
    await expect.poll(() => root.title()).toBe('Reset Gateway');
    await phone.close();
  });
});
