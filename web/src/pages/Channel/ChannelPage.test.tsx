import { Modal, Toast } from '@douyinfe/semi-ui-19';
import type { ChannelView } from '@gateway/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeServer, ok, type FakeServer } from '../../test/fake-server';
import { ADMIN, renderApp } from '../../test/render-app';
import { formatUnixTime } from './channel-display';
import { channelView, pageOf } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  Toast.destroyAll();
  Modal.destroyAll();
});

const CHANNELS: ChannelView[] = [
  channelView({ id: 1, name: 'fast', response_time: 800, used_quota: 1_500_000, priority: 1, weight: 2 }),
  channelView({ id: 2, name: 'slow', status: 2, response_time: 4200, type: 14 }),
  channelView({
    id: 3,
    name: 'broke',
    status: 3,
    response_time: 7000,
    status_reason: '余额不足',
    status_time: 1_700_000_000,
    tag: 'team',
  }),
  channelView({ id: 4, name: 'teammate', response_time: 0, tag: 'team', group: 'default,vip' }),
];

function listServer(channels = CHANNELS): FakeServer {
  const server = fakeServer();
  server.reply('GET', '/api/channel/', ok(pageOf(channels)));
  server.reply('GET', '/api/channel/search', ok(pageOf(channels.slice(0, 1))));
  server.reply('GET', '/api/group/', ok(['default', 'vip']));
  server.reply('PUT', '/api/channel/', ok(channels[0]));
  server.reply('PUT', '/api/channel/tag', ok(2));
  return server;
}

async function openPage(server: FakeServer, language: 'zh' | 'en' = 'zh') {
  renderApp('/channel', server, { user: ADMIN, language });
  await screen.findByText('fast');
}

const rowOf = (name: string) => within(screen.getByText(name).closest('tr')!);
const bodies = (server: FakeServer, method: string, path: string) =>
  server.calls.filter((c) => c.method === method && c.path === path).map((c) => c.body);

async function commit(input: HTMLElement, text: string) {
  await userEvent.clear(input);
  await userEvent.type(input, `${text}{Enter}`);
}

describe('channel list rows', () => {
  it('shows status, response time in the spec colours, used quota and balance support', async () => {
    await openPage(listServer());
    expect(rowOf('fast').getByText('已启用')).toBeTruthy();
    expect(rowOf('slow').getByText('已禁用')).toBeTruthy();
    expect(rowOf('broke').getByText('自动禁用')).toBeTruthy();

    const colourOf = (id: number) => screen.getByTestId(`response-time-${id}`).className;
    expect(colourOf(1)).toContain('green');
    expect(colourOf(2)).toContain('yellow');
    expect(colourOf(3)).toContain('red');
    expect(colourOf(4)).toContain('grey');
    expect(rowOf('fast').getByText('0.80 秒')).toBeTruthy();
    expect(rowOf('teammate').getByText('未测试')).toBeTruthy();

    expect(rowOf('fast').getByText('$3.00')).toBeTruthy();
    expect(rowOf('slow').getByText('不支持')).toBeTruthy();
  });

  it('explains an automatic disable on hover: reason and time', async () => {
    await openPage(listServer());
    await userEvent.hover(screen.getByTestId('auto-disabled-3'));
    expect(await screen.findByText('原因：余额不足')).toBeTruthy();
    expect(screen.getByText(`时间：${formatUnixTime(1_700_000_000)}`)).toBeTruthy();
  });

  it('tests a channel when its response time is clicked', async () => {
    const server = listServer();
    server.reply('GET', '/api/channel/test/1', { body: { success: true, message: '', time: 1.234 } });
    await openPage(server);
    await userEvent.click(screen.getByTestId('response-time-1'));
    expect(await screen.findByText('渠道 fast 测试成功，耗时 1.23 秒。')).toBeTruthy();
  });
});

describe('inline priority and weight', () => {
  it('raises a priority below -999 to -999 and saves it', async () => {
    const server = listServer();
    await openPage(server);
    await commit(screen.getByLabelText('优先级 #1'), '-1500');
    expect(await screen.findByText('操作成功完成！')).toBeTruthy();
    expect(bodies(server, 'PUT', '/api/channel/')).toEqual([{ id: 1, priority: -999 }]);
  });

  it('turns a negative weight into 0', async () => {
    const server = listServer();
    await openPage(server);
    await commit(screen.getByLabelText('权重 #1'), '-5');
    await screen.findByText('操作成功完成！');
    expect(bodies(server, 'PUT', '/api/channel/')).toEqual([{ id: 1, weight: 0 }]);
  });

  it('saves nothing for an unchanged or non-numeric value', async () => {
    const server = listServer();
    await openPage(server);
    await commit(screen.getByLabelText('优先级 #1'), '1');
    await commit(screen.getByLabelText('权重 #1'), 'abc');
    expect(bodies(server, 'PUT', '/api/channel/')).toEqual([]);
    expect((screen.getByLabelText('权重 #1') as HTMLInputElement).value).toBe('2');
  });
});

