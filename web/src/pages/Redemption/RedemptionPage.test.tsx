import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toast } from '@douyinfe/semi-ui-19';
import type { RedemptionView } from '@gateway/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, type FakeServer } from '../../test/fake-server';
import { ADMIN, renderApp } from '../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  // Semi's toasts live outside the rendered tree: without this they leak into the next test.
  Toast.destroyAll();
});

const code = (overrides: Partial<RedemptionView>): RedemptionView => ({
  id: 1,
  user_id: 1,
  key: 'k'.repeat(32),
  status: 1,
  name: 'spring',
  quota: 500_000,
  created_time: 1_700_000_000,
  redeemed_time: 0,
  used_user_id: 0,
  DeletedAt: null,
  ...overrides,
});

const UNUSED = code({ id: 3, name: 'fresh', key: 'a'.repeat(32), quota: 100_000 });
const DISABLED = code({ id: 2, name: 'paused', key: 'b'.repeat(32), status: 2 });
const USED = code({
  id: 1,
  name: 'spent',
  key: 'c'.repeat(32),
  status: 3,
  used_user_id: 7,
  redeemed_time: 1_700_000_100,
});

function redemptionServer(items = [UNUSED, DISABLED, USED]): FakeServer {
  const server = fakeServer();
  server.reply('GET', '/api/redemption/', ok({ items, total: items.length, page: 1, page_size: 10 }));
  return server;
}

function stubClipboard() {
  const writeText = vi.fn(async (_text: string) => {});
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

/** The table row that shows `name`. */
async function rowOf(name: string) {
  const cell = await screen.findByText(name);
  return cell.closest('tr') as HTMLElement;
}

describe('redemption code list', () => {
  it('shows status, quota, redeemer and times of each code', async () => {
    renderApp('/redemption', redemptionServer(), { user: ADMIN });
    const used = within(await rowOf('spent'));
    expect(used.getByText('已使用')).toBeTruthy();
    expect(used.getByText('7')).toBeTruthy();
    expect(used.getByText('$1.00')).toBeTruthy();
    const fresh = within(await rowOf('fresh'));
    expect(fresh.getByText('未使用')).toBeTruthy();
    expect(fresh.getByText('$0.20')).toBeTruthy();
    // Nobody redeemed it: neither a redeemer nor a redeemed time.
    expect(fresh.getAllByText('无')).toHaveLength(2);
    expect(within(await rowOf('paused')).getByText('已禁用')).toBeTruthy();
  });

  it('searches by keyword from the first page', async () => {
    const server = redemptionServer();
    server.reply('GET', '/api/redemption/search', ok({ items: [USED], total: 1, page: 1, page_size: 10 }));
    renderApp('/redemption', server, { user: ADMIN });
    await rowOf('fresh');
    await userEvent.type(screen.getByLabelText('搜索兑换码的 ID 或名称'), 'spe{Enter}');
    await waitFor(() => expect(screen.queryByText('fresh')).toBeNull());
    const search = server.calls.find((c) => c.path.startsWith('/api/redemption/search'));
    expect(search?.path).toBe('/api/redemption/search?p=1&page_size=10&keyword=spe');
  });
});

describe('redemption codes in English', () => {
  it('words the list in English', async () => {
    renderApp('/redemption', redemptionServer(), { user: ADMIN, language: 'en' });
    const used = within(await rowOf('spent'));
    expect(used.getByText('Used')).toBeTruthy();
    expect(used.getByRole('button', { name: 'Enable' })).toBeTruthy();
    expect(within(await rowOf('fresh')).getAllByText('None')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Redemption Codes' })).toBeTruthy();
  });
});

describe('redemption status rules', () => {
  it('offers neither enable nor edit on a used code', async () => {
    renderApp('/redemption', redemptionServer(), { user: ADMIN });
    const used = within(await rowOf('spent'));
    expect((used.getByRole('button', { name: '启用' }) as HTMLButtonElement).disabled).toBe(true);
    expect((used.getByRole('button', { name: '编辑' }) as HTMLButtonElement).disabled).toBe(true);
    expect(used.queryByRole('button', { name: '禁用' })).toBeNull();
    // A disabled code can be enabled again, but edited only once it is unused.
    const paused = within(await rowOf('paused'));
    expect((paused.getByRole('button', { name: '启用' }) as HTMLButtonElement).disabled).toBe(false);
    expect((paused.getByRole('button', { name: '编辑' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('disables an unused code and enables a disabled one through the status-only update', async () => {
    const server = redemptionServer();
    server.reply('PUT', '/api/redemption/', ok(UNUSED));
    renderApp('/redemption', server, { user: ADMIN });
    await userEvent.click(within(await rowOf('fresh')).getByRole('button', { name: '禁用' }));
    expect(await screen.findByText('操作成功完成！')).toBeTruthy();
    await userEvent.click(within(await rowOf('paused')).getByRole('button', { name: '启用' }));
    await waitFor(() => expect(server.calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    const puts = server.calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => [c.path, c.body])).toEqual([
      ['/api/redemption/?status_only=true', { id: 3, status: 2 }],
      ['/api/redemption/?status_only=true', { id: 2, status: 1 }],
    ]);
  });

  it('deletes a code only after confirmation', async () => {
    const server = redemptionServer();
    server.reply('DELETE', '/api/redemption/3/', ok());
    renderApp('/redemption', server, { user: ADMIN });
    await userEvent.click(within(await rowOf('fresh')).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('确定是否要删除此兑换码？')).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('操作成功完成！')).toBeTruthy();
    expect(server.calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/redemption/3/');
  });
});

describe('copying codes', () => {
  it('asks for a selection, then copies the selected keys one per line', async () => {
    const writeText = stubClipboard();
    renderApp('/redemption', redemptionServer(), { user: ADMIN });
    await rowOf('fresh');
    await userEvent.click(screen.getByRole('button', { name: /复制所选兑换码/ }));
    expect(await screen.findByText('请至少选择一个兑换码！')).toBeTruthy();
    expect(writeText).not.toHaveBeenCalled();

    await userEvent.click(within(await rowOf('fresh')).getByRole('checkbox'));
    await userEvent.click(within(await rowOf('spent')).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: /复制所选兑换码/ }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${UNUSED.key}\n${USED.key}`));
  });

  it('copies the key of one row', async () => {
    const writeText = stubClipboard();
    renderApp('/redemption', redemptionServer(), { user: ADMIN });
    await userEvent.click(within(await rowOf('paused')).getByRole('button', { name: '复制' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(DISABLED.key));
    expect(await screen.findByText('已复制到剪贴板！')).toBeTruthy();
  });
});
