import { flushAll, type RunningGateway } from '@gateway/test-support';
import OpenAI from 'openai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactPath } from '../support/artifacts.js';
import { launchBrowser, newConsolePage } from '../support/browser.js';
import { startConsoleGateway } from '../support/console-gateway.js';
import { fillField, signIn } from '../support/console-actions.js';
import {
  CHAT_NAME,
  COMPLETION_RATIO,
  EXPECTED_QUOTA,
  MODEL,
  MODEL_RATIO,
  prepareTokensSite,
  USAGE,
  USER,
  type TokensSite,
} from '../support/tokens-site.js';

const TOKEN_NAME = 'e2e-key';

describe('tokens, usage logs and chat links in the browser', () => {
  let gateway: RunningGateway;
  let site: TokensSite;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let copiedKey = '';

  beforeAll(async () => {
    gateway = await startConsoleGateway();
    site = await prepareTokensSite(gateway);
    browser = await launchBrowser();
    ({ context, page } = await newConsolePage(browser));
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: gateway.url });
  });

  afterAll(async () => {
    await browser?.close();
    await site?.upstream.close();
    await gateway?.stop();
  });

  const tokenRow = () => page.locator('tr', { hasText: TOKEN_NAME });

  it('creates a token in the drawer and copies its key', async () => {
    await signIn(page, gateway.url, USER);
    await page.waitForURL('**/token');
    await page.getByText('令牌无法精确控制使用额度，只允许自用').waitFor();

    await page.getByRole('button', { name: /添加令牌/ }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText('创建新的令牌').waitFor();
    await fillField(page, 'name', TOKEN_NAME);
    await drawer.getByTestId('quota-presets').getByRole('button', { name: '$10', exact: true }).click();
    await drawer.getByText('约等于 $10.00').waitFor();
    // The sheet slides in; a screenshot taken at once catches it half way.
    await page.waitForTimeout(500);
    await page.screenshot({ path: artifactPath('token-drawer.png') });
    await drawer.getByRole('button', { name: '提交' }).click();
    await page.getByText('令牌创建成功，请在列表页面点击复制获取令牌！').waitFor();

    await tokenRow().waitFor();
    expect(await tokenRow().innerText()).toContain('已启用');
    expect(await tokenRow().innerText()).toContain('$10.00');
    expect(await tokenRow().innerText()).toContain('永不过期');
    await tokenRow().getByRole('button', { name: '复制令牌' }).click();
    await page.getByText('已复制到剪贴板！').waitFor();
    copiedKey = await page.evaluate(() => navigator.clipboard.readText());
    expect(copiedKey).toMatch(/^sk-[0-9A-Za-z]{48}$/);
    // The list shows a masked key only.
    expect(await tokenRow().innerText()).not.toContain(copiedKey);
    // Clicking copy scrolled the wide table to its key column; show the list from the start.
    await page.locator('.semi-table-body').evaluate((body) => body.scrollTo({ left: 0 }));
    await page.screenshot({ path: artifactPath('token-list.png'), fullPage: true });
  });

  it('bills a call made with the copied key and shows it in the usage log', async () => {
    const client = new OpenAI({ apiKey: copiedKey, baseURL: `${gateway.url}/v1`, maxRetries: 0 });
    const reply = await client.chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: 'hello' }],
    });
    expect(reply.usage).toMatchObject({ prompt_tokens: USAGE.prompt, completion_tokens: USAGE.completion });
    await flushAll(gateway);

    await page.goto(`${gateway.url}/log`);
    const row = page.locator('tr', { hasText: MODEL });
    await row.waitFor();
    const cells = await row.locator('td').allInnerTexts();
    expect(cells).toEqual(
      expect.arrayContaining([String(USAGE.prompt), String(USAGE.completion), TOKEN_NAME, '消费']),
    );
    // 500 quota at the default 500 000 per dollar, through the console's quota display.
    expect(EXPECTED_QUOTA).toBe(500);
    expect(cells).toContain('$0.001000');
    await page.getByTestId('log-stats').getByText('消耗额度: $0.001').waitFor();

    const headers = (await page.locator('thead th').allInnerTexts()).map((text) => text.trim());
    expect(headers).toEqual(expect.arrayContaining(['时间', '令牌', '模型', '提示', '补全', '花费']));
    for (const adminOnly of ['渠道', '用户', '重试']) expect(headers).not.toContain(adminOnly);
    expect(await page.getByPlaceholder('渠道 ID').count()).toBe(0);

    await row.locator('.semi-table-expand-icon').click();
    const details = page.locator('[data-testid^="log-details-"]');
    await details.waitFor();
    const text = await details.innerText();
    expect(text).toMatch(new RegExp(`模型倍率\\s*${MODEL_RATIO}`));
    expect(text).toMatch(new RegExp(`补全倍率\\s*${COMPLETION_RATIO}`));
    expect(text).toMatch(/分组倍率\s*1/);
    expect(text).toContain(`= ${EXPECTED_QUOTA} 点额度`);
    expect(text).not.toContain('重试渠道');
    await page.screenshot({ path: artifactPath('log-page.png'), fullPage: true });
  });

  it('opens a chat link from the token row with the address and key filled in', async () => {
    await page.goto(`${gateway.url}/token`);
    await tokenRow().waitFor();
    await tokenRow().getByRole('button', { name: /聊天/ }).click();
    const popupOpened = context.waitForEvent('page');
    await page.getByRole('menuitem', { name: CHAT_NAME }).click();
    const popup = await popupOpened;
    await popup.waitForLoadState('domcontentloaded');
    expect(popup.url()).toBe(
      site.chatTemplate.replace('{key}', copiedKey).replace('{address}', encodeURIComponent(gateway.url)),
    );
    await popup.close();
  });
});
