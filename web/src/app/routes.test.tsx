import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeServer, ok } from '../test/fake-server';
import { MEMBER, renderApp, statusWith } from '../test/render-app';

afterEach(() => vi.unstubAllGlobals());

const SETUP_PENDING = { status: false, root_init: false, database_type: 'sqlite' };

describe('setup redirects', () => {
  it.each(['/', '/token', '/login', '/no-such-page'])(
    'sends %s to /setup while setup is not done',
    async (path) => {
      const server = fakeServer();
      server.reply('GET', '/api/setup', ok(SETUP_PENDING));
      const { router } = renderApp(path, server, { status: { setup: false } });
      await waitFor(() => expect(router.state.location.pathname).toBe('/setup'));
      expect(await screen.findByText('系统初始化')).toBeTruthy();
    },
  );

  it('sends /setup home once setup is done', async () => {
    const server = fakeServer();
    const { router } = renderApp('/setup', server);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('欢迎使用 Test Gateway')).toBeTruthy();
  });
});

describe('login guard', () => {
  it('sends a guest from a console page to /login', async () => {
    const server = fakeServer();
    const { router } = renderApp('/token', server);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('leaves public pages open to guests', async () => {
    const server = fakeServer();
    server.reply('GET', '/api/pricing', {
      body: { success: true, message: '', data: [], group_ratio: { default: 1 }, usable_group: {} },
    });
    const { router } = renderApp('/pricing', server);
    expect(await screen.findByRole('heading', { name: '模型定价' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pricing');
  });
});

describe('not-found page', () => {
  it('says the page does not exist and asks to check the address', async () => {
    const server = fakeServer();
    renderApp('/definitely/not/here', server, { user: MEMBER });
    expect(await screen.findByText('页面不存在')).toBeTruthy();
    expect(screen.getByText('请检查您的浏览器地址是否正确')).toBeTruthy();
  });
});

describe('status gate', () => {
  it('tells the visitor when the server cannot be reached and nothing is stored', async () => {
    const server = fakeServer();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderApp('/', server);
    await waitFor(() => expect(screen.getAllByText('无法连接到服务器').length).toBeGreaterThan(0), {
      timeout: 3000,
    });
  });

  it('retries the status on request and continues once the server answers', async () => {
    const server = fakeServer();
    renderApp('/', server, { statusReply: fail(503, 'maintenance') });
    const retry = await screen.findByRole('button', { name: '重试' }, { timeout: 3000 });
    server.reply('GET', '/api/status', ok(statusWith()));
    await userEvent.click(retry);
    expect(await screen.findByText('欢迎使用 Test Gateway')).toBeTruthy();
  });

  it('says the status failed to load when the server answers an error', async () => {
    const server = fakeServer();
    renderApp('/', server, { statusReply: fail(503, 'maintenance') });
    await waitFor(() => expect(screen.getAllByText('加载状态失败').length).toBeGreaterThan(0), {
      timeout: 3000,
    });
  });

  it('keeps working from the stored status when the server cannot answer', async () => {
    const server = fakeServer();
    localStorage.setItem('status', JSON.stringify({ setup: true, system_name: 'Cached Site' }));
    renderApp('/', server, { statusReply: fail(503, 'maintenance') });
    expect(await screen.findByText('欢迎使用 Cached Site', {}, { timeout: 3000 })).toBeTruthy();
  });
});
