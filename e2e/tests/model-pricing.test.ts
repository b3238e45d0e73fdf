import OpenAI from 'openai';
import {
  addToken,
  apiError,
  balances,
  registerAndLogin,
  ROOT,
  setupAndLoginRoot,
  setUserQuota,
  startFakeUpstream,
  type ApiClient,
  type FakeUpstream,
  type RunningGateway,
} from '@gateway/test-support';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactPath } from '../support/artifacts.js';
import { launchBrowser, newConsolePage } from '../support/browser.js';
import { toast } from '../support/channels-actions.js';
import { startConsoleGateway } from '../support/console-gateway.js';
import { signIn } from '../support/console-actions.js';

const UPSTREAM_KEY = 'sk-upstream-pricing';
const FIXED_MODEL = 'e2e-per-call';
const TOKEN_MODEL = 'e2e-per-token';
const USAGE = { prompt: 100, completion: 50 };
/** Defaults of a fresh install, and a group ratio of our own so the product is visible. */
const QUOTA_PER_UNIT = 500_000;
const GROUP_RATIO = 1.5;
const START = 50_000_000;

describe('model pricing in the browser, billed by the relay', () => {
  let upstream: FakeUpstream;
  let gateway: RunningGateway;
  let root: ApiClient;
  let browser: Browser;
  let page: Page;
  let userId: number;
  let token: { id: number; apiKey: string };

  const chat = (model: string) =>
    new OpenAI({ apiKey: token.apiKey, baseURL: `${gateway.url}/v1`, maxRetries: 0 }).chat.completions.create(
      {
        model,
        messages: [{ role: 'user', content: 'what does this cost?' }],
      },
    );
  const quota = async () => (await balances(gateway, userId, token.id)).user.quota;
  const pricing = (): Locator => page.getByTestId('pricing-settings');

  async function openPricingTab(name: string) {
    await page.goto(`${gateway.url}/setting?tab=operation`);
    const tab = pricing().getByRole('tab', { name });
    await tab.scrollIntoViewIfNeeded();
    await tab.click();
  }

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    upstream.scenario(UPSTREAM_KEY, { content: 'priced answer', usage: USAGE });
    gateway = await startConsoleGateway();
    root = await setupAndLoginRoot(gateway.url);
    const groups = await root.put('/api/option/', {
      key: 'GroupRatio',
      value: JSON.stringify({ default: GROUP_RATIO, vip: 1, svip: 1 }),
    });
    if (!groups.body.success) throw new Error(groups.body.message);
    const channel = await root.post('/api/channel/', {
      name: 'pricing-upstream',
      type: 1,
      key: UPSTREAM_KEY,
      base_url: upstream.url,
      models: `${FIXED_MODEL},${TOKEN_MODEL}`,
      group: 'default',
    });
    if (!channel.body.success) throw new Error(channel.body.message);
    const payer = await registerAndLogin(gateway.url, 'payer', 'payer-pass-123');
    userId = payer.userId!;
    await setUserQuota(gateway, userId, START);
    token = await addToken(gateway, userId, { unlimited: true });

    browser = await launchBrowser();
    ({ page } = await newConsolePage(browser));
    await signIn(page, gateway.url, ROOT);
    await page.waitForURL((url) => url.pathname !== '/login');
  });

  afterAll(async () => {
    await browser?.close();
    await gateway?.stop();
    await upstream?.close();
  });

  it('prices an unpriced model per call from the unset-models list', async () => {
    const refused = await apiError(chat(FIXED_MODEL));
    expect(refused.status).toBe(500);
    expect(refused.message).toContain(`模型 ${FIXED_MODEL} 倍率或价格未配置`);

    await openPricingTab('未设置价格的模型');
    const unset = pricing().locator('.pricing-unset');
    const row = unset.locator('tbody tr', { hasText: FIXED_MODEL });
    await row.waitFor();
    await unset.locator('tbody tr', { hasText: TOKEN_MODEL }).waitFor();

    await row.getByLabel(`模型倍率 ${FIXED_MODEL}`).fill('3');
    await row.getByLabel(`模型固定价格 ${FIXED_MODEL}`).fill('0.02');
    // A fixed price clears the ratio and locks it.
    await expect.poll(() => row.getByLabel(`模型倍率 ${FIXED_MODEL}`).inputValue()).toBe('');
    expect(await row.getByLabel(`模型倍率 ${FIXED_MODEL}`).isDisabled()).toBe(true);
    await unset.getByRole('button', { name: '应用更改' }).click();
    await toast(page, '保存成功').waitFor();
    await row.waitFor({ state: 'detached' });
    await page.screenshot({ path: artifactPath('pricing-unset.png'), fullPage: false });

    const before = await quota();
    const answer = await chat(FIXED_MODEL);
    expect(answer.choices[0]?.message.content).toBe('priced answer');
    // price × QuotaPerUnit × group ratio = 0.02 × 500 000 × 1.5, whatever the usage.
    expect(before - (await quota())).toBe(15_000);
    expect(0.02 * QUOTA_PER_UNIT * GROUP_RATIO).toBe(15_000);
  });

  it('prices a model per token by price in the visual editor, in English', async () => {
    await expect(chat(TOKEN_MODEL)).rejects.toThrow(/倍率或价格未配置/);
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await openPricingTab('Visual editor');
    const visual = pricing().locator('.pricing-visual');
    await visual.getByRole('button', { name: 'Add model' }).click();

    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Model name').fill(TOKEN_MODEL);
    await dialog.getByText('By price', { exact: true }).click();
    await dialog.getByLabel('Input price (USD per 1M tokens)').fill('4');
    await dialog.getByLabel('Output price (USD per 1M tokens)').fill('12');
    // $4 per 1M input tokens is ratio 2; $12 ÷ $4 is completion ratio 3.
    await dialog.getByText('Model ratio 2, completion ratio 3').waitFor();
    await dialog.locator('.semi-modal-footer').getByText('OK', { exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    const row = visual.locator('tbody tr', { hasText: TOKEN_MODEL });
    await row.waitFor();
    expect(await row.innerText()).toContain('$4 / 1M tokens');
    expect(await row.innerText()).toContain('$12 / 1M tokens');
    await visual.getByRole('button', { name: 'Apply changes' }).click();
    await toast(page, 'Saved').waitFor();
    await page.screenshot({ path: artifactPath('pricing-visual-en.png'), fullPage: false });

    const options = (await root.get<Array<{ key: string; value: string }>>('/api/option/')).body.data!;
    const stored = (key: string) =>
      JSON.parse(options.find((o) => o.key === key)!.value) as Record<string, number>;
    expect(stored('ModelRatio')[TOKEN_MODEL]).toBe(2);
    expect(stored('CompletionRatio')[TOKEN_MODEL]).toBe(3);
    expect(stored('ModelPrice')[FIXED_MODEL]).toBe(0.02);

    const before = await quota();
    await chat(TOKEN_MODEL);
    // (prompt + completion × completion ratio) × model ratio × group ratio = (100 + 50 × 3) × 2 × 1.5.
    expect(before - (await quota())).toBe(750);
  });

  it('fits a phone screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openPricingTab('Models without a price');
    await pricing().getByText('No models without a price').waitFor();
    const box = await pricing().boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    await pricing().screenshot({ path: artifactPath('pricing-phone.png') });
    await openPricingTab('Visual editor');
    await pricing().locator('.pricing-visual tbody tr').first().waitFor();
    await pricing().screenshot({ path: artifactPath('pricing-phone-visual.png') });
  });
});
