import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeServer, ok, type FakeServer } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';
import { reloadPage } from './reload-page';

vi.mock('./reload-page', () => ({ reloadPage: vi.fn() }));

let server: FakeServer;

beforeEach(() => {
  server = fakeServer();
  server.reply('GET', '/api/setup', ok({ status: false, root_init: false, database_type: 'sqlite' }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(reloadPage).mockClear();
});

const openSetup = () => renderApp('/setup', server, { status: { setup: false } });
const submit = async () => userEvent.click(await screen.findByRole('button', { name: '初始化系统' }));

async function fillAdmin(username: string, password: string, confirm = password) {
  if (username) await userEvent.type(await screen.findByLabelText('用户名'), username);
  if (password) await userEvent.type(screen.getByLabelText('密码'), password);
  if (confirm) await userEvent.type(screen.getByLabelText('确认密码'), confirm);
}

describe('setup wizard', () => {
  it('warns about the embedded database', async () => {
    openSetup();
    expect(await screen.findByText('数据库警告')).toBeTruthy();
  });

  it('does not warn on a server database', async () => {
    server.reply('GET', '/api/setup', ok({ status: false, root_init: false, database_type: 'postgres' }));
    openSetup();
    await screen.findByLabelText('用户名');
    expect(screen.queryByText('数据库警告')).toBeNull();
  });

  it('asks for the admin username', async () => {
    openSetup();
    await submit();
    expect(await screen.findByText('请输入管理员用户名')).toBeTruthy();
  });

  it('asks for a password of at least 8 characters', async () => {
    openSetup();
    await fillAdmin('root', 'short');
    await submit();
    expect(await screen.findByText('密码长度至少为8个字符')).toBeTruthy();
  });

  it('asks for matching passwords', async () => {
    openSetup();
    await fillAdmin('root', 'long-enough-1', 'long-enough-2');
    await submit();
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('explains the three usage modes in the help dialog', async () => {
    openSetup();
    await userEvent.click(await screen.findByRole('button', { name: '使用模式说明' }));
    expect(await screen.findByText(/适用于为多个用户提供服务的场景/)).toBeTruthy();
    expect(screen.getByText(/适用于个人使用的场景/)).toBeTruthy();
    expect(screen.getByText(/演示站点没有真实的服务端/)).toBeTruthy();
  });

  it('sends the usage mode as the two flags and reloads 1.5 s after success', async () => {
    server.reply('POST', '/api/setup', ok(null, '系统初始化成功'));
    openSetup();
    await fillAdmin('root', 'long-enough-1');
    await userEvent.click(screen.getByText('自用模式'));
    await submit();
    expect(await screen.findByText('系统初始化成功')).toBeTruthy();
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({
      username: 'root',
      password: 'long-enough-1',
      confirmPassword: 'long-enough-1',
      SelfUseModeEnabled: true,
      DemoSiteEnabled: false,
    });
    expect(reloadPage).not.toHaveBeenCalled();
    await waitFor(() => expect(reloadPage).toHaveBeenCalledOnce(), { timeout: 3000 });
  });

  it('shows the server message when setup is refused', async () => {
    server.reply('POST', '/api/setup', fail(400, '系统已经初始化完成'));
    openSetup();
    await fillAdmin('root', 'long-enough-1');
    await submit();
    expect(await screen.findByText('系统已经初始化完成')).toBeTruthy();
  });

  it('falls back to a retry message when the server gives none', async () => {
    server.reply('POST', '/api/setup', { status: 400, body: { success: false, message: '' } });
    openSetup();
    await fillAdmin('root', 'long-enough-1');
    await submit();
    expect(await screen.findByText('初始化失败，请重试')).toBeTruthy();
  });

  it('reports a network failure as a failed system initialization', async () => {
    server.reply('POST', '/api/setup', () => {
      throw new TypeError('Failed to fetch');
    });
    openSetup();
    await fillAdmin('root', 'long-enough-1');
    await submit();
    expect(await screen.findByText('系统初始化失败，请重试')).toBeTruthy();
  });

  it('says so when the setup status cannot be read', async () => {
    server.reply('GET', '/api/setup', fail(500, 'x'));
    openSetup();
    expect(await screen.findByText('获取初始化状态失败')).toBeTruthy();
  });

  it('skips the admin fields when an admin already exists', async () => {
    server.reply('GET', '/api/setup', ok({ status: false, root_init: true, database_type: 'mysql' }));
    server.reply('POST', '/api/setup', ok(null, '系统初始化成功'));
    openSetup();
    expect(await screen.findByText('管理员账号已经初始化过，请继续设置其他参数')).toBeTruthy();
    expect(screen.queryByLabelText('用户名')).toBeNull();
    await submit();
    await waitFor(() => expect(server.calls.some((c) => c.method === 'POST')).toBe(true));
  });
});
