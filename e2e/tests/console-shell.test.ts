import type { RunningGateway } from '@gateway/test-support';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactPath } from '../support/artifacts.js';
import { launchBrowser, newConsolePage } from '../support/browser.js';
import { startConsoleGateway } from '../support/console-gateway.js';
import { fillField, signIn, sidebarTexts, signOut } from '../support/console-actions.js';

const ROOT = { username: 'root', password: 'Root-pass-2024' };
const ALICE = { username: 'alice', password: 'alice-pass-1' };

describe('console shell on a fresh gateway', () => {
  let gateway: RunningGateway;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    gateway = await startConsoleGateway();
    browser = await launchBrowser();
    ({ context, page } = await newConsolePage(browser));
  });

  afterAll(async () => {
    await browser?.close();
    await gateway?.stop();
  });

  it('sends every visit to /setup until the wizard has created the administrator', async () => {
    await page.goto(`${gateway.url}/`);
    await page.waitForURL('**/setup');
    await page.goto(`${gateway.url}/login`);
    await page.waitForURL('**/setup');
    await page.getByText('数据库警告').waitFor();

    await page.getByRole('button', { name: '初始化系统' }).click();
    await page.getByText('请输入管理员用户名').waitFor();

    await fillField(page, 'username', ROOT.username);
    await fillField(page, 'password', 'short');
    await page.getByRole('button', { name: '初始化系统' }).click();
    await page.getByText('密码长度至少为8个字符').waitFor();

    await fillField(page, 'password', ROOT.password);
    await fillField(page, 'confirmPassword', `${ROOT.password}x`);
    await page.getByRole('button', { name: '初始化系统' }).click();
    await page.getByText('两次输入的密码不一致').waitFor();

    await page.getByRole('button', { name: '使用模式说明' }).click();
    await page.getByText('适用于个人使用的场景', { exact: false }).waitFor();
    // Semi labels the dialog's OK button "confirm" for assistive tech, whatever its text.
    await page.locator('.semi-modal-footer').getByText('确定').click();

    await fillField(page, 'confirmPassword', ROOT.password);
    await page.getByRole('button', { name: '初始化系统' }).click();
    // The wizard reloads after 1.5 s; the gate then sends the finished install home.
    await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
    await page.getByText('欢迎使用').waitFor();

    await page.goto(`${gateway.url}/setup`);
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('signs the administrator in to the console, switches language both ways and signs out', async () => {
    await signIn(page, gateway.url, ROOT);
    await page.waitForURL('**/token');
    await page.getByRole('heading', { name: '令牌管理' }).waitFor();
    const zhSidebar = await sidebarTexts(page);
    expect(zhSidebar).toEqual(
      expect.arrayContaining(['API令牌', '使用日志', '渠道管理', '系统设置', '个人设置']),
    );
    await page.screenshot({ path: artifactPath('console-zh.png'), fullPage: true });

    await page.getByRole('button', { name: '语言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Tokens' }).waitFor();
    const enSidebar = await sidebarTexts(page);
    expect(enSidebar).toEqual(expect.arrayContaining(['API Tokens', 'Usage Logs', 'System Settings']));
    expect(enSidebar).not.toContain('API令牌');
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');

    await page.reload();
    await page.getByText('API Tokens').first().waitFor();
    await page.screenshot({ path: artifactPath('console-en.png'), fullPage: true });

    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: '中文' }).click();
    await page.getByRole('heading', { name: '令牌管理' }).waitFor();
    expect(await sidebarTexts(page)).toContain('API令牌');

    await signOut(page);
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await page.goto(`${gateway.url}/token`);
    await page.waitForURL('**/login');
  });

  it('registers a normal user who sees no admin section and whose forged role the server rejects', async () => {
    await page.goto(`${gateway.url}/register`);
    await fillField(page, 'username', ALICE.username);
    await fillField(page, 'password', ALICE.password);
    await fillField(page, 'password2', `${ALICE.password}x`);
    await page.getByRole('main').getByRole('button', { name: '注册' }).click();
    await page.getByText('两次输入的密码不一致').waitFor();
    await fillField(page, 'password2', ALICE.password);
    await page.getByRole('main').getByRole('button', { name: '注册' }).click();
    await page.waitForURL('**/login');

    await signIn(page, gateway.url, ALICE);
    await page.waitForURL('**/token');
    const sidebar = await sidebarTexts(page);
    expect(sidebar).toEqual(expect.arrayContaining(['API令牌', '钱包', '个人设置']));
    for (const adminEntry of ['管理员', '渠道管理', '兑换码管理', '用户管理', '系统设置']) {
      expect(sidebar).not.toContain(adminEntry);
    }

    const forged = await page.evaluate(async () => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { id: number; role: number };
      localStorage.setItem('user', JSON.stringify({ ...user, role: 100 }));
      const res = await fetch('/api/option/', { headers: { 'New-Api-User': String(user.id) } });
      return { status: res.status, body: (await res.json()) as { success: boolean; message: string } };
    });
    expect(forged.status).toBe(403);
    expect(forged.body.success).toBe(false);
  });

  it('shows personal settings and issues a working system access token', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: gateway.url });
    await page.goto(`${gateway.url}/personal`);
    await page.getByText('当前余额').waitFor();
    await page.getByTestId('role-tag').waitFor();
    // The forged role only fools the sidebar: the page reads the role from the server.
    expect(await page.getByTestId('role-tag').innerText()).toBe('普通用户');
    await page.getByRole('button', { name: '生成令牌' }).click();
    await page.getByText('令牌已重置并已复制到剪贴板').waitFor();
    const token = await page.getByLabel('系统访问令牌').inputValue();
    expect(token).toMatch(/^\S{16,}$/);
    const userId = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('user') ?? '{}') as { id: number }).id,
    );
    const res = await fetch(`${gateway.url}/api/user/self`, {
      headers: { Authorization: `Bearer ${token}`, 'New-Api-User': String(userId) },
    });
    expect(res.status).toBe(200);
  });

  it('sends an expired session to /login?expired=true with the notice', async () => {
    await context.clearCookies();
    await page.goto(`${gateway.url}/personal`);
    await page.waitForURL('**/login?expired=true');
    await page.getByText('未登录或登录已过期，请重新登录！').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  });

  it('answers an unknown address with the not-found page', async () => {
    await page.goto(`${gateway.url}/no/such/page`);
    await page.getByText('页面不存在').waitFor();
    await page.getByText('请检查您的浏览器地址是否正确').waitFor();
  });
});
