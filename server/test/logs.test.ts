import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChannelView, LogStat, LogView, Page } from '@gateway/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  registerAndLogin,
  setupAndLoginRoot,
  startGateway,
  type RunningGateway,
} from '@gateway/test-support';
import type { LogInput } from '../src/modules/logs/writer.js';

const ADMIN_OTHER = JSON.stringify({
  model_ratio: 2.5,
  group_ratio: 1,
  admin_info: { use_channel: ['3', '4'] },
});

/** Log rows in the order they happened (ids ascend with created_at). */
function sampleLogs(
  now: number,
  ids: { alice: number; bob: number; root: number; channel: number },
): LogInput[] {
  const consume = { type: 2, group: 'default' };
  return [
    { user_id: ids.root, username: 'root', type: 4, created_at: now - 2 * 86400, content: 'system note' },
    { user_id: ids.bob, username: 'bob', type: 3, created_at: now - 7200, content: 'quota changed' },
    {
      ...consume,
      user_id: ids.alice,
      username: 'alice',
      created_at: now - 3600,
      model_name: 'gpt-4o',
      token_name: 'tk1',
      quota: 1000,
      prompt_tokens: 100,
      completion_tokens: 100,
      channel_id: ids.channel,
    },
    { user_id: ids.alice, username: 'alice', type: 1, created_at: now - 25, quota: 5000, content: 'top-up' },
    {
      ...consume,
      user_id: ids.alice,
      username: 'alice',
      created_at: now - 20,
      model_name: 'gpt-4o',
      token_name: 'tk1',
      quota: 100,
      prompt_tokens: 10,
      completion_tokens: 5,
      channel_id: ids.channel,
      is_stream: 1,
      use_time: 3,
      other: ADMIN_OTHER,
      request_id: 'req-1',
    },
    {
      ...consume,
      user_id: ids.alice,
      username: 'alice',
      created_at: now - 10,
      model_name: 'gpt-4o-mini',
      token_name: 'tk2',
      quota: 50,
      prompt_tokens: 20,
      completion_tokens: 10,
      channel_id: ids.channel,
      group: 'vip',
    },
    {
      ...consume,
      user_id: ids.bob,
      username: 'bob',
      created_at: now - 5,
      model_name: 'claude-3-haiku',
      token_name: 'tkb',
      quota: 70,
      prompt_tokens: 7,
      completion_tokens: 3,
    },
  ];
}

