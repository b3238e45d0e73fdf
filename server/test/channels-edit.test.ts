import type { ChannelView } from '@gateway/contract';
import { describe, expect, it } from 'vitest';
import { ApiClient, registerAndLogin } from '@gateway/test-support';
import { base, useChannels } from './support/channels.js';

/**
 * Channel read, update, delete and copy; abilities rebuilt; keys never leave the server; only
 * admins reach the channel routes. Creation and its validation: channels.test.ts.
 */
describe('channels: create, read, update, delete', () => {
  const h = useChannels();

  it('reads one channel without its key; 404 and 400 otherwise', async () => {
    const [c] = (await h.create({ ...base, key: 'sk-secret-read' })).body.data!;
    const res = await h.root.get<ChannelView>(`/api/channel/${c.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: c.id, name: 'main', models: 'gpt-4o' });
    expect(res.body.data).not.toHaveProperty('key');
    expect(JSON.stringify(res.body)).not.toContain('sk-secret-read');
    expect((await h.root.get('/api/channel/999999')).status).toBe(404);
    expect((await h.root.get('/api/channel/abc')).status).toBe(400);
  });

  it('updates given fields, keeps the key when it is empty and rebuilds abilities', async () => {
    const [c] = (await h.create({ ...base, key: 'sk-keep' })).body.data!;
    const before = h.published;
    const res = await h.update({
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
    expect(await h.storedKey(c.id)).toBe('sk-keep');
    expect(h.published).toBe(before + 1);
    expect((await h.abilities(c.id)).map((r) => [r.group, r.model, Number(r.priority)])).toEqual([
      ['vip', 'a', 7],
      ['vip', 'b', 7],
    ]);

    await h.update({ id: c.id, key: ' sk-new ' });
    expect(await h.storedKey(c.id)).toBe('sk-new');
    const multi = await h.update({ id: c.id, key: 'sk-1\nsk-2' });
    expect(multi.body.message).toBe('编辑渠道时只能填写一个密钥');
  });

  it('applies status-only, priority-only and weight-only edits', async () => {
    const [c] = (await h.create({ ...base, models: 'x,y' })).body.data!;
    const off = await h.update({ id: c.id, status: 2 });
    expect(off.body.data).toMatchObject({ status: 2, name: 'main', models: 'x,y' });
    expect((await h.abilities(c.id)).map((r) => r.enabled)).toEqual([0, 0]);
    await h.update({ id: c.id, status: 1 });
    expect((await h.abilities(c.id)).map((r) => r.enabled)).toEqual([1, 1]);

    await h.update({ id: c.id, priority: -3 });
    await h.update({ id: c.id, weight: 9 });
    const rows = await h.abilities(c.id);
    expect(rows.map((r) => [Number(r.priority), r.weight, r.enabled])).toEqual([
      [-3, 9, 1],
      [-3, 9, 1],
    ]);
    const channel = (await h.root.get<ChannelView>(`/api/channel/${c.id}`)).body.data!;
    expect(channel).toMatchObject({ priority: -3, weight: 9, status: 1, models: 'x,y' });

    // Untouched form fields: a blank group and status 0 change nothing.
    const untouched = await h.update({ id: c.id, group: '', status: 0, auto_ban: 0 });
    expect(untouched.body.data).toMatchObject({ group: 'default', status: 1, auto_ban: 0 });
    expect((await h.abilities(c.id)).map((r) => r.group)).toEqual(['default', 'default']);

    expect((await h.update({ id: c.id, weight: -2 })).body.message).toBe('权重必须是非负整数！');
    expect((await h.update({ id: c.id, priority: 'x' })).body.message).toBe('优先级必须是整数！');
    expect((await h.update({ id: c.id, models: ' , ' })).body.message).toBe('请至少选择一个模型！');
    expect((await h.update({ id: c.id, name: '' })).body.message).toBe('请填写渠道名称和渠道密钥！');
    expect((await h.update({ id: 999999, status: 1 })).status).toBe(404);
    expect((await h.update({ status: 1 })).status).toBe(400);
  });

  it('checks the Vertex AI region when the type or region changes', async () => {
    const credential = '{"type":"service_account","project_id":"p1"}';
    const [c] = (await h.create({ ...base, type: 41, key: credential, other: 'us-east5' })).body.data!;
    expect((await h.update({ id: c.id, other: '' })).body.message).toBe('部署地区不能为空');
    expect((await h.update({ id: c.id, other: '{"x":"y"}' })).body.message).toBe(
      '部署地区必须包含default字段',
    );
    const [openai] = (await h.create(base)).body.data!;
    expect((await h.update({ id: openai.id, type: 41 })).body.message).toBe('部署地区不能为空');
  });

  it('deletes a channel with its abilities', async () => {
    const [c] = (await h.create({ ...base, models: 'del-a,del-b' })).body.data!;
    const before = h.published;
    const res = await h.root.delete(`/api/channel/${c.id}`);
    expect(res.status).toBe(200);
    expect(h.published).toBe(before + 1);
    expect(await h.abilities(c.id)).toEqual([]);
    expect((await h.root.get(`/api/channel/${c.id}`)).status).toBe(404);
    expect((await h.root.delete(`/api/channel/${c.id}`)).status).toBe(404);
  });

  it('copies a channel with its key and settings, counters reset', async () => {
    const [source] = (
      await h.create({
        ...base,
        name: 'original',
        key: 'sk-secret-copy',
        models: 'gpt-4o,o3',
        group: 'default,vip',
        priority: 7,
      })
    ).body.data!;
    await h.gw.ctx.db
      .updateTable('channels')
      .set({ used_quota: 999, balance: 12.5 })
      .where('id', '=', source!.id)
      .execute();
    const before = h.published;
    const copy = await h.root.post<ChannelView>(`/api/channel/copy/${source!.id}`);
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
    expect(await h.storedKey(view.id)).toBe('sk-secret-copy');
    expect(await h.abilities(view.id)).toHaveLength(4);
    expect(h.published).toBeGreaterThan(before);
    const keepBalance = await h.root.post<ChannelView>(
      `/api/channel/copy/${source!.id}?suffix=-b&reset_balance=false`,
    );
    expect(keepBalance.body.data).toMatchObject({ name: 'original-b', balance: 12.5 });
    expect((await h.root.post('/api/channel/copy/99999')).status).toBe(404);
  });

  it('refuses normal users and anonymous callers on every channel route', async () => {
    const user = await registerAndLogin(h.gw.url, 'chuser');
    const anon = new ApiClient(h.gw.url);
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
