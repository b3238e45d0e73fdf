import type { ApiClient, FakeEpay } from '@gateway/test-support';
import type { Browser, Page } from 'playwright-core';
import { newConsolePage } from './browser.js';
import { signIn } from './console-actions.js';

/** Browser and API steps shared by the wallet and redemption-code tests. */

export const EPAY_MERCHANT = { pid: '1001', key: 'e2e-epay-merchant-key' };

/** A fresh browser profile signed in to the console as `user`. */
export async function consoleAs(
  browser: Browser,
  baseUrl: string,
  user: { username: string; password: string },
): Promise<Page> {
  const { page } = await newConsolePage(browser);
  await signIn(page, baseUrl, user);
  await page.waitForURL((url) => url.pathname !== '/login');
  return page;
}

/** Turns online top-up on against the fake Epay gateway, with the gateway's own address for notifies. */
export async function configureEpay(root: ApiClient, epay: FakeEpay, gatewayUrl: string) {
  const options = {
    PayAddress: epay.url,
    EpayId: EPAY_MERCHANT.pid,
    EpayKey: EPAY_MERCHANT.key,
    ServerAddress: gatewayUrl,
  };
  for (const [key, value] of Object.entries(options)) {
    const res = await root.put('/api/option/', { key, value });
    if (!res.body.success) throw new Error(`option ${key}: ${res.body.message}`);
  }
}

/** The balance on the wallet page: the exact quota behind it and the text shown. */
export async function walletBalance(page: Page): Promise<{ quota: number; text: string }> {
  const stat = page.getByTestId('wallet-balance');
  await stat.locator('.stat-value').waitFor();
  const quota = Number(await stat.getAttribute('data-quota'));
  const text = (await stat.locator('.stat-value').innerText()).trim();
  return { quota, text };
}

/** Waits until the wallet shows `quota` as the balance (it is read again after a change). */
export async function waitForBalance(page: Page, quota: number) {
  await page
    .getByTestId('wallet-balance')
    .and(page.locator(`[data-quota="${quota}"]`))
    .waitFor();
  return walletBalance(page);
}

/** "$12.34" → 12.34 */
export const dollars = (text: string) => Number(text.replace(/^\$/, ''));

export async function selfQuota(client: ApiClient): Promise<number> {
  const res = await client.get<{ quota: number }>('/api/user/self');
  if (!res.body.data) throw new Error(`self: ${res.body.message}`);
  return res.body.data.quota;
}
