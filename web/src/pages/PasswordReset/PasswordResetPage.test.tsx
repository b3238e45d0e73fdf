import { Toast } from '@douyinfe/semi-ui-19';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeServer, ok } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Toast.destroyAll();
});

const submitButton = () => screen.getByRole('main').querySelector('button[type="submit"]') as HTMLElement;

describe('password reset request page', { timeout: 20_000 }, () => {
  it('is linked from the login page', async () => {
    const { router } = renderApp('/login', fakeServer());
    await userEvent.click(await screen.findByRole('link', { name: '点击重置' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reset'));
    expect(await screen.findByText('密码重置')).toBeTruthy();
  });

  it('needs an email address', async () => {
    const server = fakeServer();
    renderApp('/reset', server);
    await screen.findByLabelText('邮箱地址');
    await userEvent.click(submitButton());
    expect(await screen.findByText('请输入邮箱地址')).toBeTruthy();
    expect(server.calls.some((c) => c.path.startsWith('/api/reset_password'))).toBe(false);
  });

  it('sends the mail, then locks the button for 30 seconds with a countdown', async () => {
    const server = fakeServer();
    server.reply('GET', '/api/reset_password', ok());
    renderApp('/reset', server);
    await userEvent.type(await screen.findByLabelText('邮箱地址'), 'bob@example.com');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    await userEvent.click(submitButton());
    expect(await screen.findByText('重置邮件发送成功，请检查邮箱！')).toBeTruthy();
    expect(server.calls.find((c) => c.path.startsWith('/api/reset_password'))?.path).toBe(
      '/api/reset_password?email=bob%40example.com&turnstile=',
    );
    expect(await screen.findByText('重试 (30)')).toBeTruthy();
    expect(submitButton().hasAttribute('disabled')).toBe(true);
    for (let i = 0; i < 30; i++) await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(submitButton().textContent).toBe('发送重置邮件'));
    expect(submitButton().hasAttribute('disabled')).toBe(false);
  });

  it('shows the server refusal and keeps the button free', async () => {
    const server = fakeServer();
    server.reply('GET', '/api/reset_password', fail(400, '该邮箱地址未注册'));
    renderApp('/reset', server);
    await userEvent.type(await screen.findByLabelText('邮箱地址'), 'nobody@example.com');
    await userEvent.click(submitButton());
    expect(await screen.findByText(/该邮箱地址未注册/)).toBeTruthy();
    expect(submitButton().textContent).toBe('发送重置邮件');
  });

  it('asks to retry in a few seconds while the human check has no result', async () => {
    const server = fakeServer();
    renderApp('/reset', server, { status: { turnstile_check: true, turnstile_site_key: 'site-key' } });
    await userEvent.type(await screen.findByLabelText('邮箱地址'), 'bob@example.com');
    await userEvent.click(submitButton());
    expect(await screen.findByText('请稍后几秒重试')).toBeTruthy();
    expect(server.calls.some((c) => c.path.startsWith('/api/reset_password'))).toBe(false);
    // Cloudflare's script is requested only because the check is on.
    expect(document.querySelector('script[src*="challenges.cloudflare.com"]')).not.toBeNull();
  });

  it('speaks English', async () => {
    const server = fakeServer();
    server.reply('GET', '/api/reset_password', ok());
    renderApp('/reset', server, { language: 'en' });
    await userEvent.type(await screen.findByLabelText('Email address'), 'bob@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset email' }));
    expect(await screen.findByText('Reset email sent, please check your mailbox!')).toBeTruthy();
    expect(await screen.findByText('Retry (30)')).toBeTruthy();
  });
});
