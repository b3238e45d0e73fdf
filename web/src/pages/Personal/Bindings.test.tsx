import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

const MEMBER = { id: 3, username: 'alice', display_name: 'Alice', role: 1, status: 1, group: 'default' };
const SELF = {
  ...MEMBER,
  email: '',
  github_id: 'alice-gh',
  oidc_id: '',
  wechat_id: '',
  telegram_id: '',
  linux_do_id: '',
  quota: 0,
  used_quota: 0,
  request_count: 0,
  aff_code: 'AB12',
  aff_count: 0,
  aff_quota: 0,
  aff_history_quota: 0,
  inviter_id: 0,
  setting: '',
  DeletedAt: null,
};

/** The open dialog that shows this text. */
const modalOf = (text: string) => screen.getByText(text).closest('.semi-modal') as HTMLElement;

function serverWithSelf(self = SELF) {
  const server = fakeServer();
  server.reply('GET', '/api/user/self', ok(self));
  server.reply('GET', '/api/user/aff', ok('AB12'));
  return server;
}

describe('account bindings', () => {
  it('shows each identity’s state and offers binding only for enabled methods', async () => {
    renderApp('/personal', serverWithSelf(), {
      user: MEMBER,
      status: { github_oauth: true, oidc_enabled: true, wechat_login: false },
    });
    const card = await screen.findByTestId('bindings');
    expect(within(card).getByText('alice-gh')).toBeTruthy();
    expect(within(card).queryByText('绑定 GitHub 账号')).toBeNull();
    expect(within(card).getByText('绑定 OIDC 账号')).toBeTruthy();
    expect(within(card).queryByText('绑定微信账号')).toBeNull();
    expect(within(card).queryByText('绑定 LinuxDO 账号')).toBeNull();
    expect(within(card).getAllByText('未绑定').length).toBe(5);
  });

  // Typing into two fields of a dialog is slow on a loaded machine.
  it('binds an email address with the mailed code', { timeout: 20_000 }, async () => {
    const server = serverWithSelf();
    server.reply('GET', '/api/verification', ok());
    server.reply('GET', '/api/oauth/email/bind', ok());
    renderApp('/personal', server, { user: MEMBER });
    await userEvent.click(within(await screen.findByTestId('bindings')).getByText('绑定邮箱地址'));
    await userEvent.type(await screen.findByLabelText('邮箱'), 'alice@example.com');
    await userEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('验证码发送成功，请检查邮箱！')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('验证码'), 'abc123');
    const dialog = screen.getByLabelText('邮箱').closest('.semi-modal') as HTMLElement;
    await userEvent.click(within(dialog).getByText('绑定'));
    expect(await screen.findByText('邮箱账户绑定成功！')).toBeTruthy();
    await waitFor(() =>
      expect(
        server.calls.some((c) => c.path === '/api/oauth/email/bind?email=alice%40example.com&code=abc123'),
      ).toBe(true),
    );
  });

  it('binds WeChat with the code from the official account', async () => {
    const server = serverWithSelf();
    server.reply('GET', '/api/oauth/wechat/bind', ok());
    renderApp('/personal', server, { user: MEMBER, status: { wechat_login: true } });
    await userEvent.click(within(await screen.findByTestId('bindings')).getByText('绑定微信账号'));
    await userEvent.type(await screen.findByLabelText('验证码'), '654321');
    await userEvent.click(within(modalOf('微信登录')).getByText('绑定'));
    expect(await screen.findByText('微信账户绑定成功！')).toBeTruthy();
  });

  it('speaks English too', async () => {
    renderApp('/personal', serverWithSelf(), {
      user: MEMBER,
      language: 'en',
      status: { linuxdo_oauth: true },
    });
    const card = await screen.findByTestId('bindings');
    expect(within(card).getByText('Account bindings')).toBeTruthy();
    expect(within(card).getByText('Bind LinuxDO account')).toBeTruthy();
  });
});
