import { describe, expect, it } from 'vitest';
import { base, useChannels } from './support/channels.js';

/**
 * Channel creation: one channel per key line, defaults, validation with the console messages,
 * abilities built, keys never answered. Read, update, delete, copy and access: channels-edit.test.ts.
 */
describe('channels: create, read, update, delete', () => {
  const h = useChannels();

  it('creates one channel per key line, with the defaults, and never answers the key', async () => {
    const before = h.published;
    const res = await h.create({
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
    expect(await Promise.all(channels.map((c) => h.storedKey(c.id)))).toEqual(['sk-aaa', 'sk-bbb', 'sk-ccc']);
    expect(h.published).toBe(before + 1);

    const rows = await h.abilities(channels[1].id);
    expect(rows.map((r) => [r.group, r.model, r.enabled, Number(r.priority), r.weight, r.tag])).toEqual([
      ['default', 'gpt-4o', 1, 0, 0, null],
      ['default', 'gpt-4o-mini', 1, 0, 0, null],
      ['vip', 'gpt-4o', 1, 0, 0, null],
      ['vip', 'gpt-4o-mini', 1, 0, 0, null],
    ]);
  });

  it('defaults the group to "default" and copies priority, weight, tag and status into abilities', async () => {
    const res = await h.create({
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
    const rows = await h.abilities(c.id);
    expect(rows.map((r) => [r.group, r.model, r.enabled, Number(r.priority), r.weight, r.tag])).toEqual([
      ['default', 'm1', 1, 5, 3, 't1'],
      ['default', 'm2', 1, 5, 3, 't1'],
    ]);
    const disabled = await h.create({ ...base, status: 2 });
    expect((await h.abilities(disabled.body.data![0].id)).map((r) => r.enabled)).toEqual([0]);
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
      const res = await h.create(body);
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status: 400, message });
    }
    const count = await h.gw.ctx.db
      .selectFrom('channels')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('name', '=', 'n')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('accepts priority -999, JSON objects and JSON fields sent as objects', async () => {
    const res = await h.create({
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
    const res = await h.create({ ...base, type: 41, key: credential, other: '{"default":"us-central1"}' });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(await h.storedKey(res.body.data![0].id)).toBe(credential);
    const plain = await h.create({ ...base, type: 41, key: credential, other: 'us-east5' });
    expect(plain.status).toBe(200);
  });

  it('accepts model names differing only in case on every database', async () => {
    // MySQL's case-insensitive key would reject the second row; the first one is kept there.
    const res = await h.create({ ...base, models: 'GPT-4o,gpt-4o', max_input_tokens: 4096 });
    expect(res.status).toBe(200);
    expect(res.body.data![0]).toMatchObject({ models: 'GPT-4o,gpt-4o', max_input_tokens: 4096 });
    const rows = await h.abilities(res.body.data![0].id);
    expect(rows.length).toBe(h.gw.ctx.dialect === 'mysql' ? 1 : 2);
  });

  it('defaults the Spark API version', async () => {
    const res = await h.create({ ...base, type: 18, key: 'app|secret|key' });
    expect(res.body.data![0].other).toBe('v2.1');
  });
});