describe('tag-aggregation mode', () => {
  async function openTagMode(server: FakeServer) {
    await openPage(server);
    await userEvent.click(screen.getByRole('switch', { name: '标签聚合模式' }));
    await screen.findByText('2 个渠道');
    await waitFor(() => expect(server.calls.some((c) => c.path.includes('tag_mode=true'))).toBe(true));
  }

  it('folds a tag into one row and remembers the mode', async () => {
    await openTagMode(listServer());
    expect(screen.getByText('部分启用')).toBeTruthy();
    expect(localStorage.getItem('channels-tag-mode')).toBe('true');
  });

  it('edits the tag priority and weight inline with the spec checks', async () => {
    const server = listServer();
    await openTagMode(server);
    await commit(screen.getByLabelText('优先级 team'), '1.5');
    expect(await screen.findByText('优先级必须是整数！')).toBeTruthy();
    await commit(screen.getByLabelText('权重 team'), '-1');
    expect(await screen.findByText('权重必须是非负整数！')).toBeTruthy();
    expect(bodies(server, 'PUT', '/api/channel/tag')).toEqual([]);

    await commit(screen.getByLabelText('优先级 team'), '3');
    await screen.findByText('操作成功完成！');
    expect(bodies(server, 'PUT', '/api/channel/tag')).toEqual([{ tag: 'team', priority: 3 }]);
  });

  it('enables and disables every channel of the tag', async () => {
    const server = listServer();
    server.reply('POST', '/api/channel/tag/disabled', ok(2));
    await openTagMode(server);
    await userEvent.click(screen.getByRole('button', { name: '禁用全部' }));
    expect(await screen.findByText('已禁用标签 team 下的 2 个渠道')).toBeTruthy();
    expect(bodies(server, 'POST', '/api/channel/tag/disabled')).toEqual([{ tag: 'team' }]);
  });

  it('edits the tag: nothing changed is refused, a blank name dissolves the tag', async () => {
    const server = listServer();
    await openTagMode(server);
    await userEvent.click(screen.getByRole('button', { name: '编辑标签' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByText('确定'));
    expect(await screen.findByText('没有任何修改！')).toBeTruthy();
    await userEvent.clear(dialog.getByLabelText('标签名'));
    await userEvent.type(dialog.getByLabelText('优先级'), '7');
    await userEvent.click(dialog.getByText('确定'));
    expect(await screen.findByText('标签已更新，共 2 个渠道')).toBeTruthy();
    expect(bodies(server, 'PUT', '/api/channel/tag')).toEqual([{ tag: 'team', new_tag: '', priority: 7 }]);
  });
});

describe('toolbar', () => {
  it('needs a selection and a tag to tag channels', async () => {
    const server = listServer();
    server.reply('POST', '/api/channel/batch/tag', ok(1));
    await openPage(server);
    await userEvent.click(screen.getByRole('button', { name: '批量设置标签' }));
    expect(await screen.findByText('请先选择要设置标签的渠道！')).toBeTruthy();

    await userEvent.click(rowOf('fast').getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: '批量设置标签' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByText('确定'));
    expect(await screen.findByText('标签不能为空！')).toBeTruthy();
    await userEvent.type(dialog.getByLabelText('标签'), 'blue');
    await userEvent.click(dialog.getByText('确定'));
    expect(await screen.findByText('已为 1 个渠道设置标签')).toBeTruthy();
    expect(bodies(server, 'POST', '/api/channel/batch/tag')).toEqual([{ ids: [1], tag: 'blue' }]);
  });

  it('needs a selection to delete channels', async () => {
    const server = listServer();
    server.reply('POST', '/api/channel/batch', ok(2));
    await openPage(server);
    await userEvent.click(screen.getByRole('button', { name: '批量删除' }));
    expect(await screen.findByText('请先选择要删除的通道！')).toBeTruthy();
    await userEvent.click(rowOf('fast').getByRole('checkbox'));
    await userEvent.click(rowOf('slow').getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: '批量删除' }));
    await userEvent.click(await screen.findByText('确定'));
    expect(await screen.findByText('已删除 2 个渠道')).toBeTruthy();
    expect(bodies(server, 'POST', '/api/channel/batch')).toEqual([{ ids: [1, 2] }]);
  });

  it('fixes abilities and shows the counts', async () => {
    const server = listServer();
    server.reply('POST', '/api/channel/fix', ok({ channels: 4, abilities: 9, orphans_removed: 2 }));
    await openPage(server);
    await userEvent.click(screen.getByRole('button', { name: '修复渠道能力' }));
    await userEvent.click((await screen.findAllByText('确定')).at(-1)!);
    expect(await screen.findByText('已重建 4 个渠道的能力记录，共 9 条；清除残留记录 2 条。')).toBeTruthy();
  });

  it('searches by keyword, group and model', async () => {
    const server = listServer();
    await openPage(server);
    await userEvent.type(screen.getByLabelText('关键字'), 'fa');
    await userEvent.type(screen.getByLabelText('模型'), 'gpt');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(screen.queryByText('slow')).toBeNull());
    const search = server.calls.find((c) => c.path.startsWith('/api/channel/search'))!;
    const query = new URLSearchParams(search.path.split('?')[1]);
    expect(Object.fromEntries(query)).toMatchObject({ keyword: 'fa', model: 'gpt', group: '', p: '1' });
  });
});

