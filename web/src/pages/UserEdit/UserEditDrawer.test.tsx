import { Toast } from '@douyinfe/semi-ui-19';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../test/fake-server';
import { ADMIN, MEMBER, renderApp } from '../../test/render-app';
import { pickOption } from '../Token/pick-option';
import { ALICE, userServer, userView } from '../User/user-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  Toast.destroyAll();
});

const BOUND = userView({ ...ALICE, github_id: 'alice-gh', email: 'alice@example.com', telegram_id: '777' });

function editServer() {
  const server = userServer([ALICE]);
  server.reply('GET', '/api/user/3', ok(BOUND));
  server.reply('PUT', '/api/user/', ok());
  return server;
}

const putBody = (server: ReturnType<typeof editServer>, path = '/api/user/') =>
  server.calls.find((c) => c.method === 'PUT' && c.path === path)?.body;

describe('edit-user drawer (admin)', () => {
  it('sends the edited fields, but not an untouched quota or an empty password', async () => {
    const server = editServer();
    renderApp('/user/edit/3', server, { user: ADMIN });
    const displayName = (await screen.findByLabelText('显示名称')) as HTMLInputElement;
    await waitFor(() => expect(displayName.value).toBe('Alice A'));
    await userEvent.clear(displayName);
    await userEvent.type(displayName, 'Alice B');
    await userEvent.click(screen.getByText('default'));
    await pickOption('vip');
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('用户信息更新成功！')).toBeTruthy();
    expect(putBody(server)).toEqual({ id: 3, username: 'alice', display_name: 'Alice B', group: 'vip' });
  });

  it('adds a negative amount of quota, showing old + delta = new', async () => {
    const server = editServer();
    renderApp('/user/edit/3', server, { user: ADMIN });
    await userEvent.click(await screen.findByRole('button', { name: '添加额度' }));
    const preview = await screen.findByTestId('quota-preview');
    expect(preview.textContent).toBe('新额度：$1.00 + $0.00 = $1.00');
    fireEvent.change(screen.getByLabelText('添加的额度'), { target: { value: '-200000' } });
    await waitFor(() => expect(preview.textContent).toBe('新额度：$1.00 + -$0.40 = $0.60'));
    // Semi's Modal labels its OK button "confirm" (aria-label) whatever its text says.
    await userEvent.click(screen.getByRole('button', { name: 'confirm' }));
    await waitFor(() => expect((screen.getByLabelText('剩余额度') as HTMLInputElement).value).toBe('300000'));
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('用户信息更新成功！')).toBeTruthy();
    expect(putBody(server)).toMatchObject({ id: 3, quota: 300_000 });
  });

  it('lists bound accounts read-only', async () => {
    renderApp('/user/edit/3', editServer(), { user: ADMIN });
    const github = (await screen.findByLabelText('已绑定的 GitHub 账户')) as HTMLInputElement;
    await waitFor(() => expect(github.value).toBe('alice-gh'));
    expect(github.disabled).toBe(true);
    expect((screen.getByLabelText('已绑定的邮箱账户') as HTMLInputElement).value).toBe('alice@example.com');
    expect((screen.getByLabelText('已绑定的 Telegram 账户') as HTMLInputElement).value).toBe('777');
    expect((screen.getByLabelText('已绑定的 LinuxDO 账户') as HTMLInputElement).disabled).toBe(true);
  });

  it('opens from the edit button of a row', async () => {
    const server = editServer();
    renderApp('/user', server, { user: ADMIN });
    await userEvent.click(await screen.findByRole('button', { name: '编辑' }));
    expect(await screen.findByText('编辑用户')).toBeTruthy();
    await waitFor(() => expect(server.calls.some((c) => c.path === '/api/user/3')).toBe(true));
  });
});

describe('editing oneself', () => {
  function selfServer() {
    const server = editServer();
    server.reply('GET', '/api/user/self', ok(userView({ id: 2, username: 'alice', display_name: 'Al' })));
    server.reply('PUT', '/api/user/self', ok());
    return server;
  }

  it('omits group and quota and needs the current password for a new one', async () => {
    const server = selfServer();
    renderApp('/user/edit', server, { user: MEMBER });
    expect(await screen.findByText('编辑个人信息')).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('显示名称') as HTMLInputElement).value).toBe('Al'));
    expect(screen.queryByLabelText('剩余额度')).toBeNull();
    expect(screen.queryByText('分组')).toBeNull();
    await userEvent.type(screen.getByLabelText('密码'), 'next-pass-1');
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('请输入原密码')).toBeTruthy();
    expect(putBody(server, '/api/user/self')).toBeUndefined();
    await userEvent.type(screen.getByLabelText('原密码'), 'old-pass-1');
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('用户信息更新成功！')).toBeTruthy();
    expect(putBody(server, '/api/user/self')).toEqual({
      username: 'alice',
      display_name: 'Al',
      password: 'next-pass-1',
      original_password: 'old-pass-1',
    });
  });
});

describe('edit-user drawer in English', () => {
  it('words the quota dialog in English', async () => {
    renderApp('/user/edit/3', editServer(), { user: ADMIN, language: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Add quota' }));
    expect((await screen.findByTestId('quota-preview')).textContent).toBe('New quota: $1.00 + $0.00 = $1.00');
  });
});
