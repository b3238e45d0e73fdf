import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fake-server';
import { ADMIN, MEMBER, renderApp } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

const sidebar = async () => within(await screen.findByRole('complementary', { name: 'sidebar' }));

describe('sidebar', () => {
  it('is absent for guests', async () => {
    renderApp('/about', fakeServer());
    await screen.findByText('首页');
    expect(screen.queryByRole('complementary', { name: 'sidebar' })).toBeNull();
  });

  it('shows the admin section to admins only', async () => {
    renderApp('/token', fakeServer(), { user: MEMBER });
    const bar = await sidebar();
    expect(bar.getByText('API令牌')).toBeTruthy();
    expect(bar.queryByText('管理员')).toBeNull();
    expect(bar.queryByText('渠道管理')).toBeNull();
  });

  it('lists channels, redemption codes, users and system settings for an admin', async () => {
    renderApp('/token', fakeServer(), { user: { ...ADMIN, role: 10 } });
    const bar = await sidebar();
    for (const text of ['管理员', '渠道管理', '兑换码管理', '用户管理', '系统设置'])
      expect(bar.getByText(text)).toBeTruthy();
  });

  it('follows the dashboard, drawing and task flags of the status', async () => {
    renderApp('/token', fakeServer(), {
      user: MEMBER,
      status: { enable_data_export: true, enable_drawing: false, enable_task: true },
    });
    const bar = await sidebar();
    expect(await bar.findByText('数据看板')).toBeTruthy();
    expect(bar.getByText('任务日志')).toBeTruthy();
    expect(bar.queryByText('绘图日志')).toBeNull();
  });

  it('opens the chat submenu built from the stored chats', async () => {
    renderApp('/token', fakeServer(), { user: MEMBER, status: { chats: [{ 'Lobe Chat': 'https://x' }] } });
    const bar = await sidebar();
    await userEvent.click(await bar.findByText('聊天', { selector: '.sidebar-link span' }));
    expect(bar.getByText('Lobe Chat').closest('a')?.getAttribute('href')).toBe('/chat/0');
  });

  it('remembers collapsing under default_collapse_sidebar', async () => {
    renderApp('/token', fakeServer(), { user: MEMBER });
    const bar = await sidebar();
    await userEvent.click(bar.getByText('收起侧边栏'));
    expect(localStorage.getItem('default_collapse_sidebar')).toBe('true');
    expect(bar.queryByText('使用日志')).toBeNull();
    expect(bar.getByRole('link', { name: '使用日志' })).toBeTruthy();
    await userEvent.click(bar.getByText('展开侧边栏'));
    expect(localStorage.getItem('default_collapse_sidebar')).toBe('false');
  });

  it('starts collapsed when the site default says so', async () => {
    renderApp('/token', fakeServer(), { user: MEMBER, status: { default_collapse_sidebar: true } });
    const bar = await sidebar();
    expect(await bar.findByText('展开侧边栏')).toBeTruthy();
  });
});