describe('preferences kept locally', () => {
  it('hides columns chosen under channels-table-columns', async () => {
    localStorage.setItem('channels-table-columns', JSON.stringify({ balance: false, weight: false }));
    await openPage(listServer());
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toContain('优先级');
    expect(headers).not.toContain('余额');
    expect(headers).not.toContain('权重');
  });

  it('asks for the remembered page size', async () => {
    localStorage.setItem('channels-page-size', '50');
    const server = listServer();
    await openPage(server);
    const list = server.calls.find((c) => c.path.startsWith('/api/channel/?'))!;
    expect(new URLSearchParams(list.path.split('?')[1]).get('page_size')).toBe('50');
  });

  it('remembers the id sort and sends it with the list query', async () => {
    const server = listServer();
    await openPage(server);
    await userEvent.click(screen.getByRole('switch', { name: '使用 ID 排序' }));
    await waitFor(() => expect(server.calls.some((c) => c.path.includes('id_sort=true'))).toBe(true));
    expect(localStorage.getItem('channels-id-sort')).toBe('true');
  });
});

describe('row actions', () => {
  it('copies a channel on the server and opens the copy, or says the original is gone', async () => {
    const server = listServer();
    server.reply('POST', '/api/channel/copy/2', fail(404, '渠道不存在'));
    const copy = { ...CHANNELS[0], id: 9, name: 'fast_复制' };
    server.reply('POST', '/api/channel/copy/1', ok(copy));
    server.reply('GET', '/api/channel/9', ok(copy));
    await openPage(server);

    await userEvent.click(rowOf('slow').getByRole('button', { name: '更多操作' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '复制' }));
    expect(await screen.findByText('渠道未找到，请刷新页面后重试')).toBeTruthy();

    await userEvent.click(rowOf('fast').getByRole('button', { name: '更多操作' }));
    await userEvent.click((await screen.findAllByRole('menuitem', { name: '复制' })).at(-1)!);
    expect(await screen.findByText('渠道复制成功！')).toBeTruthy();
    // The drawer opens on the new channel, ready for changes.
    await waitFor(() => expect((screen.getByLabelText('名称') as HTMLInputElement).value).toBe('fast_复制'));
  });

  it('tests each model of the channel in the model-pick dialog', async () => {
    const server = listServer();
    server.reply('GET', '/api/channel/test/1', (_init, url) =>
      url.searchParams.get('model') === 'gpt-4o'
        ? { body: { success: true, message: '', time: 0.42 } }
        : { body: { success: false, message: 'model not found', time: 0 } },
    );
    await openPage(server);
    await userEvent.click(rowOf('fast').getByRole('button', { name: '选择模型测试' }));
    const dialog = within(
      (await screen.findByText('渠道 fast 的模型测试')).closest<HTMLElement>('.semi-modal')!,
    );
    await userEvent.click(dialog.getByRole('button', { name: '测试 gpt-4o' }));
    expect(await dialog.findByText('0.42 秒')).toBeTruthy();
    await userEvent.click(dialog.getByRole('button', { name: '测试 gpt-4o-mini' }));
    expect(await dialog.findByText('失败：model not found')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('搜索模型'), { target: { value: 'mini' } });
    await waitFor(() => expect(dialog.queryByText('0.42 秒')).toBeNull());
  });
});

describe('in English', () => {
  it('labels the page and the rows', async () => {
    await openPage(listServer(), 'en');
    expect(screen.getByText('Manage channels')).toBeTruthy();
    expect(rowOf('broke').getByText('Auto-disabled')).toBeTruthy();
    expect(rowOf('teammate').getByText('Not tested')).toBeTruthy();
  });
});
