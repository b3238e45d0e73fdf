import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeServer, ok } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

const USER = { id: 7, username: 'github_7', display_name: 'Octo', role: 1, status: 1, group: 'default' };
const MEMBER = { id: 3, username: 'alice', display_name: 'Alice', role: 1, status: 1, group: 'default' };

describe('OAuth callback page', () => {
  it('hands the code and state to the server once, stores the user and goes to /token', async () => {
    const server = fakeServer();
    server.reply('GET', '/api/oauth/github', ok(USER));
    const { router } = renderApp('/oauth/github?code=c1&state=s1', server);
    await waitFor(() => expect(router.state.location.pathname).toBe('/token'));
    const calls = server.calls.filter((c) => c.path.startsWith('/api/oauth/github'));
    expect(calls.map((c) => c.path)).toEqual(['/api/oauth/github?code=c1&state=s1']);
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ id: 7, username: 'github_7' });
  });

  it('goes to the personal page after a binding', async () => {
    const server = fakeServer();
    server.reply('GET', '/api/oauth/oidc', ok(null, 'bind'));
    const { router } = renderApp('/oauth/oidc?code=c2&state=s2', server, { user: MEMBER });
    await waitFor(() => expect(router.state.location.pathname).toBe('/personal'));
    expect(await screen.findByText('绑定成功！')).toBeTruthy();
  });

  it('shows the failure, then returns to the login page', async () => {
    const server = fakeServer();
    server.reply('GET', '/api/oauth/linuxdo', fail(403, 'state is empty or not same'));
    const { router } = renderApp('/oauth/linuxdo?code=c3&state=bad', server);
    expect(await screen.findByText('操作失败，重定向至登录界面中...')).toBeTruthy();
    expect(await screen.findByText('错误：state is empty or not same')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 4000 });
    expect(localStorage.getItem('user')).toBeNull();
  });
});
