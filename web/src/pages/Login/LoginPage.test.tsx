import { screen, waitFor } from '@testing-library/react';
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

  it('leads a third-party button to its callback page', async () => {
    const { router } = renderApp('/login', fakeServer(), { status: { oidc_enabled: true } });
    await userEvent.click(await screen.findByText('使用 OIDC 继续'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/oauth/oidc'));
  });

  it('says WeChat sign-in comes later', async () => {
    renderApp('/login', fakeServer(), { status: { wechat_login: true } });
    await userEvent.click(await screen.findByText('使用微信继续'));
    expect(await screen.findByText('此功能将在后续版本中提供')).toBeTruthy();
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
