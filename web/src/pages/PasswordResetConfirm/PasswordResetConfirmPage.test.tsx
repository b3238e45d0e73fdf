import { Modal, Toast } from '@douyinfe/semi-ui-19';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeServer, ok } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  Toast.destroyAll();
  Modal.destroyAll();
});

const LINK = '/user/reset?email=bob@example.com&token=0123456789abcdef';

describe('password reset confirmation page', { timeout: 20_000 }, () => {
  it('resets on click, shows the new password with a copy button and a way to sign in', async () => {
    const server = fakeServer();
    server.reply('POST', '/api/user/reset', ok('a1b2c3d4e5f6'));
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { router } = renderApp(LINK, server);
    expect(((await screen.findByLabelText('邮箱地址')) as HTMLInputElement).value).toBe('bob@example.com');
    // Nothing happens before the click: mail scanners open links too, and the token works once.
    expect(server.calls.some((c) => c.path === '/api/user/reset')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: '确认重置密码' }));
    expect(((await screen.findByTestId('new-password')) as HTMLInputElement).value).toBe('a1b2c3d4e5f6');
    expect(server.calls.find((c) => c.path === '/api/user/reset')?.body).toEqual({
      email: 'bob@example.com',
      token: '0123456789abcdef',
    });
    await userEvent.click(screen.getByRole('button', { name: '复制' }));
    expect(writeText).toHaveBeenCalledWith('a1b2c3d4e5f6');
    expect(await screen.findByText('新密码已复制到剪贴板')).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: '前往登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('offers the password in a dialog when the clipboard refuses', async () => {
    const server = fakeServer();
    server.reply('POST', '/api/user/reset', ok('fedcba987654'));
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
    });
    document.execCommand = vi.fn(() => false);
    renderApp(LINK, server);
    await userEvent.click(await screen.findByRole('button', { name: '确认重置密码' }));
    await userEvent.click(await screen.findByRole('button', { name: '复制' }));
    expect(await screen.findByText('无法复制到剪贴板，请手动复制')).toBeTruthy();
    expect(document.querySelector('.semi-modal-content')?.textContent).toContain('fedcba987654');
  });

  it('shows the refusal of a used or expired link', async () => {
    const server = fakeServer();
    server.reply('POST', '/api/user/reset', fail(400, '重置链接非法或已过期'));
    renderApp(LINK, server);
    await userEvent.click(await screen.findByRole('button', { name: '确认重置密码' }));
    expect(await screen.findByText(/重置链接非法或已过期/)).toBeTruthy();
    expect(screen.queryByTestId('new-password')).toBeNull();
  });

  it('explains an incomplete link and offers a new request', async () => {
    renderApp('/user/reset?email=bob@example.com', fakeServer(), { language: 'en' });
    expect(
      await screen.findByText('The reset link is incomplete or no longer valid; please request a new one.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request again' }).getAttribute('href')).toBe('/reset');
  });
});
