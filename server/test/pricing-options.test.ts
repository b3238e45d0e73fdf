import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CACHE_RATIO, DEFAULT_COMPLETION_RATIO, DEFAULT_MODEL_RATIO } from '@gateway/contract';
import {
  addChannel,
  addToken,
  apiError,
  ApiClient,
  balances,
  consumeLogs,
  registerAndLogin,
  setUserQuota,
  setupAndLoginRoot,
  startFakeUpstream,
  startGateway,
  type FakeUpstream,
  type RunningGateway,
} from '@gateway/test-support';

const QUOTA_PER_UNIT = 500_000;
const START = 10_000_000;

/**
 * The console's pricing editors end in PUT /api/option/ and POST /api/option/rest_model_ratio:
 * who may call them, what the reset restores, and that the relay bills new prices at once.
 */
describe('pricing options', () => {
  let gw: RunningGateway;
  let upstream: FakeUpstream;
  let root: ApiClient;
  let admin: ApiClient;
  let member: ApiClient;

  const option = async (key: string) =>
    (await root.get<Array<{ key: string; value: string }>>('/api/option/')).body.data!.find(
      (o) => o.key === key,
    )?.value;
  const put = async (client: ApiClient, key: string, value: unknown) => {
    const res = await client.put('/api/option/', { key, value: JSON.stringify(value) });
    expect(res.body.success, res.body.message).toBe(true);
  };

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    gw = await startGateway();
    root = await setupAndLoginRoot(gw.url);
    admin = await registerAndLogin(gw.url, 'priceadmin');
    await gw.ctx.users.repo.update(admin.userId!, { role: 10 });
    gw.ctx.users.cache.invalidate(admin.userId!);
    member = await registerAndLogin(gw.url, 'pricemember');
  });
  afterAll(async () => {
    await gw.stop();
    await upstream.close();
  });

  describe('POST /api/option/rest_model_ratio', () => {
    it('is refused to normal users and guests, and changes nothing then', async () => {
      await put(root, 'ModelRatio', { mine: 3 });
      const asMember = await member.post('/api/option/rest_model_ratio');
      expect(asMember.status).toBe(403);
      expect(asMember.body).toMatchObject({ success: false, message: '无权进行此操作，权限不足' });
      expect((await new ApiClient(gw.url).post('/api/option/rest_model_ratio')).status).toBe(401);
      expect(await option('ModelRatio')).toBe('{"mine":3}');
    });

    it('lets an admin put the ratio tables back to the built-in defaults, keeping fixed prices', async () => {
      await put(admin, 'ModelRatio', { mine: 3 });
      await put(admin, 'CompletionRatio', { mine: 5 });
      await put(admin, 'CacheRatio', { mine: 0.2 });
      await put(admin, 'ModelPrice', { 'my-image': 0.5 });

      const res = await admin.post('/api/option/rest_model_ratio');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: '重置模型倍率成功', data: null });

      expect(await option('ModelRatio')).toBe(JSON.stringify(DEFAULT_MODEL_RATIO));
      expect(await option('CompletionRatio')).toBe(JSON.stringify(DEFAULT_COMPLETION_RATIO));
      expect(await option('CacheRatio')).toBe(JSON.stringify(DEFAULT_CACHE_RATIO));
      expect(await option('ModelPrice')).toBe('{"my-image":0.5}');
      // The relay reads the restored tables at once.
      expect(gw.ctx.options.json<Record<string, number>>('ModelRatio')['gpt-4o']).toBe(
        DEFAULT_MODEL_RATIO['gpt-4o'],
      );
      expect(gw.ctx.options.json<Record<string, number>>('ModelRatio').mine).toBeUndefined();
    });

    it('also works for the super admin', async () => {
      await put(root, 'ModelRatio', { other: 1 });
      expect((await root.post('/api/option/rest_model_ratio')).body.message).toBe('重置模型倍率成功');
      expect(await option('ModelRatio')).toBe(JSON.stringify(DEFAULT_MODEL_RATIO));
    });
  });

  describe('pricing an unpriced model', () => {
    const chat = (apiKey: string, model: string) =>
      new OpenAI({ apiKey, baseURL: `${gw.url}/v1`, maxRetries: 0, timeout: 20_000 }).chat.completions.create(
        {
          model,
          messages: [{ role: 'user', content: 'price me' }],
        },
      );

    it('refuses a model without a price, then bills the fixed price an admin saved', async () => {
      upstream.scenario('priced-later', { content: 'ok', usage: { prompt: 30, completion: 20 } });
      await addChannel(gw, {
        key: 'priced-later',
        baseUrl: upstream.url,
        models: ['later-fixed', 'later-ratio'],
      });
      const payer = await registerAndLogin(gw.url, 'pricepayer');
      await setUserQuota(gw, payer.userId!, START);
      const token = await addToken(gw, payer.userId!, { unlimited: true });

      // The console's unset-models list reads this: both models are served but unpriced.
      const enabled = (await admin.get<string[]>('/api/channel/models_enabled')).body.data!;
      expect(enabled).toEqual(expect.arrayContaining(['later-fixed', 'later-ratio']));

      const refused = await apiError(chat(token.apiKey, 'later-fixed'));
      expect(refused.status).toBe(500);
      expect(refused.message).toContain('模型 later-fixed 倍率或价格未配置');
      expect((await balances(gw, payer.userId!, token.id)).user.quota).toBe(START);

      const prices = JSON.parse((await option('ModelPrice'))!) as Record<string, number>;
      await put(admin, 'ModelPrice', { ...prices, 'later-fixed': 0.02 });
      const res = await chat(token.apiKey, 'later-fixed');
      expect(res.choices[0]?.message.content).toBe('ok');
      // price × QuotaPerUnit × group ratio 1, whatever the usage.
      expect(0.02 * QUOTA_PER_UNIT * 1).toBe(10_000);
      let b = await balances(gw, payer.userId!, token.id);
      expect(b.user).toEqual({ quota: START - 10_000, used_quota: 10_000, request_count: 1 });

      // Per token: (prompt + completion × completion ratio) × model ratio = (30 + 20 × 3) × 1.5.
      await expect(chat(token.apiKey, 'later-ratio')).rejects.toThrow(/倍率或价格未配置/);
      const ratios = JSON.parse((await option('ModelRatio'))!) as Record<string, number>;
      const completions = JSON.parse((await option('CompletionRatio'))!) as Record<string, number>;
      await put(admin, 'ModelRatio', { ...ratios, 'later-ratio': 1.5 });
      await put(admin, 'CompletionRatio', { ...completions, 'later-ratio': 3 });
      await chat(token.apiKey, 'later-ratio');
      b = await balances(gw, payer.userId!, token.id);
      expect(b.user).toEqual({ quota: START - 10_000 - 135, used_quota: 10_135, request_count: 2 });

      const logs = await consumeLogs(gw, payer.userId!);
      expect(logs.map((l) => [l.model_name, l.quota])).toEqual([
        ['later-fixed', 10_000],
        ['later-ratio', 135],
      ]);
      expect(JSON.parse(logs[0]!.other)).toMatchObject({ model_price: 0.02, group_ratio: 1 });
      expect(JSON.parse(logs[1]!.other)).toMatchObject({ model_ratio: 1.5, completion_ratio: 3 });
    });
  });
});
