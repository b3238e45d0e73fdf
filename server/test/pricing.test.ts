import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  registerAndLogin,
  setupAndLoginRoot,
  startGateway,
  type RunningGateway,
} from '@gateway/test-support';
import type { PricingAnswer, PricingModel } from '@gateway/contract';

describe('public price list (GET /api/pricing)', () => {
  let gw: RunningGateway;
  let root: ApiClient;

  const addChannel = async (name: string, models: string, group: string, status = 1) => {
    const res = await root.post<Array<{ id: number }>>('/api/channel/', {
      name,
      type: 1,
      key: `sk-${name}`,
      base_url: 'http://127.0.0.1:9',
      models,
      group,
    });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    if (status !== 1) {
      const put = await root.put('/api/channel/', { id: res.body.data![0].id, status });
      expect(put.body.success).toBe(true);
    }
  };
  const pricing = async (client: ApiClient) =>
    (await client.get('/api/pricing')).body as unknown as PricingAnswer;
  const model = (answer: PricingAnswer, name: string) => answer.data.find((m) => m.model_name === name);

  beforeAll(async () => {
    gw = await startGateway();
    root = await setupAndLoginRoot(gw.url);
    await root.put('/api/option/', {
      key: 'GroupRatio',
      value: '{"default":1,"vip":0.5,"svip":2,"staff":0.1}',
    });
    await root.put('/api/option/', {
      key: 'UserUsableGroups',
      value: '{"default":"默认分组","vip":"vip分组"}',
    });
    await root.put('/api/option/', { key: 'ModelPrice', value: '{"flat-model":0.02}' });
    await root.put('/api/option/', { key: 'ModelRatio', value: '{"gpt-4o-mini":0.075,"ratio-model":3}' });
    await root.put('/api/option/', { key: 'CompletionRatio', value: '{"ratio-model":2.5}' });
    await addChannel('a', 'gpt-4o-mini,ratio-model,flat-model', 'default,vip');
    await addChannel('b', 'ratio-model,unpriced-model', 'svip');
    await addChannel('off', 'disabled-only', 'default', 2);
  });
  afterAll(async () => {
    await gw.stop();
  });

  it('lists every model with an enabled channel, priced per call or per usage', async () => {
    const answer = await pricing(new ApiClient(gw.url));
    expect(answer.success).toBe(true);
    expect(answer.data.map((m) => m.model_name).sort()).toEqual(
      ['flat-model', 'gpt-4o-mini', 'ratio-model', 'unpriced-model'].sort(),
    );
    expect(model(answer, 'flat-model')).toEqual<PricingModel>({
      model_name: 'flat-model',
      quota_type: 1,
      model_price: 0.02,
      model_ratio: 0,
      completion_ratio: 0,
      enable_groups: ['default', 'vip'],
    });
    expect(model(answer, 'ratio-model')).toMatchObject({
      quota_type: 0,
      model_ratio: 3,
      completion_ratio: 2.5,
      enable_groups: ['default', 'svip', 'vip'],
    });
    // No operator entry: the built-in completion ratio of the family, and the self-use ratio.
    expect(model(answer, 'gpt-4o-mini')).toMatchObject({ model_ratio: 0.075, completion_ratio: 4 });
    expect(model(answer, 'unpriced-model')).toMatchObject({ model_ratio: 37.5, completion_ratio: 1 });
  });

  it('gives a guest the selectable groups and their ratios', async () => {
    const answer = await pricing(new ApiClient(gw.url));
    expect(answer.usable_group).toEqual({ default: '默认分组', vip: 'vip分组' });
    expect(answer.group_ratio).toEqual({ default: 1, vip: 0.5 });
  });

  it('adds a signed-in user’s own group', async () => {
    const member = await registerAndLogin(gw.url, 'staffer');
    await gw.ctx.users.repo.update(member.userId!, { group: 'staff' });
    gw.ctx.users.cache.invalidate(member.userId!);
    const answer = await pricing(member);
    expect(answer.usable_group).toEqual({ default: '默认分组', vip: 'vip分组', staff: '用户分组' });
    expect(answer.group_ratio).toEqual({ default: 1, vip: 0.5, staff: 0.1 });

    // Signed out elsewhere (the session generation moved on): priced as a guest again.
    const elsewhere = new ApiClient(gw.url);
    await elsewhere.login('staffer', 'user-pass-123');
    await elsewhere.get('/api/user/logout');
    expect((await pricing(member)).usable_group).toEqual({ default: '默认分组', vip: 'vip分组' });
  });

  it('shows a new price at once and a new channel once channels change', async () => {
    await root.put('/api/option/', { key: 'ModelPrice', value: '{"flat-model":0.02,"ratio-model":0.5}' });
    await addChannel('c', 'brand-new', 'default');
    const answer = await pricing(new ApiClient(gw.url));
    expect(model(answer, 'ratio-model')).toMatchObject({ quota_type: 1, model_price: 0.5 });
    expect(model(answer, 'brand-new')).toMatchObject({ enable_groups: ['default'] });
  });
});
