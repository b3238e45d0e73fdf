import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok } from '../../test/fake-server';
import { ADMIN, MEMBER, renderApp } from '../../test/render-app';
import { visibleSettingTabs } from './SettingPage';

afterEach(() => vi.unstubAllGlobals());

const SUB_ADMIN = { ...ADMIN, id: 3, username: 'ops', role: 10 };

function optionServer() {
  const server = fakeServer();
  server.reply('GET', '/api/option/', ok([]));
  server.reply('GET', '/api/channel/models_enabled', ok([]));
  server.reply('GET', '/api/group/', ok(['default']));
  return server;
}

/** The page's own tabs (the operation tab holds tab lists of its own). */
const pageTabs = () => within(screen.getAllByRole('tablist')[0]);
const tabNames = () =>
  pageTabs()
    .getAllByRole('tab')
    .map((tab) => tab.textContent);

describe('settings page tabs', () => {
  it('gives admins the operation tabs and the super admin also system and other', () => {
    expect(visibleSettingTabs(1)).toEqual([]);
    expect(visibleSettingTabs(10)).toEqual(['operation', 'ratelimit', 'models']);
    expect(visibleSettingTabs(100)).toEqual(['operation', 'ratelimit', 'models', 'system', 'other']);
  });

  it('shows a role-10 admin only the tabs they may change, even when asked for a root tab', async () => {
    const { router } = renderApp('/setting?tab=system', optionServer(), { user: SUB_ADMIN });
    await screen.findByText('运营设置');
    expect(tabNames()).toEqual(['运营设置', '速率限制设置', '模型相关设置']);
    expect(pageTabs().getByRole('tab', { name: '运营设置' }).getAttribute('aria-selected')).toBe('true');
    expect(router.state.location.search).toBe('?tab=system');
  });

  it('opens the tab named in ?tab= and switches the query when another tab is chosen', async () => {
    const { router } = renderApp('/setting?tab=other', optionServer(), { user: ADMIN });
    await screen.findByText('其他设置');
    expect(tabNames()).toEqual(['运营设置', '速率限制设置', '模型相关设置', '系统设置', '其他设置']);
    expect(pageTabs().getByRole('tab', { name: '其他设置' }).getAttribute('aria-selected')).toBe('true');
    await userEvent.click(pageTabs().getByRole('tab', { name: '速率限制设置' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=ratelimit'));
  });

  it('tells a normal user the page is for administrators and asks the server nothing', async () => {
    const server = optionServer();
    renderApp('/setting', server, { user: MEMBER });
    expect(await screen.findByText('只有管理员可以查看系统设置')).toBeTruthy();
    expect(server.calls.some((c) => c.path.startsWith('/api/option'))).toBe(false);
  });

  it('names the tabs in English', async () => {
    renderApp('/setting', optionServer(), { user: ADMIN, language: 'en' });
    await screen.findByText('Operation');
    expect(tabNames()).toEqual(['Operation', 'Rate limits', 'Models', 'System', 'Other']);
  });
});
