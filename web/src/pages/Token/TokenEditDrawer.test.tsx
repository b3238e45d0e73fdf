import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, type FakeServer } from '../../test/fake-server';
import { MEMBER, renderApp } from '../../test/render-app';
import { serveTokenApi, token } from './token-test-data';
import { parseExpiry } from './token-form';

const parseExpiryText = (text: string) => parseExpiry(text) ?? NaN;
import { pickOption } from './pick-option';

let server: FakeServer;

beforeEach(() => {
  server = fakeServer();
  serveTokenApi(server, [token({ id: 7, name: 'existing', expired_time: 4_102_444_800 })]);
  server.reply('POST', '/api/token/', ok([token()]));
  server.reply('PUT', '/api/token/', ok(token()));
});

afterEach(() => vi.unstubAllGlobals());

async function openCreateDrawer() {
  renderApp('/token', server, { user: MEMBER });
  await screen.findByText('existing');
  await userEvent.click(screen.getByRole('button', { name: /添加令牌/ }));
  await screen.findByText('创建新的令牌');
  return screen.getByRole('dialog');
}

const posted = () => server.calls.find((c) => c.method === 'POST' && c.path === '/api/token/');
const submit = (drawer: HTMLElement) => userEvent.click(within(drawer).getByRole('button', { name: '提交' }));

