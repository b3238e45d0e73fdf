import type { Page, TokenView } from '@gateway/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  registerAndLogin,
  setupAndLoginRoot,
  startGateway,
  type ApiClient,
  type RunningGateway,
} from '@gateway/test-support';

const IP_HINT = '（每行填写一个 IPv4/IPv6 地址或 CIDR 网段）';

/** Editing, enabling/disabling and deleting tokens, and what the relay is told about it. */
describe('tokens: update, status and delete', () => {
  let gw: RunningGateway;
  let alice: ApiClient;
  let bob: ApiClient;
  const published: string[] = [];

  const make = async (body: Record<string, unknown> = {}) => {
    const res = await alice.post<TokenView[]>('/api/token/', { name: 'tok', ...body });
    if (!res.body.data) throw new Error(res.body.message);
    return res.body.data[0];
  };
  /** Puts a token into a state only the relay produces (expired, exhausted). */
  const force = (id: number, fields: { status?: number; expired_time?: number; remain_quota?: number }) =>
    gw.ctx.db.updateTable('tokens').set(fields).where('id', '=', id).execute();
  const setStatus = (client: ApiClient, id: number, status: unknown) =>
    client.put<TokenView>('/api/token/?status_only=true', { id, status });

  beforeAll(async () => {
    gw = await startGateway();
    gw.ctx.bus.subscribe('token', (key) => published.push(key));
    await setupAndLoginRoot(gw.url);
    alice = await registerAndLogin(gw.url, 'alice');
    bob = await registerAndLogin(gw.url, 'bob');
  });
  afterAll(async () => {
    await gw.stop();
  });

  it('announces every write on the token topic with the key', async () => {
    const token = await make();
    expect(published).toContain(token.key);
    published.length = 0;
    await alice.put('/api/token/', { id: token.id, name: 'renamed' });
    await setStatus(alice, token.id, 2);
    await alice.delete(`/api/token/${token.id}/`);
    expect(published).toEqual([token.key, token.key, token.key]);
  });

  it('updates every editable field and answers the updated token', async () => {
    const token = await make();
    const future = Math.floor(Date.now() / 1000) + 86_400;
    const res = await alice.put<TokenView>('/api/token/', {
      id: token.id,
      name: 'edited',
      expired_time: future,
      remain_quota: 123,
      unlimited_quota: true,
      model_limits_enabled: true,
      model_limits: 'a,b, a',
      allow_ips: '127.0.0.1 ::1',
      group: 'vip',
      status: 2,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: token.id,
      key: token.key,
      name: 'edited',
      expired_time: future,
      remain_quota: 123,
      unlimited_quota: true,
      model_limits_enabled: true,
      model_limits: 'a,b',
      allow_ips: '127.0.0.1\n::1',
      group: 'vip',
      // A full update never changes the status; only status_only does.
      status: 1,
    });
    const reread = await alice.get<TokenView>(`/api/token/${token.id}`);
    expect(reread.body.data).toEqual(res.body.data);
  });

  it('keeps the fields a partial update leaves out', async () => {
    const token = await make({ remain_quota: 777, model_limits: 'm1', allow_ips: '10.0.0.1' });
    const res = await alice.put<TokenView>('/api/token/', { id: token.id, name: 'only-name' });
    expect(res.body.data).toMatchObject({
      name: 'only-name',
      remain_quota: 777,
      model_limits: 'm1',
      allow_ips: '10.0.0.1',
    });
  });

  it('validates updates like creation', async () => {
    const token = await make();
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ name: 'y'.repeat(31) }, 400, '令牌名称过长'],
      [{ name: '' }, 400, '令牌名称不能为空'],
      [{ remain_quota: -5 }, 400, '令牌额度不能为负数'],
      [{ expired_time: 12 }, 400, '过期时间必须晚于当前时间，或设为 -1（永不过期）'],
      [{ allow_ips: '300.1.1.1' }, 400, `IP 白名单中的条目无效：300.1.1.1${IP_HINT}`],
      [{ group: 'svip' }, 403, '无权使用分组 svip'],
    ];
    for (const [fields, status, message] of cases) {
      const res = await alice.put('/api/token/', { id: token.id, ...fields });
      expect([res.status, res.body.message]).toEqual([status, message]);
    }
    const missingId = await alice.put('/api/token/', { name: 'x' });
    expect(missingId.body.message).toBe('令牌 id 无效');
  });

  it('lets an edit keep an expiry that has already passed', async () => {
    const token = await make();
    const past = Math.floor(Date.now() / 1000) - 10;
    await force(token.id, { status: 3, expired_time: past });
    const res = await alice.put<TokenView>('/api/token/', { id: token.id, name: 'late', expired_time: past });
    expect(res.body.data).toMatchObject({ name: 'late', expired_time: past, status: 3 });
  });

  it('tells the ledger how much remain_quota moved', async () => {
    const token = await make({ remain_quota: 1000 });
    expect(await gw.ctx.ledger.authority.tokenBalance(token.id)).toBe(1000);
    await alice.put('/api/token/', { id: token.id, remain_quota: 5000 });
    expect(await gw.ctx.ledger.authority.tokenBalance(token.id)).toBe(5000);
    await alice.put('/api/token/', { id: token.id, remain_quota: 200 });
    expect(await gw.ctx.ledger.authority.tokenBalance(token.id)).toBe(200);
  });

  it('disables and enables with status_only, touching nothing else', async () => {
    const token = await make({ remain_quota: 99 });
    const off = await setStatus(alice, token.id, 2);
    expect(off.body.data).toMatchObject({ status: 2, remain_quota: 99, name: 'tok' });
    const on = await alice.put<TokenView>('/api/token/?status_only=true', {
      id: token.id,
      status: 1,
      name: 'x',
    });
    expect(on.body.data).toMatchObject({ status: 1, name: 'tok' });
  });

  it('lets a user set only the enabled and disabled states', async () => {
    const token = await make();
    for (const status of [3, 4, 0, 'on']) {
      const res = await setStatus(alice, token.id, status);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('只能启用（1）或禁用（2）令牌');
    }
  });

  it('refuses to enable an expired token until its expiry changes', async () => {
    const token = await make();
    await force(token.id, { status: 3, expired_time: Math.floor(Date.now() / 1000) - 5 });
    const refused = await setStatus(alice, token.id, 1);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('令牌已过期，无法启用，请先修改令牌过期时间，或者设置为永不过期');
    await alice.put('/api/token/', { id: token.id, expired_time: -1 });
    expect((await setStatus(alice, token.id, 1)).body.data?.status).toBe(1);
  });

  it('refuses to enable an exhausted limited token, but not an unlimited one', async () => {
    const token = await make();
    await force(token.id, { status: 4, remain_quota: 0 });
    const refused = await setStatus(alice, token.id, 1);
    expect(refused.body.message).toBe(
      '令牌可用额度已用尽，无法启用，请先修改令牌剩余额度，或者设置为无限额度',
    );
    await alice.put('/api/token/', { id: token.id, unlimited_quota: true });
    expect((await setStatus(alice, token.id, 1)).body.data?.status).toBe(1);

    // A token disabled by hand that ran out meanwhile is refused as well.
    const other = await make();
    await setStatus(alice, other.id, 2);
    await force(other.id, { remain_quota: -10 });
    expect((await setStatus(alice, other.id, 1)).body.success).toBe(false);
  });

  it('never lets another user edit, switch or delete a token', async () => {
    const token = await make({ name: 'mine' });
    const edit = await bob.put('/api/token/', { id: token.id, name: 'stolen' });
    const toggle = await setStatus(bob, token.id, 2);
    const del = await bob.delete(`/api/token/${token.id}`);
    for (const res of [edit, toggle, del]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('令牌不存在');
    }
    const still = await alice.get<TokenView>(`/api/token/${token.id}`);
    expect(still.body.data).toMatchObject({ name: 'mine', status: 1 });
  });

  it('soft-deletes: the token disappears from get, list and search but the row stays', async () => {
    const token = await make({ name: 'doomed' });
    expect((await alice.delete(`/api/token/${token.id}`)).body.success).toBe(true);
    expect((await alice.get(`/api/token/${token.id}`)).status).toBe(404);
    const list = await alice.get<Page<TokenView>>('/api/token/?page_size=100');
    expect(list.body.data?.items.some((t) => t.id === token.id)).toBe(false);
    const search = await alice.get<Page<TokenView>>(`/api/token/search?token=${token.key}`);
    expect(search.body.data?.total).toBe(0);
    expect((await alice.delete(`/api/token/${token.id}`)).status).toBe(404);
    expect((await alice.put('/api/token/', { id: token.id, name: 'zombie' })).status).toBe(404);
    const row = await gw.ctx.db
      .selectFrom('tokens')
      .selectAll()
      .where('id', '=', token.id)
      .executeTakeFirst();
    expect(row?.deleted_at).toBeGreaterThan(0);
  });
});
