import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toast } from '@douyinfe/semi-ui-19';
import type { RedemptionView } from '@gateway/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, type FakeServer } from '../../test/fake-server';
import { ADMIN, renderApp } from '../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Toast.destroyAll();
});

const FRESH: RedemptionView = {
  id: 3,
  user_id: 1,
  key: 'a'.repeat(32),
  status: 1,
  name: 'fresh',
  quota: 100_000,
  created_time: 1_700_000_000,
  redeemed_time: 0,
  used_user_id: 0,
  DeletedAt: null,
};

function drawerServer(): FakeServer {
  const server = fakeServer();
  server.reply('GET', '/api/redemption/', ok({ items: [FRESH], total: 1, page: 1, page_size: 10 }));
  return server;
}

async function openCreateDrawer(server: FakeServer) {
  renderApp('/redemption', server, { user: ADMIN });
  await userEvent.click(await screen.findByRole('button', { name: /添加兑换码/ }));
  return screen.findByRole('dialog');
}

const submit = () => userEvent.click(screen.getByRole('button', { name: '提交' }));
const posts = (server: FakeServer) => server.calls.filter((c) => c.method === 'POST');

async function replaceText(input: HTMLElement, text: string) {
  await userEvent.clear(input);
  if (text) await userEvent.type(input, text);
}

describe('create drawer', () => {
  it('starts from quota 100000 and count 1, and names an unnamed batch after its quota', async () => {
    const server = drawerServer();
    const keys = ['1'.repeat(32), '2'.repeat(32)];
    server.reply('POST', '/api/redemption/', ok(keys));
    const drawer = within(await openCreateDrawer(server));
    expect((drawer.getByLabelText('额度') as HTMLInputElement).value).toBe('100000');
    expect((drawer.getByLabelText('生成数量') as HTMLInputElement).value).toBe('1');
    expect(drawer.getByText('留空则以额度作为名称：$0.20')).toBeTruthy();

    await replaceText(drawer.getByLabelText('生成数量'), '2');
    await submit();
    expect(await screen.findByText('兑换码创建成功！')).toBeTruthy();
    expect(posts(server)[0]?.body).toEqual({ name: '$0.20', quota: 100_000, count: 2 });

    const dialog = within(await screen.findByTestId('generated-keys'));
    expect(dialog.getByText(keys[0]!)).toBeTruthy();
    expect(dialog.getByText(keys[1]!)).toBeTruthy();
    expect(screen.getByText('已生成 2 个兑换码')).toBeTruthy();
  });

  it('fills the quota from a preset', async () => {
    const server = drawerServer();
    server.reply('POST', '/api/redemption/', ok(['x'.repeat(32)]));
    const drawer = within(await openCreateDrawer(server));
    await userEvent.click(drawer.getByRole('button', { name: '$10.00' }));
    expect(await drawer.findByText('等于 $10.00')).toBeTruthy();
    await userEvent.type(drawer.getByLabelText('名称'), 'launch');
    await submit();
    await waitFor(() =>
      expect(posts(server)[0]?.body).toEqual({ name: 'launch', quota: 5_000_000, count: 1 }),
    );
  });

  it('refuses a name over 20 characters and more than 100 codes', async () => {
    const server = drawerServer();
    const drawer = within(await openCreateDrawer(server));
    await userEvent.type(drawer.getByLabelText('名称'), '一二三四五六七八九十一二三四五六七八九十一');
    await replaceText(drawer.getByLabelText('生成数量'), '101');
    await submit();
    expect(await drawer.findByText('兑换码名称长度必须在1-20之间')).toBeTruthy();
    expect(drawer.getByText('一次兑换码批量生成的个数不能大于 100')).toBeTruthy();

    // Exactly 20 characters (counted as characters, not bytes) and 100 codes are fine.
    await replaceText(drawer.getByLabelText('名称'), '一二三四五六七八九十一二三四五六七八九十');
    await replaceText(drawer.getByLabelText('生成数量'), '100');
    server.reply('POST', '/api/redemption/', ok(['y'.repeat(32)]));
    await submit();
    await waitFor(() => expect(posts(server)).toHaveLength(1));
    expect(posts(server)[0]?.body).toMatchObject({ count: 100 });
  });

  it('refuses a count below 1 and a quota that is not a positive integer', async () => {
    const server = drawerServer();
    const drawer = within(await openCreateDrawer(server));
    await replaceText(drawer.getByLabelText('生成数量'), '0');
    await replaceText(drawer.getByLabelText('额度'), '');
    await submit();
    expect(await drawer.findByText('兑换码个数必须大于0')).toBeTruthy();
    expect(drawer.getByText('兑换码额度必须是正整数')).toBeTruthy();
    expect(posts(server)).toHaveLength(0);
  });
});

describe('generated keys dialog', () => {
  it('copies every key and downloads them as a text file named after the batch', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    // jsdom has no object URLs; these stay defined for the rest of this file, which is harmless.
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:codes');
    Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });

    const server = drawerServer();
    const keys = ['1'.repeat(32), '2'.repeat(32)];
    server.reply('POST', '/api/redemption/', ok(keys));
    const drawer = within(await openCreateDrawer(server));
    await userEvent.type(drawer.getByLabelText('名称'), 'spring sale');
    await submit();
    await screen.findByTestId('generated-keys');

    await userEvent.click(screen.getByRole('button', { name: /复制全部/ }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(keys.join('\n')));

    await userEvent.click(screen.getByRole('button', { name: /下载为 .txt/ }));
    expect(clicked[0]?.download).toBe('spring_sale.txt');
    expect(await createObjectURL.mock.calls[0]![0].text()).toBe(keys.join('\n'));
  });
});

describe('edit drawer', () => {
  it('loads the code afresh, keeps a real name and saves name and quota', async () => {
    const server = drawerServer();
    server.reply('GET', '/api/redemption/3', ok(FRESH));
    server.reply('PUT', '/api/redemption/', ok({ ...FRESH, name: 'renamed' }));
    renderApp('/redemption', server, { user: ADMIN });
    const row = (await screen.findByText('fresh')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const drawer = within(await screen.findByRole('dialog'));
    await waitFor(() => expect((drawer.getByLabelText('名称') as HTMLInputElement).value).toBe('fresh'));
    expect(drawer.queryByLabelText('生成数量')).toBeNull();

    await replaceText(drawer.getByLabelText('名称'), '');
    await submit();
    expect(await drawer.findByText('兑换码名称长度必须在1-20之间')).toBeTruthy();

    await userEvent.type(drawer.getByLabelText('名称'), 'renamed');
    await replaceText(drawer.getByLabelText('额度'), '200000');
    await submit();
    expect(await screen.findByText('兑换码更新成功！')).toBeTruthy();
    expect(server.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      id: 3,
      name: 'renamed',
      quota: 200_000,
    });
  });
});
