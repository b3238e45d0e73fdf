import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserSettingView, UserView } from '@gateway/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeServer, ok, type FakeServer } from '../../test/fake-server';
import { MEMBER, renderApp } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

const USER: UserView = {
  id: 2,
  username: 'alice',
  display_name: 'Alice',
  role: 1,
  status: 1,
  email: 'alice@example.com',
  github_id: '',
  oidc_id: '',
  wechat_id: '',
  telegram_id: '',
  linux_do_id: '',
  quota: 1_000_000,
  used_quota: 0,
  request_count: 0,
  group: 'default',
  aff_code: 'AFF1',
  aff_count: 2,
  aff_quota: 1_500_000,
  aff_history_quota: 1_500_000,
  inviter_id: 0,
  setting: '',
  DeletedAt: null,
};

const SAVED: UserSettingView = {
  notify_type: 'email',
  quota_warning_threshold: null,
  webhook_url: '',
  webhook_secret_set: false,
  notification_email: '',
  accept_unset_model_ratio_model: false,
};

function server(models: string[] = [], setting: UserSettingView = SAVED): FakeServer {
  const s = fakeServer();
  s.reply('GET', '/api/user/self', ok(USER));
  s.reply('GET', '/api/user/aff', ok('AFF1'));
  s.reply('GET', '/api/user/models', ok(models));
  s.reply('GET', '/api/user/setting', ok(setting));
  return s;
}

const lastCall = (s: FakeServer, method: string, path: string) =>
  s.calls.filter((c) => c.method === method && c.path === path).at(-1);

describe('available models', () => {
  it('shows ten models, then all of them on expand', async () => {
    const models = Array.from({ length: 13 }, (_, i) => `model-${i + 1}`);
    renderApp('/personal', server(models), { user: MEMBER });
    const card = await screen.findByTestId('available-models');
    await within(card).findByText('model-10');
    expect(within(card).queryByText('model-11')).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: '展开更多 (3)' }));
    expect(within(card).getByText('model-13')).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: '收起' }));
    expect(within(card).queryByText('model-13')).toBeNull();
  });

  it('says when there is none', async () => {
    renderApp('/personal', server([]), { user: MEMBER });
    expect(await screen.findByText('暂无可用模型')).toBeTruthy();
  });
});

