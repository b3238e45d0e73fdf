import { Toast } from '@douyinfe/semi-ui-19';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

/** Stands in for Cloudflare's script: each rendered widget is solved when the test says so. */
let widgets: Array<{ callback: (token: string) => void }> = [];
beforeEach(() => {
  widgets = [];
  window.turnstile = {
    render: (_el: HTMLElement, options: Record<string, unknown>) => {
      widgets.push({ callback: options.callback as (token: string) => void });
      return String(widgets.length);
    },
    remove: () => undefined,
  };
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete window.turnstile;
  // Toasts live outside the rendered tree: one test's "please wait" must not satisfy the next.
  Toast.destroyAll();
});

const CHECK_ON = { status: { turnstile_check: true, turnstile_site_key: 'site-key' } };
const PENDING = '请稍后几秒重试，Turnstile 正在检查用户环境！';
const solveLatest = async (token: string) => {
  await waitFor(() => expect(widgets.length).toBeGreaterThan(0));
  act(() => widgets.at(-1)!.callback(token));
};
const submit = () =>
  userEvent.click(screen.getByRole('main').querySelector('button[type="submit"]') as HTMLElement);

describe('human check on sign-in and sign-up', () => {
  it('waits for the check before signing in, then sends its token once', async () => {
    const server = fakeServer();
    server.reply(
      'POST',
      '/api/user/login',
      ok({ id: 5, username: 'alice', role: 1, status: 1, group: 'default' }),
    );
    renderApp('/login', server, CHECK_ON);
    await userEvent.type(await screen.findByLabelText('用户名/邮箱'), 'alice');
    await userEvent.type(screen.getByLabelText('密码'), 'alice-pass-1');
    await submit();
    expect(await screen.findByText(PENDING)).toBeTruthy();
    expect(server.calls.some((c) => c.path.startsWith('/api/user/login'))).toBe(false);

    await solveLatest('tok-1');
    await submit();
    await waitFor(() =>
      expect(server.calls.some((c) => c.path === '/api/user/login?turnstile=tok-1')).toBe(true),
    );
    // The token is spent: a fresh widget replaces the solved one.
    await waitFor(() => expect(widgets.length).toBe(2));
  });

  it('needs a fresh token for the code mail and for the registration', async () => {
    const server = fakeServer();
    server.reply('GET', '/api/verification', ok());
    server.reply('POST', '/api/user/register', ok());
    renderApp('/register', server, { status: { ...CHECK_ON.status, email_verification: true } });
    await userEvent.type(await screen.findByLabelText('用户名'), 'bob');
    await userEvent.type(screen.getByLabelText('密码'), 'long-enough-1');
    await userEvent.type(screen.getByLabelText('确认密码'), 'long-enough-1');
    await userEvent.type(screen.getByLabelText('邮箱'), 'bob@example.com');
    await solveLatest('tok-a');
    await userEvent.click(screen.getByText('获取验证码'));
    await waitFor(() =>
      expect(
        server.calls.some((c) => c.path === '/api/verification?email=bob%40example.com&turnstile=tok-a'),
      ).toBe(true),
    );
    await userEvent.type(screen.getByLabelText('验证码'), 'abc123');
    await submit();
    expect(await screen.findByText(PENDING)).toBeTruthy();
    await solveLatest('tok-b');
    await submit();
    await waitFor(() =>
      expect(server.calls.some((c) => c.path === '/api/user/register?turnstile=tok-b')).toBe(true),
    );
  });

  it('shows no widget and sends no token while the check is off', async () => {
    const server = fakeServer();
    server.reply(
      'POST',
      '/api/user/login',
      ok({ id: 5, username: 'alice', role: 1, status: 1, group: 'default' }),
    );
    renderApp('/login', server);
    await userEvent.type(await screen.findByLabelText('用户名/邮箱'), 'alice');
    await userEvent.type(screen.getByLabelText('密码'), 'alice-pass-1');
    await submit();
    await waitFor(() => expect(server.calls.some((c) => c.path === '/api/user/login')).toBe(true));
    expect(widgets).toHaveLength(0);
  });

  it('asks to wait in English too', async () => {
    renderApp('/login', fakeServer(), { ...CHECK_ON, language: 'en' });
    await userEvent.type(await screen.findByLabelText('Username or email'), 'alice');
    await userEvent.type(screen.getByLabelText('Password'), 'alice-pass-1');
    await submit();
    expect(
      await screen.findByText('Please retry in a few seconds, Turnstile is checking your environment!'),
    ).toBeTruthy();
  });
});
