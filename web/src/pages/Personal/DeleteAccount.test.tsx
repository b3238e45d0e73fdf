import { Toast } from '@douyinfe/semi-ui-19';
import type { UserView } from '@gateway/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../test/fake-server';
import { ADMIN, MEMBER, renderApp } from '../../test/render-app';
import { readStoredUser } from '../../session/stored-user';
import { userServer, userView } from '../User/user-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  Toast.destroyAll();
});

function personalServer(user: UserView) {
  const server = userServer();
  server.reply('GET', '/api/user/self', ok(user));
  server.reply('GET', '/api/user/aff', ok('AFF1'));
  return server;
}

async function openAndType(text: string) {
  // The first render of the whole console in a worker is slow.
  await userEvent.click(await screen.findByRole('button', { name: /删除个人账户/ }, { timeout: 5000 }));
  expect(await screen.findByText('您正在删除自己的帐户，将清空所有数据且不可恢复')).toBeTruthy();
  await userEvent.type(screen.getByLabelText('输入你的账户名 alice 以确认删除'), text);
  await userEvent.click(screen.getByRole('button', { name: 'confirm' }));
}

describe('deleting one own account', () => {
  it('refuses a typed name that is not the own username', async () => {
    const server = personalServer(userView({ id: 2, username: 'alice' }));
    renderApp('/personal', server, { user: MEMBER });
    await openAndType('alicia');
    expect(await screen.findByText('请输入你的账户名以确认删除！')).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('deletes the account, forgets the user and goes to the login page', async () => {
    const server = personalServer(userView({ id: 2, username: 'alice' }));
    server.reply('DELETE', '/api/user/self', ok());
    const { router } = renderApp('/personal', server, { user: MEMBER });
    await openAndType('alice');
    expect(await screen.findByText('账户已删除！')).toBeTruthy();
    expect(server.calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/user/self');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(readStoredUser()).toBeNull();
  });

  it('shows the refusal for the super admin and keeps them signed in', async () => {
    const server = personalServer(userView({ id: 1, username: 'alice', role: 100 }));
    server.reply('DELETE', '/api/user/self', fail(403, '不能删除超级管理员账户'));
    const { router } = renderApp('/personal', server, { user: ADMIN });
    await openAndType('alice');
    expect(await screen.findByText('错误：不能删除超级管理员账户')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/personal');
    expect(readStoredUser()?.id).toBe(1);
  });

  it('words the dialog in English', async () => {
    renderApp('/personal', personalServer(userView({ id: 2, username: 'alice' })), {
      user: MEMBER,
      language: 'en',
    });
    await userEvent.click(await screen.findByRole('button', { name: /Delete my account/ }));
    expect(await screen.findByText('Type your username alice to confirm')).toBeTruthy();
  });
});
