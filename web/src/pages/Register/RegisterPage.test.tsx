import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

async function fill(username: string, password: string, confirm: string) {
  if (username) await userEvent.type(await screen.findByLabelText('用户名'), username);
  if (password) await userEvent.type(screen.getByLabelText('密码'), password);
  if (confirm) await userEvent.type(screen.getByLabelText('确认密码'), confirm);
}
const submit = () =>
  userEvent.click(screen.getByRole('main').querySelector('button[type="submit"]') as HTMLElement);

describe('register page', () => {
  it('rejects a password shorter than 8', async () => {
    renderApp('/register', fakeServer());
    await fill('bob', 'short', 'short');
    await submit();
    expect(await screen.findByText('密码长度不得小于 8 位')).toBeTruthy();
  });

  it('rejects differing passwords', async () => {
    renderApp('/register', fakeServer());
    await fill('bob', 'long-enough-1', 'long-enough-2');
    await submit();
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
  });

  it('rejects a username longer than 12', async () => {
    renderApp('/register', fakeServer());
    await fill('abcdefghijklm', 'long-enough-1', 'long-enough-1');
    await submit();
    expect(await screen.findByText('用户名长度不能超过12个字符')).toBeTruthy();
  });

  it('sends the invite code from ?aff= and goes to the login page', async () => {
    const server = fakeServer();
    server.reply('POST', '/api/user/register', ok());
    const { router } = renderApp('/register?aff=INV9', server);
    await fill('bob', 'long-enough-1', 'long-enough-1');
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(server.calls.find((c) => c.path === '/api/user/register')?.body).toMatchObject({
      username: 'bob',
      password: 'long-enough-1',
      password2: 'long-enough-1',
      aff_code: 'INV9',
    });
    expect(localStorage.getItem('aff')).toBe('INV9');
    expect(await screen.findByText('注册成功！')).toBeTruthy();
  });

  it('uses an invite code kept from an earlier visit', async () => {
    localStorage.setItem('aff', 'OLD1');
    const server = fakeServer();
    server.reply('POST', '/api/user/register', ok());
    renderApp('/register', server);
    await fill('bob', 'long-enough-1', 'long-enough-1');
    await submit();
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === '/api/user/register')?.body).toMatchObject({
        aff_code: 'OLD1',
      }),
    );
  });

  it('asks for email and code when email verification is on, with a 30 s resend wait', async () => {
    const server = fakeServer();
    server.reply('GET', '/api/verification', ok());
    renderApp('/register', server, { status: { email_verification: true } });
    await userEvent.click(await screen.findByText('获取验证码'));
    expect(await screen.findByText('请输入邮箱地址')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('邮箱'), 'bob@example.com');
    await userEvent.click(screen.getByText('获取验证码'));
    expect(await screen.findByText('重新发送 (30)')).toBeTruthy();
    expect(server.calls.some((c) => c.path === '/api/verification?email=bob%40example.com')).toBe(true);
    expect(screen.getByLabelText('验证码')).toBeTruthy();
  });
});
