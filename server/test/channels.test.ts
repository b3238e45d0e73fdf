import type { ChannelView } from '@gateway/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  registerAndLogin,
  setupAndLoginRoot,
  startGateway,
  type RunningGateway,
} from '@gateway/test-support';

/** Channel create, read, update, delete; validation; abilities; keys never leave the server. */
describe('channels: create, read, update, delete', () => {
  let gw: RunningGateway;
  let root: ApiClient;
  let published = 0;

  const create = (body: Record<string, unknown>) => root.post<ChannelView[]>('/api/channel/', body);
  const update = (body: Record<string, unknown>) => root.put<ChannelView>('/api/channel/', body);
  const abilities = (channelId: number) =>
    gw.ctx.db
      .selectFrom('abilities')
      .selectAll()
      .where('channel_id', '=', channelId)
      .orderBy('group')
      .orderBy('model')
      .execute();
  const storedKey = async (id: number) =>
    (await gw.ctx.db.selectFrom('channels').select('key').where('id', '=', id).executeTakeFirstOrThrow()).key;
  const base = { name: 'main', key: 'sk-one', models: 'gpt-4o' };

  beforeAll(async () => {
    gw = await startGateway();
    root = await setupAndLoginRoot(gw.url);
    gw.ctx.bus.subscribe('channels', () => published++);
  });
  afterAll(async () => {
    await gw.stop();
  });

  it('creates one channel per key line, with the defaults, and never answers the key', async () => {
    const before = published;
    const res = await create({
      name: ' multi ',
      key: 'sk-aaa\r\n  sk-bbb  \n\n sk-ccc\r\n',
      models: ' gpt-4o , gpt-4o-mini,,gpt-4o',
      group: 'default, vip ,',
      base_url: 'https://upstream.example/',
    });
    expect(res.status).toBe(200);
    const channels = res.body.data!;
    expect(channels).toHaveLength(3);
    for (const c of channels) {
      expect(c).toMatchObject({
        name: 'multi',
        type: 1,
        status: 1,
        auto_ban: 1,
        priority: 0,
        weight: 0,
        models: 'gpt-4o,gpt-4o-mini',
        group: 'default,vip',
        base_url: 'https://upstream.example',
        tag: null,
        status_reason: '',
      });
      expect(c).not.toHaveProperty('key');
    }
    expect(JSON.stringify(res.body)).not.toMatch(/sk-(aaa|bbb|ccc)/);
    expect(await Promise.all(channels.map((c) => storedKey(c.id)))).toEqual(['sk-aaa', 'sk-bbb', 'sk-ccc']);
    expect(published).toBe(before + 1);

    const rows = await abilities(channels[1].id);
    expect(rows.map((r) => [r.group, r.model, r.enabled, Number(r.priority), r.weight, r.tag])).toEqual([
      ['default', 'gpt-4o', 1, 0, 0, null],
      ['default', 'gpt-4o-mini', 1, 0, 0, null],
      ['vip', 'gpt-4o', 1, 0, 0, null],
      ['vip', 'gpt-4o-mini', 1, 0, 0, null],
    ]);
  });

  it('defaults the group to "default" and copies priority, weight, tag and status into abilities', async () => {
    const res = await create({
      ...base,
      models: ['m1', 'm2'],
      group: '',
      priority: '5',
      weight: 3,
      tag: 't1',
    });
    expect(res.status).toBe(200);
    const [c] = res.body.data!;
    expect(c).toMatchObject({ group: 'default', priority: 5, weight: 3, tag: 't1', models: 'm1,m2' });
    const rows = await abilities(c.id);
    expect(rows.map((r) => [r.group, r.model, r.enabled, Number(r.priority), r.weight, r.tag])).toEqual([
      ['default', 'm1', 1, 5, 3, 't1'],
      ['default', 'm2', 1, 5, 3, 't1'],
    ]);
    const disabled = await create({ ...base, status: 2 });
    expect((await abilities(disabled.body.data![0].id)).map((r) => r.enabled)).toEqual([0]);
  });

  it('validates the create form with the console messages', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ key: 'k', models: 'm' }, '请填写渠道名称和渠道密钥！'],
      [{ name: '  ', key: 'k', models: 'm' }, '请填写渠道名称和渠道密钥！'],
      [{ name: 'n', models: 'm' }, '请填写渠道名称和渠道密钥！'],
      [{ name: 'n', key: ' \r\n \n', models: 'm' }, '请填写渠道名称和渠道密钥！'],
      [{ name: 'n', key: 'k' }, '请至少选择一个模型！'],
      [{ name: 'n', key: 'k', models: ' , ,' }, '请至少选择一个模型！'],
      [{ ...base, models: `ok,${'m'.repeat(256)}` }, `模型名称过长: ${'m'.repeat(256)}`],
      [{ ...base, group: 'g'.repeat(65) }, `分组名称过长: ${'g'.repeat(65)}`],
      [{ ...base, model_mapping: '{bad' }, '模型映射必须是合法的 JSON 格式！'],
      [{ ...base, model_mapping: '["a"]' }, '模型映射必须是合法的 JSON 格式！'],
      [{ ...base, status_code_mapping: 'x' }, '状态码复写必须是合法的 JSON 格式！'],
      [{ ...base, param_override: '1' }, '参数覆盖必须是合法的 JSON 格式！'],
      [{ ...base, setting: '[' }, '渠道额外设置必须是合法的 JSON 格式！'],
      [{ ...base, headers: 'nope' }, '请求头覆盖必须是合法的 JSON 格式！'],
      [{ ...base, priority: 1.5 }, '优先级必须是整数！'],
      [{ ...base, priority: 'high' }, '优先级必须是整数！'],
      [{ ...base, priority: -1000 }, '优先级不能小于 -999'],
      [{ ...base, weight: -1 }, '权重必须是非负整数！'],
      [{ ...base, weight: 2.5 }, '权重必须是非负整数！'],
      [{ ...base, type: 999 }, '未知的渠道类型'],
      [{ ...base, type: 41 }, '部署地区不能为空'],
      [{ ...base, type: 41, other: '{"us":"us-east5"}' }, '部署地区必须包含default字段'],
    ];
    for (const [body, message] of cases) {
      const res = await create(body);
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status: 400, message });
    }
    const count = await gw.ctx.db
      .selectFrom('channels')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('name', '=', 'n')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('accepts priority -999, JSON objects and JSON fields sent as objects', async () => {
    const res = await create({
      ...base,
      priority: -999,
      model_mapping: '{"gpt-4o":"gpt-4o-2024-08-06"}',
      headers: { 'x-extra': '1' },
      setting: '  ',
    });
    expect(res.status).toBe(200);
    expect(res.body.data![0]).toMatchObject({
      priority: -999,
      model_mapping: '{"gpt-4o":"gpt-4o-2024-08-06"}',
      // Header values are write-only like keys: the response names the header, masked.
      headers: '{"x-extra":"******"}',
      setting: '',
    });
  });

  it('keeps a Vertex AI JSON credential whole and accepts a region map with default', async () => {
    const credential = '{\n  "type": "service_account",\n  "project_id": "p1"\n}';
    const res = await create({ ...base, type: 41, key: credential, other: '{"default":"us-central1"}' });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(await storedKey(res.body.data![0].id)).toBe(credential);
    const plain = await create({ ...base, type: 41, key: credential, other: 'us-east5' });
    expect(plain.status).toBe(200);
  });

  it('accepts model names differing only in case on every database', async () => {
    // MySQL's case-insensitive key would reject the second row; the first one is kept there.
    const res = await create({ ...base, models: 'GPT-4o,gpt-4o', max_input_tokens: 4096 });
    expect(res.status).toBe(200);
    expect(res.body.data![0]).toMatchObject({ models: 'GPT-4o,gpt-4o', max_input_tokens: 4096 });
    const rows = await abilities(res.body.data![0].id);
    expect(rows.length).toBe(gw.ctx.dialect === 'mysql' ? 1 : 2);
  });

  it('defaults the Spark API version', async () => {
    const res = await create({ ...base, type: 18, key: 'app|secret|key' });
    expect(res.body.data![0].other).toBe('v2.1');
  });

  it('reads one channel without its key; 404 and 400 otherwise', async () => {
    const [c] = (await create({ ...base, key: 'sk-secret-read' })).body.data!;
    const res = await root.get<ChannelView>(`/api/channel/${c.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: c.id, name: 'main', models: 'gpt-4o' });
    expect(res.body.data).not.toHaveProperty('key');
    expect(JSON.stringify(res.body)).not.toContain('sk-secret-read');
    expect((await root.get('/api/channel/999999')).status).toBe(404);
    expect((await root.get('/api/channel/abc')).status).toBe(400);
  });

  it('updates given fields, keeps the key when it is empty and rebuilds abilities', async () => {
    const [c] = (await create({ ...base, key: 'sk-keep' })).body.data!;
    const before = published;
    const res = await update({
      id: c.id,
      name: 'renamed',
      key: '',
      models: 'a,b',
      group: 'vip',
      priority: 7,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: c.id,
      name: 'renamed',
      models: 'a,b',
      group: 'vip',
      priority: 7,
    });
    expect(res.body.data).not.toHaveProperty('key');
    expect(await storedKey(c.id)).toBe('sk-keep');
    expect(published).toBe(before + 1);
    expect((await abilities(c.id)).map((r) => [r.group, r.model, Number(r.priority)])).toEqual([
      ['vip', 'a', 7],
      ['vip', 'b', 7],
    ]);

    await update({ id: c.id, key: ' sk-new ' });
    expect(await storedKey(c.id)).toBe('sk-new');
    const multi = await update({ id: c.id, key: 'sk-1\nsk-2' });
    expect(multi.body.message).toBe('编辑渠道时只能填写一个密钥');
  });

  it('applies status-only, priority-only and weight-only edits', async () => {
    const [c] = (await create({ ...base, models: 'x,y' })).body.data!;
    const off = await update({ id: c.id, status: 2 });
    expect(off.body.data).toMatchObject({ status: 2, name: 'main', models: 'x,y' });
    expect((await abilities(c.id)).map((r) => r.enabled)).toEqual([0, 0]);
    await update({ id: c.id, status: 1 });
    expect((await abilities(c.id)).map((r) => r.enabled)).toEqual([1, 1]);

    await update({ id: c.id, priority: -3 });
    await update({ id: c.id, weight: 9 });
    const rows = await abilities(c.id);
    expect(rows.map((r) => [Number(r.priority), r.weight, r.enabled])).toEqual([
      [-3, 9, 1],
      [-3, 9, 1],
    ]);
    const channel = (await root.get<ChannelView>(`/api/channel/${c.id}`)).body.data!;
    expect(channel).toMatchObject({ priority: -3, weight: 9, status: 1, models: 'x,y' });

    // Untouched form fields: a blank group and status 0 change nothing.
    const untouched = await update({ id: c.id, group: '', status: 0, auto_ban: 0 });
    expect(untouched.body.data).toMatchObject({ group: 'default', status: 1, auto_ban: 0 });
    expect((await abilities(c.id)).map((r) => r.group)).toEqual(['default', 'default']);

    expect((await update({ id: c.id, weight: -2 })).body.message).toBe('权重必须是非负整数！');
    expect((await update({ id: c.id, priority: 'x' })).body.message).toBe('优先级必须是整数！');
    expect((await update({ id: c.id, models: ' , ' })).body.message).toBe('请至少选择一个模型！');
    expect((await update({ id: c.id, name: '' })).body.message).toBe('请填写渠道名称和渠道密钥！');
    expect((await update({ id: 999999, status: 1 })).status).toBe(404);
    expect((await update({ status: 1 })).status).toBe(400);
  });

  it('checks the Vertex AI region when the type or region changes', async () => {
    const credential = '{"type":"service_account","project_id":"p1"}';
    const [c] = (await create({ ...base, type: 41, key: credential, other: 'us-east5' })).body.data!;
    expect((await update({ id: c.id, other: '' })).body.message).toBe('部署地区不能为空');
    expect((await update({ id: c.id, other: '{"x":"y"}' })).body.message).toBe('部署地区必须包含default字段');
    const [openai] = (await create(base)).body.data!;
    expect((await update({ id: openai.id, type: 41 })).body.message).toBe('部署地区不能为空');
  });

  it('deletes a channel with its abilities', async () => {
    const [c] = (await create({ ...base, models: 'del-a,del-b' })).body.data!;
    const before = published;
    const res = await root.delete(`/api/channel/${c.id}`);
    expect(res.status).toBe(200);
    expect(published).toBe(before + 1);
    expect(await abilities(c.id)).toEqual([]);
    expect((await root.get(`/api/channel/${c.id}`)).status).toBe(404);
    expect((await root.delete(`/api/channel/${c.id}`)).status).toBe(404);
  });

  it('copies a channel with its key and settings, counters reset', async () => {
    const [source] = (
      await create({
        ...base,
        name: 'original',
        key: 'sk-secret-copy',
        models: 'gpt-4o,o3',
        group: 'default,vip',
        priority: 7,
      })
    ).body.data!;
    await gw.ctx.db
      .updateTable('channels')
      .set({ used_quota: 999, balance: 12.5 })
      .where('id', '=', source!.id)
      .execute();
    const before = published;
    const copy = await root.post<ChannelView>(`/api/channel/copy/${source!.id}`);
    expect(copy.body.success, copy.body.message).toBe(true);
    const view = copy.body.data!;
    expect(view).toMatchObject({
      name: 'original_复制',
      priority: 7,
      models: 'gpt-4o,o3',
      group: 'default,vip',
      used_quota: 0,
      balance: 0,
    });
    expect(view.id).not.toBe(source!.id);
    expect(JSON.stringify(copy.body)).not.toContain('sk-secret-copy');
    expect(await storedKey(view.id)).toBe('sk-secret-copy');
    expect(await abilities(view.id)).toHaveLength(4);
    expect(published).toBeGreaterThan(before);
    const keepBalance = await root.post<ChannelView>(
      `/api/channel/copy/${source!.id}?suffix=-b&reset_balance=false`,
    );
    expect(keepBalance.body.data).toMatchObject({ name: 'original-b', balance: 12.5 });
    expect((await root.post('/api/channel/copy/99999')).status).toBe(404);
  });

  it('refuses normal users and anonymous callers on every channel route', async () => {
    const user = await registerAndLogin(gw.url, 'chuser');
    const anon = new ApiClient(gw.url);
    const calls: Array<[string, string]> = [
      ['GET', '/api/channel/'],
      ['GET', '/api/channel/search?keyword=a'],
      ['GET', '/api/channel/1'],
      ['POST', '/api/channel/'],
      ['PUT', '/api/channel/'],
      ['DELETE', '/api/channel/1'],
      ['DELETE', '/api/channel/disabled'],
      ['POST', '/api/channel/batch'],
      ['POST', '/api/channel/batch/tag'],
      ['PUT', '/api/channel/tag'],
      ['POST', '/api/channel/tag/enabled'],
      ['POST', '/api/channel/tag/disabled'],
      ['POST', '/api/channel/fix'],
      ['GET', '/api/channel/models'],
      ['GET', '/api/channel/models_enabled'],
      ['GET', '/api/channel/fetch_models/1'],
      ['POST', '/api/channel/fetch_models'],
      ['GET', '/api/channel/update_balance/1'],
      ['GET', '/api/channel/update_balance'],
    ];
    for (const [method, path] of calls) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      expect([path, (await user.request(method, path, body)).status]).toEqual([path, 403]);
      expect([path, (await anon.request(method, path, body)).status]).toEqual([path, 401]);
    }
  });
});
