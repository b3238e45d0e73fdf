import {
  registerAndLogin,
  setupAndLoginRoot,
  type ApiClient,
  type RunningGateway,
} from '@gateway/test-support';
import type { ChannelView } from '@gateway/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newConsolePage } from '../support/browser.js';
import { channelRow, fillDrawerField, toast } from '../support/channels-actions.js';
import { startConsoleGateway } from '../support/console-gateway.js';
import { signIn } from '../support/console-actions.js';

const NAME = 'e2e-keys';
const ADMIN = { username: 'keysadmin', password: 'admin-pass-123' };
const NOTICE = '修改渠道类型、地址、其他参数、请求头覆盖或代理时，必须重新填写密钥';

/** An admin (not root) moving a channel to another address must type its key again. */
describe('channel keys in the browser', () => {
  let gateway: RunningGateway;
  let root: ApiClient;
  let browser: Browser;
  let page: Page;
  let channel: ChannelView;

  const stored = async () =>
    gateway.ctx.db
      .selectFrom('channels')
      .select(['key', 'base_url', 'headers'])
      .where('id', '=', channel.id)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    gateway = await startConsoleGateway();
    root = await setupAndLoginRoot(gateway.url);
    const admin = await registerAndLogin(gateway.url, ADMIN.username, ADMIN.password);
    const promoted = await root.post('/api/user/manage', { id: admin.userId, action: 'promote' });
    expect(promoted.body.success, promoted.body.message).toBe(true);
    const created = await root.post<ChannelView[]>('/api/channel/', {
      name: NAME,
      key: 'sk-stored',
      models: 'gpt-4o-mini',
      base_url: 'https://up.example',
      headers: '{"X-Org":"org-secret"}',
    });
    channel = created.body.data![0]!;
    browser = await launchBrowser();
    ({ page } = await newConsolePage(browser));
  });

  afterAll(async () => {
    await browser?.close();
    await gateway?.stop();
  });

  it('shows headers masked, says the key is needed for a new address and saves only with it', async () => {
    await signIn(page, gateway.url, ADMIN);
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(`${gateway.url}/channel`);
    await channelRow(page, NAME).getByRole('button', { name: '编辑', exact: true }).click();
    await page.locator('.channel-drawer #channel-name').waitFor();
    expect(await page.locator('.channel-drawer #channel-headers').inputValue()).toContain(
      '"X-Org": "******"',
    );
    expect(await page.content()).not.toContain('org-secret');

    await fillDrawerField(page, 'channel-base-url', 'https://elsewhere.example');
    await page.locator('.channel-drawer').getByText(NOTICE).waitFor();
    await page.locator('.channel-drawer').getByRole('button', { name: '提交' }).click();
    await toast(page, NOTICE).waitFor();
    expect(await stored()).toMatchObject({ key: 'sk-stored', base_url: 'https://up.example' });

    await fillDrawerField(page, 'channel-key', 'sk-typed');
    await page.locator('.channel-drawer').getByRole('button', { name: '提交' }).click();
    await toast(page, '渠道更新成功！').waitFor();
    expect(await stored()).toEqual({
      key: 'sk-typed',
      base_url: 'https://elsewhere.example',
      headers: '{"X-Org":"org-secret"}',
    });
  });
});
