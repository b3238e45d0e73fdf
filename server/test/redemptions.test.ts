import type { Page, RedemptionView } from '@gateway/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  registerAndLogin,
  setupAndLoginRoot,
  startGateway,
  type ApiClient,
  type RunningGateway,
} from '@gateway/test-support';

/** Admin management of redemption codes. Redeeming: redemptions-redeem.test.ts. */
describe('redemption codes (admin)', () => {
  let gw: RunningGateway;
  let root: ApiClient;
  let user: ApiClient;

  const create = (body: Record<string, unknown>) => root.post<string[]>('/api/redemption/', body);
  const createOne = async (name: string, quota = 1000) => {
    const [key] = (await create({ name, quota })).body.data ?? [];
    const row = await gw.ctx.db
      .selectFrom('redemptions')
      .selectAll()
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) throw new Error('code not created');
    return row;
  };

  beforeAll(async () => {
    gw = await startGateway();
    root = await setupAndLoginRoot(gw.url);
    user = await registerAndLogin(gw.url, 'plainuser');
  });
  afterAll(async () => {
    await gw.stop();
  });

  it('creates a batch of codes and answers their 32-hex keys', async () => {
    const res = await create({ name: 'launch', quota: 5000, count: 3 });
    expect(res.status).toBe(200);
    const keys = res.body.data ?? [];
    expect(keys).toHaveLength(3);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(3);
    const rows = await gw.ctx.db.selectFrom('redemptions').selectAll().where('key', 'in', keys).execute();
    for (const row of rows) {
      expect(row).toMatchObject({
        name: 'launch',
        quota: 5000,
        status: 1,
        used_user_id: 0,
        redeemed_time: 0,
      });
      expect(row.user_id).toBe(root.userId);
    }
    expect((await create({ name: 'single', quota: 1 })).body.data).toHaveLength(1);
  });

  it.each([
    [{ quota: 10 }, '兑换码名称长度必须在1-20之间'],
    [{ name: '', quota: 10 }, '兑换码名称长度必须在1-20之间'],
    [{ name: 'n'.repeat(21), quota: 10 }, '兑换码名称长度必须在1-20之间'],
    [{ name: 'ok', quota: 10, count: 0 }, '兑换码个数必须大于0'],
    [{ name: 'ok', quota: 10, count: -3 }, '兑换码个数必须大于0'],
    [{ name: 'ok', quota: 10, count: 101 }, '一次兑换码批量生成的个数不能大于 100'],
    [{ name: 'ok', quota: 0 }, '兑换码额度必须是正整数'],
    [{ name: 'ok', quota: 2.5 }, '兑换码额度必须是正整数'],
    [{ name: 'ok' }, '兑换码额度必须是正整数'],
  ])('rejects %j', async (body, message) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('accepts 20 Chinese characters as a name', async () => {
    expect((await create({ name: '码'.repeat(20), quota: 1 })).body.success).toBe(true);
  });

  it('is for admins only', async () => {
    for (const res of [
      await user.get('/api/redemption/'),
      await user.post('/api/redemption/', { name: 'x', quota: 1 }),
      await user.put('/api/redemption/', { id: 1, name: 'x' }),
      await user.delete('/api/redemption/1'),
    ]) {
      expect(res.status).toBe(403);
    }
  });

  it('lists newest first with paging and searches by id or name prefix', async () => {
    await create({ name: 'promo-a', quota: 1, count: 3 });
    const first = await createOne('promo-b');
    await createOne('other-promo');

    const all = await root.get<Page<RedemptionView>>('/api/redemption/?p=1&page_size=100');
    const ids = all.body.data?.items.map((r) => r.id) ?? [];
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const page = await root.get<Page<RedemptionView>>('/api/redemption/?p=2&page_size=2');
    expect(page.body.data).toMatchObject({ page: 2, page_size: 2, total: all.body.data?.total });
    expect(page.body.data?.items.map((r) => r.id)).toEqual(ids.slice(2, 4));

    const prefix = await root.get<Page<RedemptionView>>('/api/redemption/search?keyword=promo&page_size=100');
    expect(prefix.body.data?.total).toBe(4);
    expect(prefix.body.data?.items.every((r) => r.name.startsWith('promo'))).toBe(true);
    const paged = await root.get<Page<RedemptionView>>(
      '/api/redemption/search?keyword=promo&p=2&page_size=3',
    );
    expect(paged.body.data?.items).toHaveLength(1);
    const byId = await root.get<Page<RedemptionView>>(`/api/redemption/search?keyword=${first.id}`);
    expect(byId.body.data?.items.map((r) => r.id)).toContain(first.id);
  });

  it('gets one code; unknown ids are 404', async () => {
    const code = await createOne('getme', 321);
    const got = await root.get<RedemptionView>(`/api/redemption/${code.id}`);
    expect(got.body.data).toMatchObject({
      id: code.id,
      key: code.key,
      quota: 321,
      status: 1,
      DeletedAt: null,
    });
    expect((await root.get('/api/redemption/999999')).status).toBe(404);
    expect((await root.get('/api/redemption/zero')).status).toBe(404);
  });

  it('edits name and quota of an unused code; an unchanged edit is fine too', async () => {
    const code = await createOne('editable', 10);
    const res = await root.put<RedemptionView>('/api/redemption/', {
      id: code.id,
      name: 'edited',
      quota: 20,
    });
    expect(res.body.data).toMatchObject({ name: 'edited', quota: 20, status: 1 });
    const same = await root.put<RedemptionView>('/api/redemption/', {
      id: code.id,
      name: 'edited',
      quota: 20,
    });
    expect(same.body.success).toBe(true);
    const quotaOnly = await root.put<RedemptionView>('/api/redemption/', { id: code.id, quota: 30 });
    expect(quotaOnly.body.data).toMatchObject({ name: 'edited', quota: 30 });
    const bad = await root.put('/api/redemption/', { id: code.id, name: 'z'.repeat(21) });
    expect(bad.body.message).toBe('兑换码名称长度必须在1-20之间');
    expect((await root.put('/api/redemption/', { id: 999999, name: 'x' })).status).toBe(404);
  });

  it('disables and re-enables with status_only', async () => {
    const code = await createOne('toggle');
    const off = await root.put<RedemptionView>('/api/redemption/?status_only=true', {
      id: code.id,
      status: 2,
    });
    expect(off.body.data).toMatchObject({ status: 2, name: 'toggle' });
    const on = await root.put<RedemptionView>('/api/redemption/?status_only=true', {
      id: code.id,
      status: 1,
    });
    expect(on.body.data?.status).toBe(1);
    const used = await root.put('/api/redemption/?status_only=true', { id: code.id, status: 3 });
    expect(used.body.message).toBe('兑换码状态只能设置为启用（1）或禁用（2）');
  });

  it('never re-enables or edits a used code', async () => {
    const code = await createOne('spent', 77);
    expect((await user.post('/api/user/topup', { key: code.key })).body.data).toBe(77);
    const enable = await root.put('/api/redemption/?status_only=true', { id: code.id, status: 1 });
    expect([enable.status, enable.body.message]).toEqual([400, '兑换码已被使用，无法启用或禁用']);
    const edit = await root.put('/api/redemption/', { id: code.id, quota: 1_000_000 });
    expect([edit.status, edit.body.message]).toEqual([400, '兑换码已被使用，无法编辑']);
    const row = await root.get<RedemptionView>(`/api/redemption/${code.id}`);
    expect(row.body.data).toMatchObject({ status: 3, quota: 77, used_user_id: user.userId });
    expect(row.body.data?.redeemed_time).toBeGreaterThan(0);
  });

  it('soft-deletes: gone from lists and get, and no longer redeemable', async () => {
    const code = await createOne('deleted-one');
    expect((await root.delete(`/api/redemption/${code.id}/`)).body.success).toBe(true);
    expect((await root.get(`/api/redemption/${code.id}`)).status).toBe(404);
    const list = await root.get<Page<RedemptionView>>('/api/redemption/search?keyword=deleted-one');
    expect(list.body.data?.total).toBe(0);
    expect((await root.delete(`/api/redemption/${code.id}`)).status).toBe(404);
    expect((await user.post('/api/user/topup', { key: code.key })).body.message).toBe('无效的兑换码');
    const row = await gw.ctx.db
      .selectFrom('redemptions')
      .selectAll()
      .where('id', '=', code.id)
      .executeTakeFirst();
    expect(row?.deleted_at).toBeGreaterThan(0);
  });
});
