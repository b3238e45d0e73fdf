import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addChannel,
  addToken,
  balances,
  registerAndLogin,
  setUserQuota,
  setupAndLoginRoot,
  startFakeUpstream,
  startGateway,
  type ApiClient,
  type FakeUpstream,
  type RunningGateway,
} from '@gateway/test-support';

type ApiErr = InstanceType<typeof OpenAI.APIError>;

/** The checks every call passes before any quota is held, each with its status and message. */
describe('relay request checks', () => {
  let gw: RunningGateway;
  let upstream: FakeUpstream;
  let root: ApiClient;
  let user: ApiClient;
  let channelId: number;

  const call = (apiKey: string, model = 'chk-model') =>
    new OpenAI({ apiKey, baseURL: `${gw.url}/v1`, maxRetries: 0 }).chat.completions
      .create({ model, messages: [{ role: 'user', content: 'x' }] })
      .then(() => null)
      .catch((e: unknown) => e as ApiErr);

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    gw = await startGateway();
    root = await setupAndLoginRoot(gw.url);
    await root.put('/api/option/', {
      key: 'ModelRatio',
      value: JSON.stringify({ 'chk-model': 1, other: 1 }),
    });
    await root.put('/api/option/', {
      key: 'GroupRatio',
      value: JSON.stringify({ default: 1, vip: 2, gone: 1 }),
    });
    await root.put('/api/option/', {
      key: 'UserUsableGroups',
      value: JSON.stringify({ default: 'd', vip: 'v' }),
    });
    user = await registerAndLogin(gw.url, 'checker');
    await setUserQuota(gw, user.userId!, 1_000_000);
    channelId = await addChannel(gw, {
      key: 'ok',
      baseUrl: upstream.url,
      models: ['chk-model', 'other'],
      groups: ['default', 'vip'],
    });
  });
  afterAll(async () => {
    await gw.stop();
    await upstream.close();
  });
  beforeEach(() => upstream.reset());

  it('rejects missing, unknown, disabled and expired keys with 401', async () => {
    const missing = await fetch(`${gw.url}/v1/chat/completions`, { method: 'POST', body: '{}' });
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toMatch(
      /^未提供令牌 \(request id: /,
    );
    expect((await call('sk-doesnotexist'))?.status).toBe(401);
    const disabled = await addToken(gw, user.userId!, { unlimited: true, status: 2 });
    expect((await call(disabled.apiKey))?.message).toContain('该令牌状态不可用');
    const expired = await addToken(gw, user.userId!, {
      unlimited: true,
      expiredTime: Math.floor(Date.now() / 1000) - 10,
    });
    const err = await call(expired.apiKey);
    expect(err?.status).toBe(401);
    expect(err?.message).toContain('该令牌已过期');
    await expect
      .poll(
        async () =>
          (
            await gw.ctx.db
              .selectFrom('tokens')
              .select('status')
              .where('id', '=', expired.id)
              .executeTakeFirstOrThrow()
          ).status,
      )
      .toBe(3);
    expect(upstream.requests.length).toBe(0);
  });

  it('enforces model limits, the IP allow list and the token group', async () => {
    const limited = await addToken(gw, user.userId!, { unlimited: true, modelLimits: ['other'] });
    const err = await call(limited.apiKey);
    expect(err?.status).toBe(403);
    expect(err?.message).toContain('该令牌无权访问模型 chk-model');
    expect(await call(limited.apiKey, 'other')).toBeNull();

    const ipBound = await addToken(gw, user.userId!, {
      unlimited: true,
      allowIps: '10.1.2.3\n192.168.0.0/16',
    });
    expect((await call(ipBound.apiKey))?.message).toContain('您的 IP 不在令牌允许访问的列表中');
    const loopback = await addToken(gw, user.userId!, { unlimited: true, allowIps: '127.0.0.0/8' });
    expect(await call(loopback.apiKey)).toBeNull();

    const vip = await addToken(gw, user.userId!, { unlimited: true, group: 'vip' });
    expect(await call(vip.apiKey)).toBeNull();
    const foreign = await addToken(gw, user.userId!, { unlimited: true, group: 'gone' });
    expect((await call(foreign.apiKey))?.message).toContain('令牌分组 gone 已被禁用');
  });

  it('refuses a banned user at once', async () => {
    const banned = await registerAndLogin(gw.url, 'banned');
    const token = await addToken(gw, banned.userId!, { unlimited: true });
    await setUserQuota(gw, banned.userId!, 1000);
    expect(await call(token.apiKey)).toBeNull();
    await gw.ctx.users.repo.update(banned.userId!, { status: 2 });
    gw.ctx.users.cache.invalidate(banned.userId!);
    const err = await call(token.apiKey);
    expect(err?.status).toBe(403);
    expect(err?.message).toContain('用户已被封禁');
  });

  it('lets only admins pin a channel with sk-<key>-<channel id>', async () => {
    const token = await addToken(gw, user.userId!, { unlimited: true });
    expect((await call(`${token.apiKey}-${channelId}`))?.message).toContain('普通用户不支持指定渠道');
    const rootToken = await addToken(gw, root.userId!, { unlimited: true });
    expect(await call(`${rootToken.apiKey}-${channelId}`)).toBeNull();
    expect(upstream.requests.last()?.key).toBe('ok');
    expect((await call(`${rootToken.apiKey}-99999`))?.status).toBe(400);
  });

  it('answers 404 model_not_found when no channel serves the model and 500 for unpriced models', async () => {
    const token = await addToken(gw, user.userId!, { unlimited: true });
    const noChannel = await call(token.apiKey, 'unknown-model');
    expect(noChannel?.status).toBe(404);
    expect(noChannel?.code).toBe('model_not_found');
    expect(noChannel?.message).toContain('当前分组 default 下对于模型 unknown-model 无可用渠道');
    await addChannel(gw, { key: 'ok', baseUrl: upstream.url, models: ['unpriced'] });
    const unpriced = await call(token.apiKey, 'unpriced');
    expect(unpriced?.status).toBe(500);
    expect(unpriced?.message).toContain('模型 unpriced 倍率或价格未配置');
    await root.put('/api/option/', { key: 'SelfUseModeEnabled', value: 'true' });
    expect(await call(token.apiKey, 'unpriced')).toBeNull();
    await root.put('/api/option/', { key: 'SelfUseModeEnabled', value: 'false' });
  });

  it('rejects malformed bodies with 400 before holding anything', async () => {
    const token = await addToken(gw, user.userId!, { remainQuota: 500 });
    for (const body of [
      'not json',
      '[]',
      JSON.stringify({ model: 'chk-model' }),
      JSON.stringify({ model: 'chk-model', messages: [], max_tokens: -1 }),
    ]) {
      const res = await fetch(`${gw.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token.apiKey}`, 'content-type': 'application/json' },
        body,
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
    }
    expect((await balances(gw, user.userId!, token.id)).token.remain_quota).toBe(500);
  });

  it('limits requests per user when ModelRequestRateLimit is on', async () => {
    const limitedUser = await registerAndLogin(gw.url, 'ratelimited');
    await setUserQuota(gw, limitedUser.userId!, 1_000_000);
    const token = await addToken(gw, limitedUser.userId!, { unlimited: true });
    await root.put('/api/option/', { key: 'ModelRequestRateLimitCount', value: '3' });
    await root.put('/api/option/', { key: 'ModelRequestRateLimitEnabled', value: 'true' });
    try {
      for (let i = 0; i < 3; i++) expect(await call(token.apiKey)).toBeNull();
      const err = await call(token.apiKey);
      expect(err?.status).toBe(429);
      expect(err?.message).toContain('您已达到总请求数限制：1分钟内最多请求3次');
      // Other users are not affected.
      expect(await call((await addToken(gw, user.userId!, { unlimited: true })).apiKey)).toBeNull();
    } finally {
      await root.put('/api/option/', { key: 'ModelRequestRateLimitEnabled', value: 'false' });
    }
  });

  it('counts only successful requests toward the success limit', async () => {
    const limitedUser = await registerAndLogin(gw.url, 'succlimited');
    await setUserQuota(gw, limitedUser.userId!, 1_000_000);
    const token = await addToken(gw, limitedUser.userId!, { unlimited: true });
    await root.put('/api/option/', { key: 'ModelRequestRateLimitCount', value: '0' });
    await root.put('/api/option/', { key: 'ModelRequestRateLimitSuccessCount', value: '2' });
    await root.put('/api/option/', { key: 'ModelRequestRateLimitEnabled', value: 'true' });
    try {
      // Failures (no channel for this model) do not use up the success allowance.
      for (let i = 0; i < 3; i++) expect((await call(token.apiKey, 'no-such-model'))?.status).toBe(404);
      expect(await call(token.apiKey)).toBeNull();
      expect(await call(token.apiKey)).toBeNull();
      const err = await call(token.apiKey);
      expect(err?.status).toBe(429);
      expect(err?.message).toContain('您已达到请求数限制：1分钟内最多请求2次');
    } finally {
      await root.put('/api/option/', { key: 'ModelRequestRateLimitEnabled', value: 'false' });
      await root.put('/api/option/', { key: 'ModelRequestRateLimitSuccessCount', value: '1000' });
    }
  });

  it('serves the console playground to signed-in users, billed to the user', async () => {
    await setUserQuota(gw, user.userId!, 100_000);
    upstream.scenario('ok', { usage: { prompt: 10, completion: 10 } });
    const res = await user.post<unknown>('/pg/chat/completions', {
      model: 'chk-model',
      group: 'vip',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(res.status).toBe(200);
    await gw.ctx.ledger.flush();
    const settled = await gw.ctx.db
      .selectFrom('users')
      .select('quota')
      .where('id', '=', user.userId!)
      .executeTakeFirstOrThrow();
    expect(settled.quota).toBe(100_000 - 20 * 2);
    const forbidden = await user.post('/pg/chat/completions', {
      model: 'chk-model',
      group: 'gone',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(forbidden.status).toBe(403);
    // The body is decoded strictly once, before the group is even looked at.
    const nul = await user.post<unknown>('/pg/chat/completions', {
      model: 'chk-model',
      group: 'gone',
      messages: [{ role: 'user', content: 'a\u0000b' }],
    });
    expect(nul.status).toBe(400);
    expect(nul.body).toMatchObject({ error: { code: 'invalid_request' } });
    const anonymous = await fetch(`${gw.url}/pg/chat/completions`, { method: 'POST', body: '{}' });
    expect(anonymous.status).toBe(401);
  });
});
