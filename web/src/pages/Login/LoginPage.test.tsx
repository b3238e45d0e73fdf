import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeServer, ok } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

const ROOT_USER = { id: 1, username: 'root', display_name: 'Root', role: 100, status: 1, group: 'default' };

async function signIn(username: string, password: string) {
  await userEvent.type(await screen.findByLabelText('用户名/邮箱'), username);
  await userEvent.type(screen.getByLabelText('密码'), password);
  await userEvent.click(screen.getByRole('main').querySelector('button[type="submit"]') as HTMLElement);
}

describe('login page', () => {
  it('explains an expired session', async () => {
    renderApp('/login?expired=true', fakeServer());
    expect(await screen.findByText('未登录或登录已过期，请重新登录！')).toBeTruthy();
  });

  it('has no expiry notice on a plain visit', async () => {
    renderApp('/login', fakeServer());
    await screen.findByLabelText('用户名/邮箱');
    expect(screen.queryByText('未登录或登录已过期，请重新登录！')).toBeNull();
  });

  it('asks for username and password', async () => {
    const server = fakeServer();
    renderApp('/login', server);
    await userEvent.click(
      (await screen.findByRole('main')).querySelector('button[type="submit"]') as HTMLElement,
    );
    expect((await screen.findAllByText('请输入用户名和密码！')).length).toBeGreaterThan(0);
    expect(server.calls.some((c) => c.path === '/api/user/login')).toBe(false);
  });

  it('stores the user and lands on /token', async () => {
    const server = fakeServer();
    server.reply('POST', '/api/user/login', ok({ ...ROOT_USER, username: 'alice', role: 1, id: 5 }));
    const { router } = renderApp('/login', server);
    await signIn('alice', 'alice-pass-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/token'));
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ id: 5, username: 'alice' });
    expect(await screen.findByText('登录成功！')).toBeTruthy();
    expect(screen.queryByText('您正在使用默认密码！')).toBeNull();
  });

  it('tells the root user with the default password to change it now', async () => {
    const server = fakeServer();
    server.reply('POST', '/api/user/login', ok(ROOT_USER));
    renderApp('/login', server);
    await signIn('root', '123456');
    expect(await screen.findByText('您正在使用默认密码！')).toBeTruthy();
    expect(screen.getByText('请立刻修改默认密码！')).toBeTruthy();
  });

  it('shows wrong credentials as an error instead of an expired session', async () => {
    const server = fakeServer();
    server.reply('POST', '/api/user/login', fail(401, '用户名或密码错误，或用户已被封禁'));
    const { router } = renderApp('/login', server);
    await signIn('alice', 'wrong-pass-1');
    expect(await screen.findByText('错误：用户名或密码错误，或用户已被封禁')).toBeTruthy();
    expect(router.state.location.search).toBe('');
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('offers third-party sign-in only where the site enabled it', async () => {
    renderApp('/login', fakeServer(), { status: { github_oauth: true } });
    expect(await screen.findByText('使用 GitHub 继续')).toBeTruthy();
    expect(screen.queryByText('使用 OIDC 继续')).toBeNull();
  });

  it('takes a state carrying the invite code before leaving for the provider', async () => {
    localStorage.setItem('aff', 'INV9');
    const server = fakeServer();
    server.reply('GET', '/api/oauth/state', ok('state-1'));
    renderApp('/login', server, {
      status: {
        oidc_enabled: true,
        oidc_authorization_endpoint: 'http://idp.test/auth',
        oidc_client_id: 'c',
      },
    });
    await userEvent.click(await screen.findByText('使用 OIDC 继续'));
    await waitFor(() => expect(server.calls.some((c) => c.path === '/api/oauth/state?aff=INV9')).toBe(true));
  });

  it('signs in with a WeChat code from the QR dialog and lands on the home page', async () => {
    const server = fakeServer();
    server.reply('GET', '/api/oauth/wechat', ok({ ...ROOT_USER, id: 8, username: 'wechat_8', role: 1 }));
    const { router } = renderApp('/login', server, {
      status: { wechat_login: true, wechat_qrcode: '/qr.png' },
    });
    await userEvent.click(await screen.findByText('使用微信继续'));
    expect(
      await screen.findByText('微信扫码关注公众号，输入「验证码」获取验证码（三分钟内有效）'),
    ).toBeTruthy();
    await userEvent.type(screen.getByLabelText('验证码'), '123456');
    const dialog = screen.getByText('微信登录').closest('.semi-modal') as HTMLElement;
    await userEvent.click(within(dialog).getByText('登录'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(server.calls.some((c) => c.path === '/api/oauth/wechat?code=123456')).toBe(true);
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ id: 8, username: 'wechat_8' });
  });

  it('has no third-party area when none is enabled', async () => {
    renderApp('/login', fakeServer());
    await screen.findByLabelText('用户名/邮箱');
    expect(screen.queryByTestId('third-party-login')).toBeNull();
  });

  it('links to register and reset', async () => {
    renderApp('/login', fakeServer());
    expect((await screen.findByText('点击重置')).closest('a')?.getAttribute('href')).toBe('/reset');
    expect(screen.getByRole('main').querySelector('a[href="/register"]')).not.toBeNull();
  });

  it('keeps an invite code from ?aff=', async () => {
    renderApp('/login?aff=INV1', fakeServer());
    await screen.findByLabelText('用户名/邮箱');
    expect(localStorage.getItem('aff')).toBe('INV1');
  });
});