describe('invite earnings transfer', () => {
  it('refuses less than one unit, then transfers the amount typed', async () => {
    const s = server();
    s.reply('POST', '/api/user/aff_transfer', ok(null, '划转成功'));
    renderApp('/personal', s, { user: MEMBER });
    await userEvent.click(await screen.findByRole('button', { name: /划转到余额/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('可用邀请额度：$3.00')).toBeTruthy();
    const amount = within(dialog).getByLabelText('划转额度');
    await userEvent.clear(amount);
    await userEvent.type(amount, '400000');
    await userEvent.click(within(dialog).getByText('确定'));
    expect(await within(dialog).findByText('划转金额最低为 $1.00')).toBeTruthy();
    expect(lastCall(s, 'POST', '/api/user/aff_transfer')).toBeUndefined();

    await userEvent.clear(amount);
    await userEvent.type(amount, '1000000');
    await userEvent.click(within(dialog).getByText('确定'));
    expect((await screen.findAllByText('划转成功')).length).toBeGreaterThan(0);
    expect(lastCall(s, 'POST', '/api/user/aff_transfer')?.body).toEqual({ quota: 1_000_000 });
  });

  it('shows the server refusal', async () => {
    const s = server();
    s.reply('POST', '/api/user/aff_transfer', fail(400, '划转失败 邀请额度不足！'));
    renderApp('/personal', s, { user: MEMBER });
    await userEvent.click(await screen.findByRole('button', { name: /划转到余额/ }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByText('确定'));
    expect((await screen.findAllByText(/划转失败 邀请额度不足！/)).length).toBeGreaterThan(0);
  });
});

describe('notification and pricing settings', () => {
  it('starts from the form default and saves an email warning', async () => {
    const s = server();
    s.reply('PUT', '/api/user/setting', ok(null, '设置已更新'));
    renderApp('/personal', s, { user: MEMBER });
    const card = await screen.findByTestId('notification-settings');
    const threshold = within(card).getByLabelText('额度预警阈值') as HTMLInputElement;
    await waitFor(() => expect(threshold.value).toBe('100000'));
    await userEvent.click(within(card).getByRole('button', { name: '500000 ($1.00)' }));
    await userEvent.type(within(card).getByLabelText('通知邮箱'), 'alerts@example.com');
    await userEvent.click(within(card).getByRole('button', { name: '保存设置' }));
    expect((await screen.findAllByText('通知设置已更新')).length).toBeGreaterThan(0);
    expect(lastCall(s, 'PUT', '/api/user/setting')?.body).toEqual({
      notify_type: 'email',
      quota_warning_threshold: 500000,
      notification_email: 'alerts@example.com',
      webhook_url: '',
      webhook_secret: '',
      accept_unset_model_ratio_model: false,
    });
  });

  it('requires an https webhook and keeps a stored secret unless a new one is typed', async () => {
    const s = server([], {
      ...SAVED,
      notify_type: 'webhook',
      quota_warning_threshold: 1_000_000,
      webhook_url: 'http://hooks.example.com/q',
      webhook_secret_set: true,
    });
    s.reply('PUT', '/api/user/setting', ok(null, '设置已更新'));
    renderApp('/personal', s, { user: MEMBER });
    const card = await screen.findByTestId('notification-settings');
    const url = (await within(card).findByLabelText('Webhook地址')) as HTMLInputElement;
    await waitFor(() => expect(url.value).toBe('http://hooks.example.com/q'));
    expect(within(card).getByPlaceholderText('已设置，留空则保持不变')).toBeTruthy();
    expect(within(card).getByText(/X-Webhook-Signature/, { selector: 'pre' })).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: '保存设置' }));
    expect(await within(card).findByText('Webhook地址必须以 https:// 开头')).toBeTruthy();
    expect(lastCall(s, 'PUT', '/api/user/setting')).toBeUndefined();

    await userEvent.clear(url);
    await userEvent.type(url, 'https://hooks.example.com/q');
    await userEvent.click(within(card).getByRole('button', { name: '保存设置' }));
    await waitFor(() => expect(lastCall(s, 'PUT', '/api/user/setting')).toBeDefined(), { timeout: 3000 });
    expect(lastCall(s, 'PUT', '/api/user/setting')?.body).toMatchObject({
      notify_type: 'webhook',
      quota_warning_threshold: 1_000_000,
      webhook_url: 'https://hooks.example.com/q',
      webhook_secret: '',
    });
  });

  it('accepts unpriced models from the pricing tab', async () => {
    const s = server();
    s.reply('PUT', '/api/user/setting', ok(null, '设置已更新'));
    renderApp('/personal', s, { user: MEMBER });
    const card = await screen.findByTestId('notification-settings');
    await userEvent.click(within(card).getByRole('tab', { name: '价格设置' }));
    await userEvent.click(await within(card).findByText('接受未设置价格模型'));
    await userEvent.click(within(card).getByRole('button', { name: '保存设置' }));
    await waitFor(() => expect(lastCall(s, 'PUT', '/api/user/setting')).toBeDefined(), { timeout: 3000 });
    expect(lastCall(s, 'PUT', '/api/user/setting')?.body).toMatchObject({
      accept_unset_model_ratio_model: true,
    });
  });

  it('speaks English', async () => {
    renderApp('/personal', server(['gpt-4o']), { user: MEMBER, language: 'en' });
    const card = await screen.findByTestId('notification-settings');
    expect(within(card).getByRole('tab', { name: 'Notifications' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Save settings' })).toBeTruthy();
    expect(screen.getByText('Available models')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Transfer to balance/ })).toBeTruthy();
  });
});