describe('token drawer: create', () => {
  it('creates with the spec defaults: 500000 quota, never expires, one token', async () => {
    const drawer = await openCreateDrawer();
    await userEvent.type(within(drawer).getByLabelText('名称'), 'laptop');
    await submit(drawer);
    expect(await screen.findByText('令牌创建成功，请在列表页面点击复制获取令牌！')).toBeTruthy();
    expect(posted()!.body).toEqual({
      name: 'laptop',
      remain_quota: 500000,
      unlimited_quota: false,
      expired_time: -1,
      model_limits_enabled: false,
      model_limits: '',
      allow_ips: '',
      group: '',
      count: 1,
    });
  });

  it('requires a name', async () => {
    const drawer = await openCreateDrawer();
    await submit(drawer);
    expect(await within(drawer).findByText('请输入名称')).toBeTruthy();
    expect(posted()).toBeUndefined();
  });

  it('fills quota and batch count from the presets', async () => {
    const drawer = await openCreateDrawer();
    const quotaPresets = within(within(drawer).getByTestId('quota-presets'));
    expect(quotaPresets.getAllByRole('button').map((b) => b.textContent)).toEqual([
      '$1',
      '$10',
      '$50',
      '$100',
      '$500',
      '$1000',
    ]);
    await userEvent.type(within(drawer).getByLabelText('名称'), 'batch');
    await userEvent.click(quotaPresets.getByRole('button', { name: '$50' }));
    expect(within(drawer).getByText('约等于 $50.00')).toBeTruthy();
    const countPresets = within(within(drawer).getByTestId('count-presets'));
    expect(countPresets.getAllByRole('button').map((b) => b.textContent)).toEqual(['10', '20', '30', '100']);
    await userEvent.click(countPresets.getByRole('button', { name: '30' }));
    await submit(drawer);
    await waitFor(() => expect(posted()).toBeDefined());
    expect(posted()!.body).toMatchObject({ name: 'batch', remain_quota: 25_000_000, count: 30 });
  });

  it('refuses a quantity that is not a positive integer', async () => {
    const drawer = await openCreateDrawer();
    await userEvent.type(within(drawer).getByLabelText('名称'), 'n');
    const count = within(drawer).getByLabelText('新建数量');
    await userEvent.clear(count);
    await submit(drawer);
    expect(await within(drawer).findByText('数量必须是正整数')).toBeTruthy();
    expect(posted()).toBeUndefined();
  });

  it('switches to unlimited quota, which disables the quota input', async () => {
    const drawer = await openCreateDrawer();
    await userEvent.type(within(drawer).getByLabelText('名称'), 'free');
    await userEvent.click(within(drawer).getByRole('switch', { name: '无限额度' }));
    expect((within(drawer).getByLabelText('额度') as HTMLInputElement).disabled).toBe(true);
    await submit(drawer);
    await waitFor(() => expect(posted()).toBeDefined());
    expect(posted()!.body).toMatchObject({ unlimited_quota: true });
  });

  it('parses a typed expiry and refuses one that is not a date', async () => {
    const drawer = await openCreateDrawer();
    await userEvent.type(within(drawer).getByLabelText('名称'), 'dated');
    const expiry = within(drawer).getByLabelText('过期时间');
    await userEvent.type(expiry, '2099-13-01 10:00:00');
    await submit(drawer);
    expect((await screen.findAllByText('过期时间格式错误！')).length).toBeGreaterThan(0);
    expect(posted()).toBeUndefined();

    await userEvent.clear(expiry);
    await userEvent.type(expiry, '2099-12-31 23:59:59');
    await submit(drawer);
    await waitFor(() => expect(posted()).toBeDefined());
    expect(posted()!.body).toMatchObject({
      expired_time: Math.floor(new Date(2099, 11, 31, 23, 59, 59).getTime() / 1000),
    });
  });

  it('offers the expiry shortcuts never, one hour, one day and one month', async () => {
    const drawer = await openCreateDrawer();
    const expiry = () => (within(drawer).getByLabelText('过期时间') as HTMLInputElement).value;
    const inSeconds = () => parseExpiryText(expiry()) - Date.now() / 1000;
    await userEvent.click(within(drawer).getByRole('button', { name: '一小时' }));
    expect(expiry()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(Math.abs(inSeconds() - 3600)).toBeLessThan(5);
    await userEvent.click(within(drawer).getByRole('button', { name: '一天' }));
    expect(Math.abs(inSeconds() - 86_400)).toBeLessThan(5);
    await userEvent.click(within(drawer).getByRole('button', { name: '永不过期' }));
    expect(expiry()).toBe('');

    await userEvent.type(within(drawer).getByLabelText('名称'), 'soon');
    await userEvent.click(within(drawer).getByRole('button', { name: '一个月' }));
    const before = Math.floor(Date.now() / 1000);
    await submit(drawer);
    await waitFor(() => expect(posted()).toBeDefined());
    const sent = (posted()!.body as { expired_time: number }).expired_time;
    expect(Math.abs(sent - (before + 30 * 86_400))).toBeLessThanOrEqual(2);
  });

  it('limits models and IPs and picks a group', async () => {
    const drawer = await openCreateDrawer();
    await userEvent.type(within(drawer).getByLabelText('名称'), 'limited');
    await userEvent.click(within(drawer).getByRole('switch', { name: '启用模型限制' }));
    await submit(drawer);
    expect(await within(drawer).findByText('请至少选择一个模型')).toBeTruthy();

    await userEvent.click(within(drawer).getByText('请选择该令牌可以使用的模型'));
    await pickOption('gpt-4o-mini');
    await userEvent.click(within(drawer).getByText('使用用户分组'));
    await pickOption('vip：VIP 分组（倍率 2）');
    fireEvent.change(within(drawer).getByLabelText('IP 白名单'), { target: { value: '10.0.0.0/8\n::1' } });
    await submit(drawer);
    await waitFor(() => expect(posted()).toBeDefined());
    expect(posted()!.body).toMatchObject({
      model_limits_enabled: true,
      model_limits: 'gpt-4o-mini',
      group: 'vip',
      allow_ips: '10.0.0.0/8\n::1',
    });
  });
});

describe('token drawer: edit', () => {
  it('loads the token and saves every field with its id', async () => {
    renderApp('/token', server, { user: MEMBER });
    const row = (await screen.findByText('existing')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: '编辑' }));
    await screen.findByText('更新令牌信息');
    const drawer = screen.getByRole('dialog');
    expect(within(drawer).queryByLabelText('新建数量')).toBeNull();
    expect((within(drawer).getByLabelText('名称') as HTMLInputElement).value).toBe('existing');
    expect((within(drawer).getByLabelText('过期时间') as HTMLInputElement).value).toMatch(/^2100-01-0\d /);
    await userEvent.clear(within(drawer).getByLabelText('名称'));
    await userEvent.type(within(drawer).getByLabelText('名称'), 'renamed');
    await submit(drawer);
    expect(await screen.findByText('令牌更新成功！')).toBeTruthy();
    const put = server.calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/token/');
    expect(put.body).toMatchObject({
      id: 7,
      name: 'renamed',
      expired_time: 4_102_444_800,
      remain_quota: 500000,
    });
    expect(put.body).not.toHaveProperty('count');
  });
});