describe('logs: list, user view, stat, delete', () => {
  let gw: RunningGateway;
  let root: ApiClient;
  let alice: ApiClient;
  let bob: ApiClient;
  let channelId: number;
  let now: number;

  const adminList = (query = '') => root.get<Page<LogView>>(`/api/log/${query}`);
  const total = async (client: ApiClient, url: string) =>
    (await client.get<Page<LogView>>(url)).body.data?.total;

  beforeAll(async () => {
    gw = await startGateway();
    root = await setupAndLoginRoot(gw.url);
    alice = await registerAndLogin(gw.url, 'alice');
    bob = await registerAndLogin(gw.url, 'bob');
    const channel = await root.post<ChannelView[]>('/api/channel/', {
      name: 'log-chan',
      key: 'k',
      models: 'm',
    });
    channelId = channel.body.data![0].id;
    now = Math.floor(Date.now() / 1000);
    const ids = { alice: alice.userId!, bob: bob.userId!, root: root.userId!, channel: channelId };
    for (const row of sampleLogs(now, ids)) gw.ctx.logs.add(row);
    await gw.ctx.logs.flush();
  });
  afterAll(async () => {
    await gw.stop();
  });

  it('lists every log newest first, with the API field names and the channel name', async () => {
    const res = await adminList('?p=1&page_size=10');
    expect(res.status).toBe(200);
    const page = res.body.data!;
    expect(page).toMatchObject({ total: 7, page: 1, page_size: 10 });
    const ids = page.items.map((l) => l.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const streamed = page.items.find((l) => l.request_id === 'req-1')!;
    expect(streamed).toEqual({
      id: streamed.id,
      user_id: alice.userId,
      created_at: now - 20,
      type: 2,
      content: '',
      username: 'alice',
      token_name: 'tk1',
      token_id: 0,
      model_name: 'gpt-4o',
      quota: 100,
      prompt_tokens: 10,
      completion_tokens: 5,
      use_time: 3,
      is_stream: true,
      channel: channelId,
      channel_name: 'log-chan',
      group: 'default',
      other: ADMIN_OTHER,
      request_id: 'req-1',
    });
    expect(page.items.find((l) => l.username === 'bob' && l.type === 2)).toMatchObject({
      channel: 0,
      channel_name: '',
    });
  });

  it('pages', async () => {
    const second = await adminList('?p=2&page_size=3');
    expect(second.body.data).toMatchObject({ total: 7, page: 2, page_size: 3 });
    expect(second.body.data?.items.map((l) => l.created_at)).toEqual([now - 25, now - 3600, now - 7200]);
  });

  it('filters by type, user, token, model (exact or LIKE), channel, group and time', async () => {
    const cases: Array<[string, number]> = [
      ['?type=2', 4],
      ['?type=0', 7],
      ['?username=alice', 4],
      ['?token_name=tk1', 2],
      ['?model_name=gpt-4o', 2],
      [`?model_name=${encodeURIComponent('gpt-4o%')}`, 3],
      [`?model_name=${encodeURIComponent('%haiku')}`, 1],
      [`?channel=${channelId}`, 3],
      ['?group=vip', 1],
      [`?start_timestamp=${now - 60}`, 4],
      [`?end_timestamp=${now - 3600}`, 3],
      [`?start_timestamp=${now - 4000}&end_timestamp=${now - 15}&type=2`, 2],
      ['?username=alice&type=2&token_name=tk1&model_name=gpt-4o', 2],
    ];
    for (const [query, expected] of cases) {
      expect([query, await total(root, `/api/log/${query}`)]).toEqual([query, expected]);
    }
  });

  it('shows users only their own logs, without channel names or admin_info', async () => {
    const res = await alice.get<Page<LogView>>('/api/log/self/?p=1&page_size=10&username=bob&channel=999');
    const page = res.body.data!;
    expect(page.total).toBe(4);
    expect(page.items.every((l) => l.user_id === alice.userId && l.channel_name === '')).toBe(true);
    const streamed = page.items.find((l) => l.request_id === 'req-1')!;
    expect(JSON.parse(streamed.other)).toEqual({ model_ratio: 2.5, group_ratio: 1 });
    expect(streamed.channel).toBe(channelId);
    const adminView = (await adminList('?username=alice&type=2&model_name=gpt-4o&token_name=tk1')).body.data!;
    expect(adminView.items.map((l) => l.id)).toContain(streamed.id);

    expect(await total(alice, '/api/log/self?type=2')).toBe(3);
    expect(await total(alice, '/api/log/self?model_name=gpt-4o-mini')).toBe(1);
    expect(await total(bob, '/api/log/self')).toBe(2);
    const capped = await alice.get<Page<LogView>>('/api/log/self?page_size=500');
    expect(capped.body.data?.page_size).toBe(100);
  });

  it('sums consume quota over the filters and counts the last minute for rpm and tpm', async () => {
    const stat = async (client: ApiClient, url: string) => (await client.get<LogStat>(url)).body.data;
    expect(await stat(root, '/api/log/stat')).toEqual({ quota: 1220, rpm: 3, tpm: 55 });
    expect(await stat(root, '/api/log/stat?type=1')).toEqual({ quota: 1220, rpm: 3, tpm: 55 });
    expect(await stat(root, '/api/log/stat?username=alice')).toEqual({ quota: 1150, rpm: 2, tpm: 45 });
    expect(await stat(root, `/api/log/stat?start_timestamp=${now - 100}`)).toEqual({
      quota: 220,
      rpm: 3,
      tpm: 55,
    });
    expect(await stat(root, `/api/log/stat?end_timestamp=${now - 100}`)).toEqual({
      quota: 1000,
      rpm: 3,
      tpm: 55,
    });
    const model = encodeURIComponent('gpt-4o%');
    expect(await stat(root, `/api/log/stat?model_name=${model}`)).toEqual({ quota: 1150, rpm: 2, tpm: 45 });
    expect(await stat(root, '/api/log/stat?group=vip')).toEqual({ quota: 50, rpm: 1, tpm: 30 });
    expect(await stat(root, '/api/log/stat?username=nobody')).toEqual({ quota: 0, rpm: 0, tpm: 0 });
    expect(await stat(bob, '/api/log/self/stat?username=alice')).toEqual({ quota: 70, rpm: 1, tpm: 10 });
    expect(await stat(alice, '/api/log/self/stat?token_name=tk1')).toEqual({ quota: 1100, rpm: 1, tpm: 15 });
  });

  it('keeps log administration to admins', async () => {
    for (const [method, url] of [
      ['GET', '/api/log/'],
      ['GET', '/api/log/stat'],
      ['DELETE', `/api/log/?target_timestamp=${now}`],
    ]) {
      expect([url, (await alice.request(method, url)).status]).toEqual([url, 403]);
    }
    expect((await new ApiClient(gw.url).get('/api/log/self')).status).toBe(401);
  });

  it('deletes logs created before a time and needs that time', async () => {
    for (const query of ['', '?target_timestamp=', '?target_timestamp=0', '?target_timestamp=abc']) {
      const res = await root.delete(`/api/log/${query}`);
      expect([query, res.status, res.body.message]).toEqual([
        query,
        400,
        '请选择要清除的日志截止时间（target_timestamp）',
      ]);
    }
    const res = await root.delete<number>(`/api/log/?target_timestamp=${now - 3600}`);
    expect(res.body).toMatchObject({ success: true, data: 2 });
    expect(await total(root, '/api/log/')).toBe(5);
    expect((await root.delete<number>(`/api/log/?target_timestamp=${now - 3600}`)).body.data).toBe(0);
  });
});

describe('logs in a separate database', () => {
  let gw: RunningGateway;
  let root: ApiClient;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-logdb-'));
    gw = await startGateway({ env: { LOG_SQL_DSN: `sqlite://${path.join(dir, 'logs.db')}` } });
    root = await setupAndLoginRoot(gw.url);
  });
  afterAll(async () => {
    await gw.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('names channels from the main database', async () => {
    expect(gw.ctx.logDb).not.toBe(gw.ctx.db);
    const channel = await root.post<ChannelView[]>('/api/channel/', {
      name: 'elsewhere',
      key: 'k',
      models: 'm',
    });
    const channelId = channel.body.data![0].id;
    gw.ctx.logs.add({ user_id: root.userId!, username: 'root', type: 2, channel_id: channelId, quota: 9 });
    await gw.ctx.logs.flush();
    const res = await root.get<Page<LogView>>('/api/log/');
    expect(res.body.data?.items).toEqual([
      expect.objectContaining({ channel: channelId, channel_name: 'elsewhere' }),
    ]);
    expect((await root.get<LogStat>('/api/log/stat')).body.data?.quota).toBe(9);
  });

  it('drops an unreadable "other" from a user view rather than risk showing admin details', async () => {
    gw.ctx.logs.add({
      user_id: root.userId!,
      type: 4,
      other: 'admin_info: not json',
      request_id: 'bad-other',
    });
    await gw.ctx.logs.flush();
    const own = await root.get<Page<LogView>>('/api/log/self?type=4');
    expect(own.body.data?.items).toEqual([expect.objectContaining({ request_id: 'bad-other', other: '' })]);
    const admin = await root.get<Page<LogView>>('/api/log/?type=4');
    expect(admin.body.data?.items[0].other).toBe('admin_info: not json');
  });
});
