import {
  ROOT,
  setupAndLoginRoot,
  startFakeUpstream,
  type ApiClient,
  type FakeUpstream,
  type RunningGateway,
} from '@gateway/test-support';
import type { ChannelView, Page as ChannelPage } from '@gateway/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactPath } from '../support/artifacts.js';
import { launchBrowser, newConsolePage } from '../support/browser.js';
import {
  addCustomModel,
  channelRow,
  closeToasts,
  confirmDialog,
  fillDrawerField,
  toast,
} from '../support/channels-actions.js';
import { startConsoleGateway } from '../support/console-gateway.js';
import { signIn } from '../support/console-actions.js';

const KEY = 'sk-e2e-channel';
const NAME = 'e2e-openai';

describe('channel management in the browser', () => {
  let upstream: FakeUpstream;
  let gateway: RunningGateway;
  let admin: ApiClient;
  let browser: Browser;
  let page: Page;

  /** The stored channel, as the API shows it (the test's independent view of what the page did). */
  async function stored(name: string): Promise<ChannelView | undefined> {
    const res = await admin.get<ChannelPage<ChannelView>>(
      `/api/channel/search?keyword=${encodeURIComponent(name)}`,
    );
    return res.body.data?.items.find((c) => c.name === name);
  }

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    upstream.scenario(KEY, { content: 'pong', delayMs: 30 });
    gateway = await startConsoleGateway();
    admin = await setupAndLoginRoot(gateway.url);
    browser = await launchBrowser();
    ({ page } = await newConsolePage(browser));
  });

  afterAll(async () => {
    await browser?.close();
    await gateway?.stop();
    await upstream?.close();
  });

  it('creates a channel through the drawer, tests, edits, toggles, tags, searches and deletes it', async () => {
    await signIn(page, gateway.url, ROOT);
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(`${gateway.url}/channel`);
    await page.getByRole('heading', { name: '管理渠道' }).waitFor();

    // The drawer refuses an empty form with the spec's message.
    await page.getByRole('button', { name: '添加渠道' }).click();
    await page.getByText('创建新的渠道').waitFor();
    await page.locator('.channel-drawer').getByRole('button', { name: '提交' }).click();
    await toast(page, '请填写渠道名称和渠道密钥！').waitFor();

    await fillDrawerField(page, 'channel-name', NAME);
    await fillDrawerField(page, 'channel-key', KEY);
    await fillDrawerField(page, 'channel-base-url', `${upstream.url}/`);
    await page.locator('.channel-drawer').getByRole('button', { name: '提交' }).click();
    await toast(page, '请至少选择一个模型！').waitFor();
    await addCustomModel(page, 'gpt-4o-mini');
    await page
      .locator('.channel-drawer .semi-select-option, .channel-drawer .semi-tag', {
        hasText: 'gpt-4o-mini',
      })
      .first()
      .waitFor();
    await closeToasts(page);
    await page.screenshot({ path: artifactPath('channels-drawer-zh.png') });
    await page.locator('.channel-drawer').getByRole('button', { name: '提交' }).click();
    await toast(page, '渠道创建成功！').waitFor();

    const created = await stored(NAME);
    expect(created).toMatchObject({
      type: 1,
      base_url: upstream.url,
      models: 'gpt-4o-mini',
      group: 'default',
    });
    const row = channelRow(page, NAME);
    await row.getByText('未测试').waitFor();

    // Test: the response time replaces "untested".
    await row.getByRole('button', { name: '测试', exact: true }).click();
    await toast(page, `渠道 ${NAME} 测试成功`).waitFor();
    await row
      .getByTestId(`response-time-${created!.id}`)
      .getByText(/\d+\.\d\d 秒/)
      .waitFor();
    expect((await stored(NAME))!.response_time).toBeGreaterThan(0);

    // Balance: OpenAI has a balance API; the fake upstream reports $100 left.
    const balance = row.getByTestId(`balance-${created!.id}`);
    expect(await balance.innerText()).toBe('$0.00');
    await balance.click();
    await toast(page, `渠道 ${NAME} 余额更新成功！`).waitFor();
    await balance.getByText('$100.00').waitFor();

    // The model-pick test dialog shows the time per model.
    await row.getByRole('button', { name: '选择模型测试' }).click();
    const dialog = page.locator('.semi-modal', { hasText: `渠道 ${NAME} 的模型测试` });
    await dialog.getByRole('button', { name: '测试 gpt-4o-mini' }).click();
    await dialog.getByText(/\d+\.\d\d 秒/).waitFor();
    await closeToasts(page);
    await page.screenshot({ path: artifactPath('channels-model-test-zh.png') });
    await dialog.getByRole('button', { name: '关闭' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Edit through the drawer: the stored fields load, the key may stay blank.
    await row.getByRole('button', { name: '编辑', exact: true }).click();
    await page.getByText('更新渠道信息').waitFor();
    expect(await page.locator('.channel-drawer #channel-name').inputValue()).toBe(NAME);
    await fillDrawerField(page, 'channel-test-model', 'gpt-4o-mini');
    await page.locator('.channel-drawer').getByRole('button', { name: '提交' }).click();
    await toast(page, '渠道更新成功！').waitFor();
    expect((await stored(NAME))!.test_model).toBe('gpt-4o-mini');

    // Inline priority.
    const priority = page.getByLabel(`优先级 #${created!.id}`);
    await priority.fill('5');
    await priority.press('Enter');
    await toast(page, '操作成功完成！').waitFor();
    await expect.poll(async () => (await stored(NAME))!.priority).toBe(5);

    // Disable, then enable again.
    await row.getByRole('button', { name: '禁用', exact: true }).click();
    await row.getByText('已禁用').waitFor();
    expect((await stored(NAME))!.status).toBe(2);
    await row.getByRole('button', { name: '启用', exact: true }).click();
    await row.getByText('已启用').waitFor();
    expect((await stored(NAME))!.status).toBe(1);

    // Batch tag: nothing selected is refused; the selected channel gets the tag.
    await page.getByRole('button', { name: '批量设置标签' }).click();
    await toast(page, '请先选择要设置标签的渠道！').waitFor();
    await row.locator('.semi-checkbox').first().click();
    await page.getByRole('button', { name: '批量设置标签' }).click();
    await page.locator('#batch-tag-input').fill('e2e-tag');
    // Semi names a dialog's OK button "confirm" for assistive tech, whatever its text.
    await page.locator('.semi-modal-footer').getByText('确定').click();
    await toast(page, '已为 1 个渠道设置标签').waitFor();
    expect((await stored(NAME))!.tag).toBe('e2e-tag');

    // Tag mode shows the tag as one expandable row.
    await page.getByText('标签聚合模式').click();
    await page.locator('.channel-table tbody tr', { hasText: '1 个渠道' }).getByText('e2e-tag').waitFor();
    await page.locator('.channel-table .semi-table-expand-icon').first().click();
    await row.waitFor();
    await closeToasts(page);
    await page.screenshot({ path: artifactPath('channels-tag-mode-zh.png') });
    await page.getByText('标签聚合模式').click();
    await row.waitFor();

    // Search finds it and leaves the other channel out.
    await admin.post('/api/channel/', { name: 'unrelated', key: 'sk-other', models: 'gpt-4o', type: 1 });
    await page.getByRole('button', { name: '刷新' }).click();
    await channelRow(page, 'unrelated').waitFor();
    await page.screenshot({ path: artifactPath('channels-list-zh.png'), fullPage: true });
    await page.getByLabel('关键字').fill(NAME);
    await page.getByRole('button', { name: '查询' }).click();
    await channelRow(page, 'unrelated').waitFor({ state: 'detached' });
    await row.waitFor();

    // Delete, confirmed.
    await row.getByRole('button', { name: '更多操作' }).click();
    await page.getByRole('menuitem', { name: '删除' }).click();
    await confirmDialog(page);
    await toast(page, '渠道已删除').waitFor();
    await row.waitFor({ state: 'detached' });
    expect(await stored(NAME)).toBeUndefined();
  });

  it('shows the type-specific fields of Azure in the drawer', async () => {
    await page.goto(`${gateway.url}/channel/add`);
    await page.getByText('创建新的渠道').waitFor();
    await page.locator('.channel-drawer #channel-type').click();
    await page.locator('.semi-select-option', { hasText: 'Azure OpenAI (3)' }).click();
    await page.locator('.channel-drawer').getByText('AZURE_OPENAI_ENDPOINT').waitFor();
    await page.locator('.channel-drawer').getByText('默认 API 版本').waitFor();
    await page.screenshot({ path: artifactPath('channels-drawer-azure-zh.png') });
    await page.locator('.channel-drawer').getByRole('button', { name: '取消' }).click();
    await page.waitForURL((url) => url.pathname === '/channel' && url.search === '');
  });

  it('shows the channel page in English', async () => {
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await page.goto(`${gateway.url}/channel`);
    await page.getByRole('heading', { name: 'Manage channels' }).waitFor();
    await page.getByRole('button', { name: 'Add channel' }).waitFor();
    await channelRow(page, 'unrelated').getByText('Not tested').waitFor();
    await page.screenshot({ path: artifactPath('channels-list-en.png'), fullPage: true });
  });
});
