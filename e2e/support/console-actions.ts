import type { Page } from 'playwright-core';

/** Semi's Form.Input gives the input the field name as id. */
export async function fillField(page: Page, field: string, value: string) {
  const input = page.locator(`input#${field}`);
  await input.fill('');
  await input.fill(value);
}

export async function signIn(page: Page, baseUrl: string, user: { username: string; password: string }) {
  await page.goto(`${baseUrl}/login`);
  await fillField(page, 'username', user.username);
  await fillField(page, 'password', user.password);
  await page.getByRole('main').getByRole('button', { name: '登录' }).click();
}

export async function signOut(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '退出' }).click();
  await page.waitForURL('**/login');
}

/** The visible texts of the sidebar's entries and section titles. */
export async function sidebarTexts(page: Page): Promise<string[]> {
  const sidebar = page.locator('aside[aria-label="sidebar"]');
  await sidebar.waitFor();
  const texts = await sidebar.locator('.sidebar-section-title, .sidebar-link').allInnerTexts();
  return texts.map((text) => text.trim()).filter(Boolean);
}
