import { Toast } from '@douyinfe/semi-ui-19';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../test/fake-server';
import { ADMIN, renderApp } from '../../test/render-app';
import { pickOption } from '../Token/pick-option';
import { BOB, ODD, userServer } from './user-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  Toast.destroyAll();
});

async function rowOf(username: string) {
  const cell = await screen.findByText(username);
  return within(cell.closest('tr') as HTMLElement);
}

describe('user list', () => {
  it('shows group, stats, invitations, role and status of each user', async () => {
    renderApp('/user', userServer(), { user: ADMIN });
    const alice = await rowOf('alice');
    expect(alice.getByText('Alice A')).toBeTruthy();
    expect(alice.getByText('剩余额度：$1.00')).toBeTruthy();
    expect(alice.getByText('已用额度：$0.50')).toBeTruthy();
    expect(alice.getByText('调用次数：42')).toBeTruthy();
    expect(alice.getByText('邀请人数：2')).toBeTruthy();
    expect(alice.getByText('邀请总收益：$2.00')).toBeTruthy();
    expect(alice.getByText('邀请人 ID：无')).toBeTruthy();
    expect(alice.getByText('普通用户')).toBeTruthy();
    expect(alice.getByText('已激活')).toBeTruthy();
    const bob = await rowOf('bob');
    expect(bob.getByText('邀请人 ID：3')).toBeTruthy();
    expect(bob.getByText('管理员')).toBeTruthy();
    expect(bob.getByText('已封禁')).toBeTruthy();
    expect(bob.getByRole('button', { name: '启用' })).toBeTruthy();
    expect(bob.queryByRole('button', { name: '禁用' })).toBeNull();
  });

  it('colours vip groups yellow and svip groups red', async () => {
    renderApp('/user', userServer(), { user: ADMIN });
    expect((await rowOf('bob')).getByText('vip').closest('.semi-tag')?.className).toContain('yellow');
    expect((await rowOf('gone')).getByText('svip').closest('.semi-tag')?.className).toContain('red');
  });

  it('tags a deregistered user red and offers no actions', async () => {
    renderApp('/user', userServer(), { user: ADMIN });
    const gone = await rowOf('gone');
    expect(gone.getByText('已注销').closest('.semi-tag')?.className).toContain('red');
    expect(gone.queryAllByRole('button')).toHaveLength(0);
  });

  it('keeps enable disabled for status 3', async () => {
    renderApp('/user', userServer([ODD]), { user: ADMIN });
    const odd = await rowOf('odd');
    expect((odd.getByRole('button', { name: '启用' }) as HTMLButtonElement).disabled).toBe(true);
    expect(odd.getByText('未知状态')).toBeTruthy();
  });

  it('searches by keyword and group from the first page', async () => {
    const server = userServer();
    server.reply('GET', '/api/user/search', ok({ items: [BOB], total: 1, page: 1, page_size: 10 }));
    renderApp('/user', server, { user: ADMIN });
    await rowOf('alice');
    expect(screen.getByLabelText('支持搜索用户的 ID、用户名、显示名称和邮箱地址')).toBeTruthy();
    await userEvent.click(screen.getByText('选择分组'));
    await pickOption('vip');
    await userEvent.type(screen.getByLabelText('支持搜索用户的 ID、用户名、显示名称和邮箱地址'), 'bo{Enter}');
    await waitFor(() => expect(screen.queryByText('alice')).toBeNull());
    const search = server.calls.find((c) => c.path.startsWith('/api/user/search'));
    expect(search?.path).toBe('/api/user/search?p=1&page_size=10&keyword=bo&group=vip');
  });

  it('asks for the page size chosen before', async () => {
    localStorage.setItem('users-page-size', '50');
    const server = userServer();
    renderApp('/user', server, { user: ADMIN });
    await rowOf('alice');
    expect(server.calls.find((c) => c.path.startsWith('/api/user/?'))?.path).toBe(
      '/api/user/?p=1&page_size=50',
    );
  });
});

