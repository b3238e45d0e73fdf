import { CHANNEL_TYPES, type ChannelTypeModelMap, type UserGroupMap } from '@gateway/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  registerAndLogin,
  setupAndLoginRoot,
  startGateway,
  type RunningGateway,
} from '@gateway/test-support';

/** Group names, the caller's usable groups, the models they can use, the built-in model catalogue. */
describe('groups and model lists', () => {
  let gw: RunningGateway;
  let root: ApiClient;
  let user: ApiClient;
  let svipUser: ApiClient;

  const setOption = async (key: string, value: unknown) => {
    const res = await root.put('/api/option/', { key, value: JSON.stringify(value) });
    if (!res.body.success) throw new Error(res.body.message);
  };

  beforeAll(async () => {
    gw = await startGateway();
    root = await setupAndLoginRoot(gw.url);
    user = await registerAndLogin(gw.url, 'plain');
    svipUser = await registerAndLogin(gw.url, 'premium');
    await gw.ctx.users.repo.update(svipUser.userId!, { group: 'svip' });
    gw.ctx.users.cache.invalidate(svipUser.userId!);
  });
  afterAll(async () => {
    await gw.stop();
  });

  it('answers an empty model list, not null, when nothing is enabled', async () => {
    const res = await user.get<string[]>('/api/user/models');
    expect(res.body).toMatchObject({ success: true, data: [] });
  });

  it('lists group names from GroupRatio, for admins only', async () => {
    expect((await root.get<string[]>('/api/group/')).body.data).toEqual(['default', 'vip', 'svip']);
    await setOption('GroupRatio', { default: 1, vip: 1.5, pro: 2, svip: 0.8 });
    expect((await root.get<string[]>('/api/group/')).body.data).toEqual(['default', 'vip', 'pro', 'svip']);
    expect((await user.get('/api/group/')).status).toBe(403);
  });

  it('gives each user the selectable groups with a ratio plus their own group', async () => {
    await setOption('UserUsableGroups', { default: '默认分组', vip: 'vip分组', ghost: '无倍率的分组' });
    const plain = await user.get<UserGroupMap>('/api/user/self/groups');
    expect(plain.body.data).toEqual({
      default: { desc: '默认分组', ratio: 1 },
      vip: { desc: 'vip分组', ratio: 1.5 },
    });
    const premium = await svipUser.get<UserGroupMap>('/api/user/self/groups');
    expect(premium.body.data).toEqual({
      default: { desc: '默认分组', ratio: 1 },
      vip: { desc: 'vip分组', ratio: 1.5 },
      svip: { desc: '用户分组', ratio: 0.8 },
    });
    expect((await new ApiClient(gw.url).get('/api/user/self/groups')).status).toBe(401);
  });

  it('lists the models of enabled channels in the groups a user may use', async () => {
    const channels = [
      { name: 'c1', models: 'a, b', group: 'default' },
      { name: 'c2', models: 'c,a', group: 'vip' },
      { name: 'c3', models: 'd', group: 'svip' },
      { name: 'c4', models: 'e', group: 'default', status: 2 },
      { name: 'c5', models: 'f', group: 'pro' },
    ];
    for (const c of channels) {
      const res = await root.post('/api/channel/', { key: 'k', ...c });
      if (!res.body.success) throw new Error(res.body.message);
    }
    expect((await user.get<string[]>('/api/user/models')).body.data).toEqual(['a', 'b', 'c']);
    expect((await svipUser.get<string[]>('/api/user/models')).body.data).toEqual(['a', 'b', 'c', 'd']);
  });

  it('maps every channel type to its built-in models', async () => {
    const res = await user.get<ChannelTypeModelMap>('/api/models');
    const map = res.body.data!;
    expect(Object.keys(map).sort()).toEqual(CHANNEL_TYPES.map((t) => String(t.id)).sort());
    const expectations: Record<string, string[]> = {
      1: ['gpt-4o', 'gpt-4.1', 'o3-mini', 'text-embedding-3-small', 'dall-e-3', 'tts-1', 'whisper-1'],
      14: ['claude-3-5-sonnet-20241022', 'claude-sonnet-4-20250514'],
      24: ['gemini-2.5-pro', 'gemini-2.0-flash'],
      43: ['deepseek-chat', 'deepseek-reasoner'],
      25: ['moonshot-v1-8k'],
      42: ['mistral-large-latest'],
      48: ['grok-3'],
      17: ['qwen-max'],
      26: ['glm-4'],
      15: ['ERNIE-4.0-8K'],
    };
    for (const [type, models] of Object.entries(expectations)) {
      expect([type, map[type]]).toEqual([type, expect.arrayContaining(models)]);
    }
    expect(map['37']).toEqual([]);
    expect((await new ApiClient(gw.url).get('/api/models')).status).toBe(401);
  });
});
