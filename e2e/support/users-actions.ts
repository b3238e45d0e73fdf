import type { Page } from 'playwright-core';

/** Browser steps of the user-management test. */

/** The table row of `username` on /user (the username cell holds exactly that text). */
export function userRow(page: Page, username: string) {
  return page.getByRole('row').filter({ has: page.getByText(username, { exact: true }) });
}

/** Searches the user list for `keyword` and waits until `username` is the only row shown. */
export async function findUser(page: Page, keyword: string, username: string) {
  await page.getByLabel('支持搜索用户的 ID、用户名、显示名称和邮箱地址').fill(keyword);
  await page.getByRole('button', { name: '查询' }).click();
  await userRow(page, username).waitFor();
  // Header row plus the one match.
  await page.waitForFunction(() => document.querySelectorAll('.user-table tbody tr').length === 1);
}

/** One chat call with an API key: the HTTP status and the OpenAI-shaped error code, if any. */
export async function relayStatus(baseUrl: string, apiKey: string, model: string) {
  const res = await fetch(`${baseUrl}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }], max_tokens: 5 }),
  });
  const body = (await res.json()) as { error?: { code?: string } };
  return { status: res.status, code: body.error?.code ?? null };
}