describe('managing users from the list', () => {
  it('bans a user and shows the status the server answered', async () => {
    const server = userServer();
    server.reply('POST', '/api/user/manage', ok({ role: 1, status: 2 }));
    renderApp('/user', server, { user: ADMIN });
    await userEvent.click((await rowOf('alice')).getByRole('button', { name: '禁用' }));
    expect(await screen.findByText('操作成功完成！')).toBeTruthy();
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ id: 3, action: 'disable' });
    const alice = await rowOf('alice');
    await waitFor(() => expect(alice.getByText('已封禁')).toBeTruthy());
    expect(alice.getByRole('button', { name: '启用' })).toBeTruthy();
  });

  it('promotes and shows the new role', async () => {
    const server = userServer();
    server.reply('POST', '/api/user/manage', ok({ role: 10, status: 1 }));
    renderApp('/user', server, { user: ADMIN });
    await userEvent.click((await rowOf('alice')).getByRole('button', { name: '提升' }));
    await waitFor(async () => expect((await rowOf('alice')).getByText('管理员')).toBeTruthy());
  });

  it('shows the server refusal', async () => {
    const server = userServer();
    server.reply('POST', '/api/user/manage', fail(400, '用户不存在'));
    renderApp('/user', server, { user: ADMIN });
    await userEvent.click((await rowOf('alice')).getByRole('button', { name: '禁用' }));
    expect(await screen.findByText('错误：用户不存在')).toBeTruthy();
  });

  it('offers each admin only the actions the server accepts from them', async () => {
    renderApp('/user', userServer(), { user: { ...ADMIN, id: 7, role: 10 } });
    const alice = await rowOf('alice');
    expect(alice.queryByRole('button', { name: '提升' })).toBeNull();
    expect(alice.queryByRole('button', { name: '降级' })).toBeNull();
    expect(alice.getByRole('button', { name: '禁用' })).toBeTruthy();
    expect(alice.getByRole('button', { name: '编辑' })).toBeTruthy();
    // Another admin is a peer: nothing to click that could only be refused.
    expect((await rowOf('bob')).queryAllByRole('button')).toHaveLength(0);
  });

  it('deregisters only after confirmation, then tags the row', async () => {
    const server = userServer();
    server.reply('POST', '/api/user/manage', ok({ role: 1, status: 1 }));
    renderApp('/user', server, { user: ADMIN });
    await userEvent.click((await rowOf('alice')).getByRole('button', { name: '注销' }));
    expect(await screen.findByText('确定是否要注销此用户？')).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('操作成功完成！')).toBeTruthy();
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ id: 3, action: 'delete' });
    await waitFor(async () => expect((await rowOf('alice')).getByText('已注销')).toBeTruthy());
  });
});

describe('adding a user', () => {
  it('requires username and password, then creates the user', async () => {
    const server = userServer();
    server.reply('POST', '/api/user/', ok({ id: 9 }));
    renderApp('/user', server, { user: ADMIN });
    await userEvent.click(await screen.findByRole('button', { name: /添加用户/ }));
    const submit = await screen.findByRole('button', { name: '提交' });
    await userEvent.type(screen.getByLabelText('用户名'), 'carol');
    await userEvent.click(submit);
    expect(await screen.findByText('用户名和密码不能为空')).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(screen.getByLabelText('显示名称'), 'Carol');
    await userEvent.type(screen.getByLabelText('密码'), 'carol-pass-1');
    await userEvent.click(submit);
    expect(await screen.findByText('用户账户创建成功！')).toBeTruthy();
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({
      username: 'carol',
      password: 'carol-pass-1',
      display_name: 'Carol',
    });
  });
});

describe('user list in English', () => {
  it('words the list in English', async () => {
    renderApp('/user', userServer(), { user: ADMIN, language: 'en' });
    const alice = await rowOf('alice');
    expect(alice.getByText('Remaining: $1.00')).toBeTruthy();
    expect(alice.getByText('Inviter ID: None')).toBeTruthy();
    expect(alice.getByRole('button', { name: 'Deregister' })).toBeTruthy();
    expect((await rowOf('gone')).getByText('Deregistered')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Users' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Add user/ })).toBeTruthy();
  });
});
