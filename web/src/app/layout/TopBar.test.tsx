import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok } from '../../test/fake-server';
import { ADMIN, renderApp } from '../../test/render-app';

const topBar = async () => within(await screen.findByRole('banner'));

function pretendMobile() {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    ...original(query),
    matches: true,
  })) as typeof window.matchMedia;
  return () => (window.matchMedia = original);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.body.removeAttribute('theme-mode');
});

describe('top bar', () => {
  it('shows the links, and login and register to guests', async () => {
    renderApp('/about', fakeServer(), {});
    const bar = await topBar();
    await bar.findByText('Test Gateway');
    expect(document.title).toBe('Test Gateway');
    for (const text of ['首页', '控制台', '定价', '关于', '登录', '注册'])
      expect(bar.getByText(text)).toBeTruthy();
    expect(bar.queryByText('文档')).toBeNull();
  });

  it('links docs externally only when a docs link is configured', async () => {
    renderApp('/about', fakeServer(), { status: { docs_link: 'https://docs.example' } });
    const docs = await (await topBar()).findByText('文档');
    expect(docs.closest('a')?.getAttribute('href')).toBe('https://docs.example');
    expect(docs.closest('a')?.getAttribute('target')).toBe('_blank');
  });

  it('points the console link at the dashboard only when data export is on', async () => {
    renderApp('/about', fakeServer(), { status: { enable_data_export: true } });
    expect((await (await topBar()).findByText('控制台')).closest('a')?.getAttribute('href')).toBe('/detail');
  });

  it('points the console link at the tokens otherwise', async () => {
    renderApp('/about', fakeServer());
    expect((await (await topBar()).findByText('控制台')).closest('a')?.getAttribute('href')).toBe('/token');
  });

  it('hides register and shows a badge in self-use mode', async () => {
    renderApp('/about', fakeServer(), { status: { self_use_mode_enabled: true } });
    expect(await (await topBar()).findByText('自用模式')).toBeTruthy();
    expect((await topBar()).queryByText('注册')).toBeNull();
  });

  it('shows the demo badge on a demo site', async () => {
    renderApp('/about', fakeServer(), { status: { demo_site_enabled: true } });
    expect(await (await topBar()).findByText('演示站点')).toBeTruthy();
  });

  it('hides register on mobile', async () => {
    const restore = pretendMobile();
    try {
      renderApp('/about', fakeServer());
      expect(await (await topBar()).findByText('登录')).toBeTruthy();
      expect((await topBar()).queryByText('注册')).toBeNull();
    } finally {
      restore();
    }
  });

  it('greets with confetti on 1 January only', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2027, 0, 1, 9, 0));
    renderApp('/about', fakeServer());
    await userEvent.click(await (await topBar()).findByText('新年快乐', { exact: false }));
    expect(screen.getByTestId('confetti').children.length).toBeGreaterThan(10);
  });

  it('has no greeting on other days', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2027, 0, 2, 9, 0));
    renderApp('/about', fakeServer());
    await (await topBar()).findByText('首页');
    expect((await topBar()).queryByText('新年快乐', { exact: false })).toBeNull();
  });

  it('switches the theme and remembers it under theme-mode', async () => {
    renderApp('/about', fakeServer());
    await userEvent.click(await screen.findByRole('button', { name: '切换到深色模式' }));
    expect(localStorage.getItem('theme-mode')).toBe('dark');
    expect(document.body.getAttribute('theme-mode')).toBe('dark');
    await userEvent.click(screen.getByRole('button', { name: '切换到浅色模式' }));
    expect(localStorage.getItem('theme-mode')).toBe('light');
    expect(document.body.hasAttribute('theme-mode')).toBe(false);
  });

  it('switches the language and remembers it under i18nextLng', async () => {
    renderApp('/about', fakeServer());
    await userEvent.click(await screen.findByRole('button', { name: '语言' }));
    await userEvent.click(await screen.findByText('English'));
    expect(await (await topBar()).findByText('Home')).toBeTruthy();
    expect(localStorage.getItem('i18nextLng')).toBe('en');
    await userEvent.click(screen.getByRole('button', { name: 'Language' }));
    await userEvent.click(await screen.findByText('中文'));
    expect(await (await topBar()).findByText('首页')).toBeTruthy();
    expect(localStorage.getItem('i18nextLng')).toBe('zh');
  });

  it('signs out from the user menu', async () => {
    const server = fakeServer();
    server.reply('GET', '/api/user/logout', ok());
    const { router } = renderApp('/token', server, { user: ADMIN });
    await userEvent.click(await screen.findByTestId('user-menu'));
    await userEvent.click(await screen.findByText('退出'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('user')).toBeNull();
    expect(server.calls.some((c) => c.path === '/api/user/logout')).toBe(true);
  });
});
