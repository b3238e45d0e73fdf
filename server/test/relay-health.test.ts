import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addChannel,
  addToken,
  balances,
  consumeLogs,
  registerAndLogin,
  removeAllChannels,
  setUserQuota,
  setupAndLoginRoot,
  startFakeUpstream,
  startGateway,
  type ApiClient,
  type FakeUpstream,
  type RunningGateway,
  putOptions,
} from '@gateway/test-support';

/** Channel health (auto-disable, tests, re-enable) and streams that do not end normally. */
describe('channel health and broken streams', () => {
  let gw: RunningGateway;
  let upstream: FakeUpstream;
  let root: ApiClient;
  let userId: number;
  let apiKey: string;
  let tokenId: number;

  const channelStatus = async (id: number) =>
    await gw.ctx.db
      .selectFrom('channels')
      .select(['status', 'other_info', 'response_time'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    gw = await startGateway({ env: { STREAMING_TIMEOUT: '1' } });
    root = await setupAndLoginRoot(gw.url);
    await root.put('/api/option/', { key: 'ModelRatio', value: JSON.stringify({ 'h-model': 1 }) });
    const user = await registerAndLogin(gw.url, 'healthy');
    userId = user.userId!;
    await setUserQuota(gw, userId, 1_000_000);
    const token = await addToken(gw, userId, { remainQuota: 1_000_000 });
    apiKey = token.apiKey;
    tokenId = token.id;
  });
  afterAll(async () => {
    await gw.stop();
    await upstream.close();
  });
  beforeEach(async () => {
    upstream.reset();
    await removeAllChannels(gw);
    await putOptions(root, {
      AutomaticDisableChannelEnabled: 'true',
      AutomaticEnableChannelEnabled: 'true',
      RetryTimes: '1',
    });
  });

  const chat = () =>
    new OpenAI({ apiKey, baseURL: `${gw.url}/v1`, maxRetries: 0 }).chat.completions.create({
      model: 'h-model',
      messages: [{ role: 'user', content: 'x' }],
    });

  it('disables a channel whose key is rejected and serves the request from another', async () => {
    upstream.scenario('revoked', {
      error: { status: 401, message: 'Incorrect API key provided', code: 'invalid_api_key' },
    });
    const bad = await addChannel(gw, {
      key: 'revoked',
      baseUrl: upstream.url,
      models: ['h-model'],
      priority: 5,
    });
    const good = await addChannel(gw, { key: 'fine', baseUrl: upstream.url, models: ['h-model'] });
    await chat();
    await expect.poll(async () => (await channelStatus(bad)).status).toBe(3);
    const info = JSON.parse((await channelStatus(bad)).other_info ?? '{}');
    expect(info.status_reason).toContain('Incorrect API key provided');
    expect(info.status_time).toBeGreaterThan(0);
    // From now on the broken channel is skipped without an upstream call.
    upstream.reset();
    await chat();
    expect(upstream.requests.forKey('revoked')).toHaveLength(0);
    expect((await channelStatus(good)).status).toBe(1);
  });

  it('disables on an AutomaticDisableKeywords match but not on a plain overload', async () => {
    upstream.scenario('broke', {
      error: { status: 429, message: 'You exceeded your current quota, please check your plan' },
    });
    upstream.scenario('busy', { error: { status: 503, message: 'server busy' } });
    const broke = await addChannel(gw, {
      key: 'broke',
      baseUrl: upstream.url,
      models: ['h-model'],
      priority: 2,
    });
    const busy = await addChannel(gw, {
      key: 'busy',
      baseUrl: upstream.url,
      models: ['h-model'],
      priority: 1,
    });
    await chat().catch(() => undefined);
    await expect.poll(async () => (await channelStatus(broke)).status).toBe(3);
    expect((await channelStatus(busy)).status).toBe(1);
  });

  it('keeps channels with auto_ban off enabled', async () => {
    upstream.scenario('revoked', { error: { status: 401, message: 'bad key' } });
    const id = await addChannel(gw, {
      key: 'revoked',
      baseUrl: upstream.url,
      models: ['h-model'],
      autoBan: false,
    });
    await chat().catch(() => undefined);
    await new Promise((r) => setTimeout(r, 100));
    expect((await channelStatus(id)).status).toBe(1);
  });

  it('tests a channel, records its response time and re-enables it once it recovers', async () => {
    upstream.scenarioSequence('flaky', [
      { error: { status: 401, message: 'bad key' } },
      { usage: { prompt: 3, completion: 2 } },
    ]);
    const id = await addChannel(gw, { key: 'flaky', baseUrl: upstream.url, models: ['h-model'] });
    const before = await balances(gw, userId, tokenId);
    const rootBefore = await gw.ctx.db
      .selectFrom('users')
      .select('quota')
      .where('id', '=', root.userId!)
      .executeTakeFirstOrThrow();
    const failed = await root.get<unknown>(`/api/channel/test/${id}`);
    expect(failed.body.success).toBe(false);
    expect(failed.body.message).toContain('status code 401');
    await gw.ctx.relay.health.disable(gw.ctx.relay.routing.channel(id)!, 'bad key');
    expect((await channelStatus(id)).status).toBe(3);
    const ok = await root.get<unknown>(`/api/channel/test/${id}?model=h-model`);
    expect(ok.body.success).toBe(true);
    expect(typeof (ok.body as unknown as { time: number }).time).toBe('number');
    expect((await channelStatus(id)).status).toBe(1);
    expect(upstream.requests.last()?.body).toMatchObject({ model: 'h-model', max_tokens: 10 });
    await gw.ctx.logs.flush();
    const logs = await gw.ctx.logDb
      .selectFrom('logs')
      .selectAll()
      .where('token_name', '=', '模型测试')
      .execute();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ user_id: root.userId, quota: 5, prompt_tokens: 3, completion_tokens: 2 });
    // Testing charges nobody.
    expect(await balances(gw, userId, tokenId)).toEqual(before);
    const rootAfter = await gw.ctx.db
      .selectFrom('users')
      .select('quota')
      .where('id', '=', root.userId!)
      .executeTakeFirstOrThrow();
    expect(rootAfter.quota).toBe(rootBefore.quota);
    const normal = await registerAndLogin(gw.url, 'notadmin');
    expect((await normal.get(`/api/channel/test/${id}`)).status).toBe(403);
  });

  it('bills the produced part of a stream the upstream cut, and tells the client', async () => {
    upstream.scenario('cut', { chunks: ['one ', 'two ', 'three ', 'four'], breakAfterChunks: 3 });
    await addChannel(gw, { key: 'cut', baseUrl: upstream.url, models: ['h-model'] });
    const before = await balances(gw, userId, tokenId);
    const stream = await new OpenAI({
      apiKey,
      baseURL: `${gw.url}/v1`,
      maxRetries: 0,
    }).chat.completions.create({
      model: 'h-model',
      messages: [{ role: 'user', content: 'x' }],
      stream: true,
    });
    let text = '';
    const err = await (async () => {
      for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    })().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.APIError);
    expect(text).toBe('one two ');
    const log = (await consumeLogs(gw, userId)).at(-1)!;
    expect(log.content).toContain('上游中断');
    expect(log.completion_tokens).toBeGreaterThan(0);
    const after = await balances(gw, userId, tokenId);
    expect(before.user.quota - after.user.quota).toBe(log.quota);
    expect(before.token.remain_quota - after.token.remain_quota).toBe(log.quota);
  });

  it('cuts a stream that goes silent past STREAMING_TIMEOUT and settles it', async () => {
    upstream.scenario('hang', { chunks: ['a ', 'b ', 'c'], hangAfterChunks: 2 });
    await addChannel(gw, { key: 'hang', baseUrl: upstream.url, models: ['h-model'] });
    const before = await balances(gw, userId, tokenId);
    const started = Date.now();
    const res = await fetch(`${gw.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'h-model', stream: true, messages: [{ role: 'user', content: 'x' }] }),
    });
    const body = await res.text();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(body).toContain('stream_broken');
    const after = await balances(gw, userId, tokenId);
    const log = (await consumeLogs(gw, userId)).at(-1)!;
    expect(before.user.quota - after.user.quota).toBe(log.quota);
  });
});
