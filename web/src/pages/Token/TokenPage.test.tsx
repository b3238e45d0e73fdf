import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeServer, ok, type FakeServer } from '../../test/fake-server';
import { MEMBER, renderApp } from '../../test/render-app';
import { serveTokenApi, token } from './token-test-data';

let server: FakeServer;

function stubClipboard(writeText: (text: string) => Promise<void> = async () => {}) {
  Object.defineProperty(navigator, 'clipboard', {
    value: { writeText: vi.fn(writeText) },
    configurable: true,
  });
  return navigator.clipboard.writeText as ReturnType<typeof vi.fn>;
}

const now = Math.floor(Date.now() / 1000);
const tokens = [
  token({ id: 1, name: 'main', key: 'a'.repeat(44) + 'wxyz' }),
  token({ id: 2, name: 'off', status: 2, key: 'b'.repeat(48) }),
  token({ id: 3, name: 'old', expired_time: now - 60, key: 'c'.repeat(48) }),
  token({ id: 4, name: 'empty', remain_quota: 0, key: 'd'.repeat(48) }),
  token({ id: 5, name: 'free', unlimited_quota: true, model_limits_enabled: true, model_limits: 'gpt-4o' }),
];

beforeEach(() => {
  server = fakeServer();
  serveTokenApi(server, tokens);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const openPage = () => renderApp('/token', server, { user: MEMBER });
const row = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('token list', () => {
  it('shows the warning, statuses (incl. expired and exhausted), quotas and masked keys', async () => {
    openPage();
    expect(await screen.findByText(/令牌无法精确控制使用额度，只允许自用/)).toBeTruthy();
    expect((await screen.findByTestId('token-status-1')).textContent).toBe('已启用');
    expect(screen.getByTestId('token-status-2').textContent).toBe('已禁用');
    expect(screen.getByTestId('token-status-3').textContent).toBe('已过期');
    expect(screen.getByTestId('token-status-4').textContent).toBe('已耗尽');
    expect(screen.getByTestId('token-status-5').textContent).toBe('已启用：限制模型');
    expect(within(await row('free')).getByText('无限制')).toBeTruthy();
    expect(within(await row('main')).getByText('$1.00')).toBeTruthy();
    expect(screen.getByTestId('token-key-1').textContent).toBe('sk-aaaa**********wxyz');
    expect(within(await row('main')).getAllByText('永不过期').length).toBe(1);
  });

  it('speaks English when asked', async () => {
    renderApp('/token', server, { user: MEMBER, language: 'en' });
    expect(await screen.findByText(/Tokens cannot limit usage precisely/)).toBeTruthy();
    expect((await screen.findByTestId('token-status-2')).textContent).toBe('Disabled');
    expect(screen.getByRole('button', { name: /Add token/ })).toBeTruthy();
    expect(within(await row('free')).getByText('Unlimited')).toBeTruthy();
  });

  it('searches by name and key', async () => {
    openPage();
    await screen.findByText('main');
    await userEvent.type(screen.getByLabelText('搜索令牌的名称'), 'ma');
    await userEvent.type(screen.getByLabelText('搜索令牌的 key'), 'sk-aaa');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(server.calls.some((c) => c.path.startsWith('/api/token/search?'))).toBe(true));
    const search = server.calls.find((c) => c.path.startsWith('/api/token/search'))!;
    const query = new URLSearchParams(search.path.split('?')[1]);
    expect(query.get('keyword')).toBe('ma');
    expect(query.get('token')).toBe('sk-aaa');
    expect(query.get('p')).toBe('1');
  });

  it('copies one key with its sk- prefix', async () => {
    const writeText = stubClipboard();
    openPage();
    await userEvent.click(within(await row('main')).getByRole('button', { name: '复制令牌' }));
    expect(writeText).toHaveBeenCalledWith(`sk-${'a'.repeat(44)}wxyz`);
    expect(await screen.findByText('已复制到剪贴板！')).toBeTruthy();
  });

  it('asks for a selection, then copies the selected keys one per line', async () => {
    const writeText = stubClipboard();
    openPage();
    await screen.findByText('main');
    await userEvent.click(screen.getByRole('button', { name: '复制所选令牌到剪贴板' }));
    expect(await screen.findByText('请至少选择一个令牌！')).toBeTruthy();
    expect(writeText).not.toHaveBeenCalled();

    await userEvent.click(within(await row('main')).getByRole('checkbox'));
    await userEvent.click(within(await row('off')).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: '复制所选令牌到剪贴板' }));
    expect(writeText).toHaveBeenCalledWith(`sk-${'a'.repeat(44)}wxyz\nsk-${'b'.repeat(48)}`);
  });
});

describe('token status', () => {
  it('disables with a status-only update', async () => {
    server.reply('PUT', '/api/token/', ok(token({ status: 2 })));
    openPage();
    await userEvent.click(within(await row('main')).getByRole('button', { name: '禁用' }));
    expect(await screen.findByText('操作成功完成！')).toBeTruthy();
    const put = server.calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/token/?status_only=true');
    expect(put.body).toEqual({ id: 1, status: 2 });
  });

  it('shows the server’s refusal to enable an expired token', async () => {
    server.reply(
      'PUT',
      '/api/token/',
      fail(400, '令牌已过期，无法启用，请先修改令牌过期时间，或者设置为永不过期'),
    );
    openPage();
    await userEvent.click(within(await row('off')).getByRole('button', { name: '启用' }));
    expect(await screen.findByText(/令牌已过期，无法启用/)).toBeTruthy();
    expect(server.calls.find((c) => c.method === 'PUT')!.body).toEqual({ id: 2, status: 1 });
  });

  it('shows the server’s refusal to enable an exhausted token', async () => {
    server.reply(
      'PUT',
      '/api/token/',
      fail(400, '令牌可用额度已用尽，无法启用，请先修改令牌剩余额度，或者设置为无限额度'),
    );
    openPage();
    await userEvent.click(within(await row('off')).getByRole('button', { name: '启用' }));
    expect(await screen.findByText(/令牌可用额度已用尽，无法启用/)).toBeTruthy();
  });

  it('deletes after confirmation', async () => {
    server.reply('DELETE', '/api/token/1/', ok());
    openPage();
    await userEvent.click(within(await row('main')).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('确定是否要删除此令牌？')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('删除成功！')).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'DELETE' && c.path === '/api/token/1/')).toBe(true);
  });
});
