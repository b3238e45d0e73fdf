import type { Locator, Page } from 'playwright-core';

/** Browser steps on the channel page (/channel) shared by the channel tests. */

/** The table row of a channel, found by its (unique) name. */
export function channelRow(page: Page, name: string): Locator {
  return page.locator('.channel-table tbody tr', { hasText: name });
}

/** A toast with this text (Semi toasts stack at the top of the page). */
export function toast(page: Page, text: string): Locator {
  return page.locator('.semi-toast-content', { hasText: text }).first();
}

/** Fills a drawer field by its element id (the drawer's labels point at these ids). */
export async function fillDrawerField(page: Page, id: string, value: string) {
  const field = page.locator(`.channel-drawer #${id}`);
  await field.fill('');
  await field.fill(value);
}

/** Types a model name into the custom-model box of the drawer and adds it. */
export async function addCustomModel(page: Page, names: string) {
  await fillDrawerField(page, 'channel-custom-models', names);
  await page.locator('.channel-drawer').getByRole('button', { name: '填入', exact: true }).click();
}

/** Confirms the open Popconfirm (by its OK button's text). */
export async function confirmPopup(page: Page, okText = '确定') {
  await page.locator('.semi-popconfirm').getByText(okText, { exact: true }).last().click();
}

/**
 * Confirms the open dialog. Semi names a dialog's OK button "confirm" for assistive tech,
 * whatever its text, so it is found by text.
 */
export async function confirmDialog(page: Page, okText = '确定') {
  await page.locator('.semi-modal-footer').getByText(okText, { exact: true }).last().click();
}

/** Closes every toast, so a screenshot shows the page rather than messages. */
export async function closeToasts(page: Page) {
  // Toasts slide while stacking, so Playwright would wait for them to be "stable": click directly.
  await page.evaluate(() =>
    document.querySelectorAll<HTMLElement>('.semi-toast-close-button').forEach((button) => button.click()),
  );
  await page.locator('.semi-toast-content').first().waitFor({ state: 'detached' });
}
