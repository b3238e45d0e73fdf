import { flushAll, type RunningGateway } from '@gateway/test-support';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggregateQuotaData } from '../../server/src/modules/dashboard/aggregate.js';
import { artifactPath } from '../support/artifacts.js';
import { launchBrowser, newConsolePage } from '../support/browser.js';
import { startConsoleGateway } from '../support/console-gateway.js';
import { EXPECTED_QUOTA, MODEL, prepareTokensSite, USER, type TokensSite } from '../support/tokens-site.js';
import { consoleAs } from '../support/wallet-actions.js';

const START_QUOTA = 50_000_000;

describe('price list, playground and dashboard', () => {
  let gateway: RunningGateway;
  let site: TokensSite;
  let browser: Browser;

  beforeAll(async () => {
    gateway = await startConsoleGateway();
    site = await prepareTokensSite(gateway);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.upstream.close();
    await gateway?.stop();
  });

  it('shows a guest the prices of the default group', async () => {
    const { page, context } = await newConsolePage(browser);
    await page.goto(`${gateway.url}/pricing`);
    await page.getByText('您还未登录，显示的价格为默认分组倍率：1').waitFor();
    const row = page.locator('tr', { hasText: MODEL });
    // The banner shows before the price list arrives: wait for the row itself.
    await row.getByText('按量计费').waitFor();
    // Ratio 2 → $4 per 1M prompt tokens; completion ratio 3 → $12.
    await row.getByText('提示 $4 / 1M tokens').waitFor();
    await row.getByText('补全 $12 / 1M tokens').waitFor();
    await page.screenshot({ path: artifactPath('pricing-guest.png') });
    await context.close();
  });

  it('lets a user chat in the playground, billed and logged like any call', async () => {
    const page = await consoleAs(browser, gateway.url, USER);
    await page.goto(`${gateway.url}/playground`);
    const input = page.getByPlaceholder('输入消息，Enter 发送，Shift+Enter 换行');
    await input.fill('Say hello');
    await input.press('Enter');
    await page.locator('.chat-assistant .chat-text', { hasText: 'hello from the fake upstream' }).waitFor();
    await page.locator('.chat-assistant[data-status="complete"]').last().waitFor();
    await page.screenshot({ path: artifactPath('playground.png') });

    await flushAll(gateway);
    const user = await gateway.ctx.db
      .selectFrom('users')
      .select(['quota', 'used_quota'])
      .where('id', '=', site.userId)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ quota: START_QUOTA - EXPECTED_QUOTA, used_quota: EXPECTED_QUOTA });

    await page.goto(`${gateway.url}/log`);
    await page.locator('tr', { hasText: 'playground-default' }).first().waitFor();
    await page.context().close();
  });

  it('draws the dashboard from the aggregated calls, in English', async () => {
    await flushAll(gateway);
    await aggregateQuotaData(gateway.ctx.logDb);
    const page = await consoleAs(browser, gateway.url, USER);
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await page.goto(`${gateway.url}/detail`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await expect.poll(() => page.getByTestId('total-calls').innerText()).toBe('Calls\n1');
    await expect.poll(() => page.getByTestId('total-tokens').innerText()).toBe('Tokens used\n150');
    for (const chart of ['chart-quota', 'chart-calls', 'chart-share']) {
      await page.getByTestId(chart).locator('canvas').first().waitFor();
    }
    await page.screenshot({ path: artifactPath('dashboard.png'), fullPage: true });
    await page.context().close();
  });
});
