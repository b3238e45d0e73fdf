import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserView } from '@gateway/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, type FakeServer } from '../../test/fake-server';
import { MEMBER, renderApp } from '../../test/render-app';
import { inviteLink } from './InviteCard';

afterEach(() => vi.unstubAllGlobals());

const self = (overrides: Partial<UserView> = {}): UserView => ({
  id: 2,
  username: 'alice',
  display_name: 'Alice',
  role: 1,
  status: 1,
  email: '',
  github_id: '',
  oidc_id: '',
  wechat_id: '',
  telegram_id: '',
  linux_do_id: '',
  quota: 100_000_000,
  used_quota: 250_000,
  request_count: 42,
  group: 'default',
  aff_code: 'AFF1',
  aff_count: 3,
  aff_quota: 500_000,
  aff_history_quota: 1_000_000,
  inviter_id: 0,
  setting: '',
  DeletedAt: null,
  ...overrides,
});

function personalServer(user = self()): FakeServer {
  const server = fakeServer();
  server.reply('GET', '/api/user/self', ok(user));
  server.reply('GET', '/api/user/aff', ok('AFF1'));
  server.reply('GET', '/api/user/models', ok([]));
  server.reply('GET', '/api/user/setting', ok(null));
  return server;
}

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', {
    value: { writeText: vi.fn(writeText) },
    configurable: true,
  });
  return navigator.clipboard.writeText as ReturnType<typeof vi.fn>;
}

describe('personal settings', () => {
  it('shows balance, usage and requests in currency', async () => {
    renderApp('/personal', personalServer(), {
      user: MEMBER,
      status: { server_address: 'https://gw.example' },
    });
    expect(await screen.findByText('$200.00')).toBeTruthy();
    expect(screen.getByText('$0.50')).toBeTruthy();
    expect(screen.getByText('42')).toBeTruthy();
  });

  it('abbreviates quotas when the site does not display currency', async () => {
    renderApp('/personal', personalServer(), { user: MEMBER, status: { display_in_currency: false } });
    expect(await screen.findByText('100.0M')).toBeTruthy();
  });

  it('tags a normal user (and an admin below super admin) as normal user', async () => {
    renderApp('/personal', personalServer(self({ role: 10 })), { user: MEMBER });
    expect((await screen.findByTestId('role-tag')).textContent).toBe('普通用户');
  });

  it('tags the super admin as admin', async () => {
    renderApp('/personal', personalServer(self({ role: 100 })), { user: MEMBER });
    expect((await screen.findByTestId('role-tag')).textContent).toBe('管理员');
  });

  it('builds the invite link on the address the console was opened at', async () => {
    // The server falls back to localhost when no ServerAddress is set; invitees could not open that.
    renderApp('/personal', personalServer(), {
      user: MEMBER,
      status: { server_address: 'http://localhost:3000' },
    });
    await waitFor(() =>
      expect((screen.getByLabelText('邀请链接') as HTMLInputElement).value).toBe(
        `${window.location.origin}/register?aff=AFF1`,
      ),
    );
  });

  it('generates an access token, shows it and copies it', async () => {
    const writeText = stubClipboard(async () => {});
    const server = personalServer();
    server.reply('GET', '/api/user/token', ok('tok-123'));
    renderApp('/personal', server, { user: MEMBER });
    await userEvent.click(await screen.findByRole('button', { name: /生成令牌/ }));
    expect(await screen.findByText('令牌已重置并已复制到剪贴板')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('tok-123');
    expect((screen.getByLabelText('系统访问令牌') as HTMLInputElement).value).toBe('tok-123');
  });

  it('asks to copy by hand when the clipboard refuses', async () => {
    stubClipboard(async () => {
      throw new Error('denied');
    });
    // jsdom has no execCommand; the selection fallback must fail too for the dialog to appear.
    Object.defineProperty(document, 'execCommand', { value: vi.fn(() => false), configurable: true });
    const server = personalServer();
    server.reply('GET', '/api/user/token', ok('tok-456'));
    renderApp('/personal', server, { user: MEMBER });
    await userEvent.click(await screen.findByRole('button', { name: /生成令牌/ }));
    expect(await screen.findByText('无法复制到剪贴板，请手动复制')).toBeTruthy();
    expect(screen.getAllByText('tok-456').length).toBeGreaterThan(0);
    Reflect.deleteProperty(document, 'execCommand');
  });

  it('refuses differing passwords in the change-password dialog', async () => {
    const server = personalServer();
    renderApp('/personal', server, { user: MEMBER });
    await userEvent.click(await screen.findByRole('button', { name: /修改密码/ }));
    await userEvent.type(await screen.findByLabelText('新密码'), 'new-pass-123');
    await userEvent.type(screen.getByLabelText('确认新密码'), 'new-pass-124');
    await userEvent.click(screen.getByText('提交'));
    expect(await screen.findByText('两次输入的密码不一致！')).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('changes the password with the current one', async () => {
    const server = personalServer();
    server.reply('PUT', '/api/user/self', ok());
    renderApp('/personal', server, { user: MEMBER });
    await userEvent.click(await screen.findByRole('button', { name: /修改密码/ }));
    await userEvent.type(await screen.findByLabelText('新密码'), 'new-pass-123');
    await userEvent.type(screen.getByLabelText('确认新密码'), 'new-pass-123');
    await userEvent.click(screen.getByText('提交'));
    expect(await screen.findByText('请输入原密码')).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.type(screen.getByLabelText('原密码'), 'old-pass-123');
    await userEvent.click(screen.getByText('提交'));
    expect(await screen.findByText('密码修改成功！')).toBeTruthy();
    expect(server.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      password: 'new-pass-123',
      original_password: 'old-pass-123',
    });
  });
});

describe('inviteLink', () => {
  it('encodes the code and ignores a trailing slash', () => {
    expect(inviteLink('https://gw.example/', 'A B')).toBe('https://gw.example/register?aff=A%20B');
  });
});
