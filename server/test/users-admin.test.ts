import type { UserView } from '@gateway/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addChannel,
  addToken,
  ApiClient,
  flushAll,
  registerAndLogin,
  setupAndLoginRoot,
  startFakeUpstream,
  startGateway,
  type FakeUpstream,
  type RunningGateway,
} from '@gateway/test-support';
import { relayChat, USER_PASSWORD } from './support/user-admin.js';

type UserPage = { items: UserView[]; total: number; page: number; page_size: number };

/** Admin list, search, create and edit of users (/api/user/, /api/user/search, PUT /api/user/). */
describe('user management API', () => {
  let gw: RunningGateway;
  let upstream: FakeUpstream;
  let root: ApiClient;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    gw = await startGateway();
    root = await setupAndLoginRoot(gw.url);
    for (const name of ['amber', 'basil', 'cedar', 'delta', 'ember']) {
      const res = await root.post<{ id: number }>('/api/user/', { username: name, password: USER_PASSWORD });
      expect(res.body.success, res.body.message).toBe(true);
      ids[name] = res.body.data!.id;
    }
    await gw.ctx.users.repo.update(ids.basil!, { email: 'basil@example.com', group: 'vip' });
    await gw.ctx.users.repo.update(ids.cedar!, { display_name: 'Blue Sky', group: 'vip' });
  });
  afterAll(async () => {
    await gw.stop();
    await upstream.close();
  });

  it('lists every user newest first, in 1-based pages, without secrets', async () => {
    const first = await root.get<UserPage>('/api/user/?p=1&page_size=2');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ total: 6, page: 1, page_size: 2 });
    expect(first.body.data!.items.map((u) => u.username)).toEqual(['ember', 'delta']);
    const third = await root.get<UserPage>('/api/user/?p=3&page_size=2');
    expect(third.body.data!.items.map((u) => u.username)).toEqual(['amber', 'root']);
    const all = await root.get<UserPage>('/api/user/?p=0&page_size=10');
    expect(all.body.data!.page).toBe(1);
    for (const user of all.body.data!.items) {
      expect(user).not.toHaveProperty('password');
      expect(user).not.toHaveProperty('access_token');
      expect(user.DeletedAt).toBeNull();
    }
  });

  it('searches by exact id, username, display name and email, and filters by group', async () => {
    const search = async (query: string) =>
      (await root.get<UserPage>(`/api/user/search?${query}&p=1&page_size=10`)).body.data!.items.map(
        (u) => u.username,
      );
    expect(await search(`keyword=${ids.delta}`)).toEqual(['delta']);
    expect(await search('keyword=MB')).toEqual(['ember', 'amber']);
    expect(await search('keyword=blue')).toEqual(['cedar']);
    expect(await search('keyword=example.com')).toEqual(['basil']);
    expect(await search('group=vip')).toEqual(['cedar', 'basil']);
    expect(await search('keyword=basil&group=default')).toEqual([]);
    expect(await search('keyword=%25')).toEqual([]);
    const paged = await root.get<UserPage>('/api/user/search?keyword=e&p=2&page_size=2');
    // ember, delta, cedar (Blue Sky), basil (its email), amber, root (Root User).
    expect(paged.body.data).toMatchObject({ total: 6, page: 2, page_size: 2 });
    expect(paged.body.data!.items.map((u) => u.username)).toEqual(['cedar', 'basil']);
  });

  it('keeps deregistered users in the list with DeletedAt set', async () => {
    const gone = await registerAndLogin(gw.url, 'fleeting');
    expect((await gone.delete('/api/user/self')).body.success).toBe(true);
    const found = await root.get<UserPage>('/api/user/search?keyword=fleeting&p=1&page_size=10');
    expect(found.body.data!.items).toHaveLength(1);
    expect(found.body.data!.items[0]!.DeletedAt).toBeGreaterThan(0);
  });

  it('refuses the lists to normal users', async () => {
    const user = await registerAndLogin(gw.url, 'nosy');
    const res = await user.get('/api/user/?p=1&page_size=10');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('无权进行此操作，权限不足');
  });

  it('creates users through the sign-up path, with clear refusals', async () => {
    const empty = await root.post('/api/user/', { username: '  ', password: USER_PASSWORD });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('用户名和密码不能为空');
    const noPassword = await root.post('/api/user/', { username: 'fig' });
    expect(noPassword.body.message).toBe('用户名和密码不能为空');
    const short = await root.post('/api/user/', { username: 'fig', password: 'short' });
    expect(short.body.message).toBe('密码长度不得小于 8 位');
    const peer = await root.post('/api/user/', { username: 'fig', password: USER_PASSWORD, role: 100 });
    expect(peer.status).toBe(403);
    expect(peer.body.message).toBe('无法创建权限大于等于自己的用户');
    const dup = await root.post('/api/user/', { username: 'amber', password: USER_PASSWORD });
    expect(dup.body.message).toBe('用户名已存在，或已注销');

    await root.put('/api/option/', { key: 'QuotaForNewUser', value: '1234' });
    const made = await root.post<{ id: number }>('/api/user/', {
      username: ' fig ',
      password: USER_PASSWORD,
      role: 10,
    });
    expect(made.body.success).toBe(true);
    const fig = await root.get<UserView>(`/api/user/${made.body.data!.id}`);
    expect(fig.body.data).toMatchObject({
      username: 'fig',
      display_name: 'fig',
      role: 1,
      status: 1,
      quota: 1234,
    });
    await root.put('/api/option/', { key: 'QuotaForNewUser', value: '0' });
    const signIn = await new ApiClient(gw.url).login('fig', USER_PASSWORD);
    expect(signIn.body.success).toBe(true);
  });

  it('edits only the fields sent and logs a quota change', async () => {
    const id = ids.delta!;
    const before = (await root.get<UserView>(`/api/user/${id}`)).body.data!;
    const renamed = await root.put('/api/user/', { id, display_name: 'Delta D' });
    expect(renamed.body.success, renamed.body.message).toBe(true);
    const mid = (await root.get<UserView>(`/api/user/${id}`)).body.data!;
    expect(mid).toMatchObject({ username: 'delta', display_name: 'Delta D', group: before.group, quota: 0 });

    const res = await root.put('/api/user/', { id, group: 'svip', quota: 500_000, password: '' });
    expect(res.body.success, res.body.message).toBe(true);
    await root.put('/api/user/', { id, quota: 250_000 });
    const after = (await root.get<UserView>(`/api/user/${id}`)).body.data!;
    expect(after).toMatchObject({
      username: 'delta',
      display_name: 'Delta D',
      group: 'svip',
      quota: 250_000,
    });
    expect((await new ApiClient(gw.url).login('delta', USER_PASSWORD)).body.success).toBe(true);

    await flushAll(gw);
    const logs = await gw.ctx.logDb
      .selectFrom('logs')
      .select(['type', 'content', 'username'])
      .where('user_id', '=', id)
      .orderBy('id')
      .execute();
    expect(logs).toEqual([
      { type: 3, username: 'delta', content: '管理员将用户额度从 ＄0.000000 额度修改为 ＄1.000000 额度' },
      { type: 3, username: 'delta', content: '管理员将用户额度从 ＄1.000000 额度修改为 ＄0.500000 额度' },
    ]);
  });

  it('validates edits and refuses a taken username or a missing user', async () => {
    const taken = await root.put('/api/user/', { id: ids.ember, username: 'amber' });
    expect(taken.status).toBe(400);
    expect(taken.body.message).toBe('用户名已存在，或已注销');
    const noId = await root.put('/api/user/', { display_name: 'x' });
    expect(noId.status).toBe(400);
    expect(noId.body.message).toBe('无效的参数');
    const fraction = await root.put('/api/user/', { id: ids.ember, quota: 1.5 });
    expect(fraction.body.message).toBe('额度必须是整数');
    const missing = await root.put('/api/user/', { id: 99_999, display_name: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('用户不存在');
  });

  it('applies a lowered quota to relay admission at once', async () => {
    await root.put('/api/option/', { key: 'ModelRatio', value: JSON.stringify({ 'edit-model': 1 }) });
    upstream.scenario('edit-key', { usage: { prompt: 10, completion: 10 } });
    await addChannel(gw, { key: 'edit-key', baseUrl: upstream.url, models: ['edit-model'] });
    const id = ids.ember!;
    await root.put('/api/user/', { id, quota: 1000 });
    const token = await addToken(gw, id, { unlimited: true });
    // Holds 8 (prompt estimate) + 40 (max_tokens), charges 10 + 10.
    expect((await relayChat(gw.url, token.apiKey, 'edit-model')).status).toBe(200);
    expect((await root.put('/api/user/', { id, quota: 30 })).body.success).toBe(true);
    const refused = await relayChat(gw.url, token.apiKey, 'edit-model');
    expect(refused.status).toBe(403);
    expect(refused.error?.message).toBe('用户额度不足：剩余 30，需要 48');
    expect((await root.put('/api/user/', { id, quota: 1000 })).body.success).toBe(true);
    expect((await relayChat(gw.url, token.apiKey, 'edit-model')).status).toBe(200);
    await flushAll(gw);
    expect((await root.get<UserView>(`/api/user/${id}`)).body.data?.quota).toBe(980);
  });
});
