import type { ChannelView, FixAbilitiesResult, OpenAIModelObject } from '@gateway/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupAndLoginRoot, startGateway, type ApiClient, type RunningGateway } from '@gateway/test-support';

/** Tags, batch operations, deleting disabled channels, repairing abilities, model lists. */
describe('channels: tags, batches, repair', () => {
  let gw: RunningGateway;
  let root: ApiClient;
  let published = 0;

  const create = async (body: Record<string, unknown>): Promise<ChannelView> => {
    const res = await root.post<ChannelView[]>('/api/channel/', { key: 'sk-x', models: 'm', ...body });
    if (!res.body.success) throw new Error(res.body.message);
    return res.body.data![0];
  };
  const channel = async (id: number) => (await root.get<ChannelView>(`/api/channel/${id}`)).body.data!;
  const abilities = (ids: number[]) =>
    gw.ctx.db
      .selectFrom('abilities')
      .selectAll()
      .where('channel_id', 'in', ids)
      .orderBy('channel_id')
      .orderBy('group')
      .orderBy('model')
      .execute();

  beforeAll(async () => {
    gw = await startGateway();
    root = await setupAndLoginRoot(gw.url);
    gw.ctx.bus.subscribe('channels', () => published++);
  });
  afterAll(async () => {
    await gw.stop();
  });

  it('sets and removes a tag on selected channels, abilities included', async () => {
    const a = await create({ name: 'a' });
    const b = await create({ name: 'b' });
    const before = published;
    const res = await root.post<number>('/api/channel/batch/tag', {
      ids: [a.id, b.id, 999999],
      tag: ' team ',
    });
    expect(res.body).toMatchObject({ success: true, data: 2 });
    expect(published).toBe(before + 1);
    expect((await channel(a.id)).tag).toBe('team');
    expect((await abilities([a.id, b.id])).map((r) => r.tag)).toEqual(['team', 'team']);

    await root.post('/api/channel/batch/tag', { ids: [a.id], tag: null });
    expect((await channel(a.id)).tag).toBeNull();
    expect((await abilities([a.id])).map((r) => r.tag)).toEqual([null]);

    expect((await root.post('/api/channel/batch/tag', { ids: [], tag: 'x' })).body.message).toBe(
      '请先选择要设置标签的渠道！',
    );
    expect((await root.post('/api/channel/batch/tag', { ids: [a.id], tag: '  ' })).body.message).toBe(
      '标签不能为空！',
    );
  });

  it('edits every channel of a tag: priority and weight reach the abilities', async () => {
    const c1 = await create({ name: 'c1', tag: 'edit', models: 'x', priority: 1 });
    const c2 = await create({ name: 'c2', tag: 'edit', models: 'y', group: 'vip', priority: 2 });
    const before = published;
    const res = await root.put<number>('/api/channel/tag', {
      tag: 'edit',
      priority: '8',
      weight: 4,
      models: '',
    });
    expect(res.body).toMatchObject({ success: true, data: 2 });
    expect(published).toBe(before + 1);
    expect(await channel(c1.id)).toMatchObject({ priority: 8, weight: 4, models: 'x', group: 'default' });
    expect(await channel(c2.id)).toMatchObject({ priority: 8, weight: 4, models: 'y', group: 'vip' });
    expect((await abilities([c1.id, c2.id])).map((r) => [r.model, Number(r.priority), r.weight])).toEqual([
      ['x', 8, 4],
      ['y', 8, 4],
    ]);
  });

  it('edits models, groups and model mapping of a tag and rebuilds abilities', async () => {
    const c1 = await create({ name: 'd1', tag: 'rebuild', models: 'old' });
    const c2 = await create({ name: 'd2', tag: 'rebuild', models: 'old', status: 2 });
    await root.put('/api/channel/tag', {
      tag: 'rebuild',
      models: 'n1, n2',
      groups: 'default,vip',
      model_mapping: '{"n1":"n1-real"}',
    });
    expect(await channel(c1.id)).toMatchObject({
      models: 'n1,n2',
      group: 'default,vip',
      model_mapping: '{"n1":"n1-real"}',
    });
    const rows = await abilities([c1.id, c2.id]);
    expect(rows.map((r) => [r.channel_id, r.group, r.model, r.enabled, r.tag])).toEqual([
      [c1.id, 'default', 'n1', 1, 'rebuild'],
      [c1.id, 'default', 'n2', 1, 'rebuild'],
      [c1.id, 'vip', 'n1', 1, 'rebuild'],
      [c1.id, 'vip', 'n2', 1, 'rebuild'],
      [c2.id, 'default', 'n1', 0, 'rebuild'],
      [c2.id, 'default', 'n2', 0, 'rebuild'],
      [c2.id, 'vip', 'n1', 0, 'rebuild'],
      [c2.id, 'vip', 'n2', 0, 'rebuild'],
    ]);
  });

  it('renames a tag, and a blank new tag dissolves it', async () => {
    const c = await create({ name: 'r1', tag: 'before' });
    await root.put('/api/channel/tag', { tag: 'before', new_tag: 'after' });
    expect((await channel(c.id)).tag).toBe('after');
    expect((await abilities([c.id])).map((r) => r.tag)).toEqual(['after']);
    await root.put('/api/channel/tag', { tag: 'after', new_tag: '' });
    expect((await channel(c.id)).tag).toBeNull();
    expect((await abilities([c.id])).map((r) => r.tag)).toEqual([null]);
  });

  it('validates tag edits', async () => {
    await create({ name: 'v1', tag: 'valid' });
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ tag: '', priority: 1 }, 400, '标签不能为空！'],
      [{ tag: 'valid', priority: 'abc' }, 400, '优先级必须是整数！'],
      [{ tag: 'valid', priority: 1.5 }, 400, '优先级必须是整数！'],
      [{ tag: 'valid', weight: -1 }, 400, '权重必须是非负整数！'],
      [{ tag: 'valid', weight: '2.5' }, 400, '权重必须是非负整数！'],
      [{ tag: 'valid', model_mapping: 'nope' }, 400, '模型映射必须是合法的 JSON 格式！'],
      [
        { tag: 'valid', priority: '', weight: null, models: ' ', groups: '', model_mapping: '' },
        400,
        '没有任何修改！',
      ],
      [{ tag: 'valid', new_tag: 'valid' }, 400, '没有任何修改！'],
      [{ tag: 'missing', priority: 1 }, 404, '没有标签为 missing 的渠道'],
    ];
    for (const [body, status, message] of cases) {
      const res = await root.put('/api/channel/tag', body);
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status, message });
    }
  });

  it('disables and enables every channel of a tag', async () => {
    const c1 = await create({ name: 's1', tag: 'switch' });
    const c2 = await create({ name: 's2', tag: 'switch', models: 'a,b' });
    const before = published;
    const off = await root.post<number>('/api/channel/tag/disabled', { tag: 'switch' });
    expect(off.body).toMatchObject({ success: true, data: 2 });
    expect(published).toBe(before + 1);
    expect([(await channel(c1.id)).status, (await channel(c2.id)).status]).toEqual([2, 2]);
    expect((await abilities([c1.id, c2.id])).map((r) => r.enabled)).toEqual([0, 0, 0]);
    await root.post('/api/channel/tag/enabled', { tag: 'switch' });
    expect([(await channel(c1.id)).status, (await channel(c2.id)).status]).toEqual([1, 1]);
    expect((await abilities([c1.id, c2.id])).map((r) => r.enabled)).toEqual([1, 1, 1]);
    expect((await root.post('/api/channel/tag/enabled', {})).body.message).toBe('标签不能为空！');
    expect((await root.post('/api/channel/tag/disabled', { tag: 'none' })).status).toBe(404);
  });

  it('deletes selected channels with their abilities and counts them', async () => {
    const a = await create({ name: 'x1' });
    const b = await create({ name: 'x2' });
    const res = await root.post<number>('/api/channel/batch', { ids: [a.id, b.id, 999999] });
    expect(res.body).toMatchObject({ success: true, data: 2 });
    expect(await abilities([a.id, b.id])).toEqual([]);
    expect((await root.get(`/api/channel/${a.id}`)).status).toBe(404);
    expect((await root.post('/api/channel/batch', { ids: [] })).body.message).toBe('请先选择要删除的通道！');
    expect((await root.post('/api/channel/batch', {})).body.message).toBe('请先选择要删除的通道！');
  });

  it('deletes manually and automatically disabled channels, abilities too', async () => {
    const keep = await create({ name: 'keep' });
    const manual = await create({ name: 'manual', status: 2 });
    const auto = await create({ name: 'auto', status: 3 });
    const disabled = await gw.ctx.db
      .selectFrom('channels')
      .select('id')
      .where('status', 'in', [2, 3])
      .execute();
    expect(disabled.map((r) => r.id)).toEqual(expect.arrayContaining([manual.id, auto.id]));
    const res = await root.delete<number>('/api/channel/disabled');
    expect(res.body).toMatchObject({ success: true, data: disabled.length });
    expect(await abilities(disabled.map((r) => r.id))).toEqual([]);
    expect((await root.get(`/api/channel/${keep.id}`)).status).toBe(200);
    expect((await root.get(`/api/channel/${manual.id}`)).status).toBe(404);
    expect((await root.delete<number>('/api/channel/disabled')).body.data).toBe(0);
  });

  it('repairs abilities: drops orphans and rebuilds every channel', async () => {
    const c = await create({ name: 'fixme', models: 'f1,f2', group: 'default,vip' });
    await gw.ctx.db.deleteFrom('abilities').where('channel_id', '=', c.id).execute();
    await gw.ctx.db
      .insertInto('abilities')
      .values({
        group: 'default',
        model: 'ghost',
        channel_id: 987654,
        enabled: 1,
        priority: 0,
        weight: 0,
        tag: null,
      })
      .execute();
    const total = await gw.ctx.db
      .selectFrom('channels')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await root.post<FixAbilitiesResult>('/api/channel/fix');
    expect(res.body.data).toMatchObject({ orphans_removed: 1, channels: Number(total.n) });
    expect(await abilities([987654])).toEqual([]);
    expect((await abilities([c.id])).map((r) => `${r.group}/${r.model}`)).toEqual([
      'default/f1',
      'default/f2',
      'vip/f1',
      'vip/f2',
    ]);
    const all = await gw.ctx.db
      .selectFrom('abilities')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(res.body.data?.abilities).toBe(Number(all.n));
  });

  it('tells the relay to reload after batch deletes, deleting disabled channels and repairs', async () => {
    const a = await create({ name: 'p1' });
    await create({ name: 'p2', status: 2 });
    const counted = async (call: () => Promise<unknown>) => {
      const before = published;
      await call();
      return published - before;
    };
    expect(await counted(() => root.post('/api/channel/batch', { ids: [a.id] }))).toBe(1);
    expect(await counted(() => root.delete('/api/channel/disabled'))).toBe(1);
    expect(await counted(() => root.post('/api/channel/fix'))).toBe(1);
    const t = await create({ name: 'p3', tag: 'pub' });
    expect(await counted(() => root.post('/api/channel/tag/enabled', { tag: 'pub' }))).toBe(1);
    expect(await counted(() => root.post('/api/channel/batch/tag', { ids: [t.id], tag: null }))).toBe(1);
  });

  it('lists every known model as OpenAI model objects', async () => {
    const res = await root.get<OpenAIModelObject[]>('/api/channel/models');
    const models = res.body.data!;
    expect(models.find((m) => m.id === 'gpt-4o')).toEqual({
      id: 'gpt-4o',
      object: 'model',
      created: 1626777600,
      owned_by: 'OpenAI',
    });
    for (const id of ['claude-3-5-sonnet-20241022', 'gemini-2.5-pro', 'deepseek-chat', 'grok-3', 'glm-4']) {
      expect(models.some((m) => m.id === id)).toBe(true);
    }
    expect(new Set(models.map((m) => m.id)).size).toBe(models.length);
  });

  it('lists the distinct models of enabled abilities', async () => {
    await create({ name: 'on', models: 'enabled-1,shared' });
    await create({ name: 'on2', models: 'shared', group: 'vip' });
    await create({ name: 'off', models: 'disabled-only', status: 2 });
    const res = await root.get<string[]>('/api/channel/models_enabled');
    expect(res.body.data).toEqual(expect.arrayContaining(['enabled-1', 'shared']));
    expect(res.body.data).not.toContain('disabled-only');
    expect(res.body.data?.filter((m) => m === 'shared')).toHaveLength(1);
  });
});
