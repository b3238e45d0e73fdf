import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addChannel,
  addToken,
  balances,
  channelUsedQuota,
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
  apiError,
} from '@gateway/test-support';
import { countChatPrompt, countText } from '../src/relay/billing/token-count.js';
import { queryStats } from '../src/platform/db/query-stats.js';

/**
 * Exact quota after every kind of relay outcome. Prices: test-model ratio 2, completion ratio 3,
 * cache ratio 0.5; fixed-model $0.01 per call; group vip ratio 1.5; QuotaPerUnit 500000.
 */
describe('relay billing', () => {
  let gw: RunningGateway;
  let upstream: FakeUpstream;
  let root: ApiClient;
  let userId: number;
  const START = 1_000_000;

  const client = (apiKey: string) =>
    new OpenAI({ apiKey, baseURL: `${gw.url}/v1`, maxRetries: 0, timeout: 20_000 });

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    gw = await startGateway();
    root = await setupAndLoginRoot(gw.url);
    const options: Record<string, string> = {
      ModelRatio: JSON.stringify({ 'test-model': 2, 'cache-model': 2 }),
      CompletionRatio: JSON.stringify({ 'test-model': 3, 'cache-model': 3 }),
      CacheRatio: JSON.stringify({ 'cache-model': 0.5 }),
      ModelPrice: JSON.stringify({ 'fixed-model': 0.01 }),
      GroupRatio: JSON.stringify({ default: 1, vip: 1.5 }),
      UserUsableGroups: JSON.stringify({ default: 'default', vip: 'vip' }),
    };
    for (const [key, value] of Object.entries(options)) {
      const res = await root.put('/api/option/', { key, value });
      expect(res.body.success, res.body.message).toBe(true);
    }
  });

  afterAll(async () => {
    await gw.stop();
    await upstream.close();
  });

  let n = 0;
  beforeEach(async () => {
    // A fresh payer per test keeps used_quota and request_count assertions independent.
    const user = await registerAndLogin(gw.url, `payer${n++}`);
    userId = user.userId!;
    upstream.reset();
    await removeAllChannels(gw);
    await setUserQuota(gw, userId, START);
    await root.put('/api/option/', { key: 'RetryTimes', value: '0' });
  });

  const channel = (key: string, extra: Partial<Parameters<typeof addChannel>[1]> = {}) =>
    addChannel(gw, {
      key,
      baseUrl: upstream.url,
      models: ['test-model', 'fixed-model', 'cache-model'],
      groups: ['default', 'vip'],
      ...extra,
    });

  it('charges (prompt + completion × completion ratio) × model ratio for a plain call', async () => {
    upstream.scenario('ok', { content: 'hello there', usage: { prompt: 100, completion: 50 } });
    const channelId = await channel('ok');
    const token = await addToken(gw, userId, { remainQuota: 10_000 });
    const res = await client(token.apiKey).chat.completions.create({
      model: 'test-model',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(res.choices[0]?.message.content).toBe('hello there');
    const quota = (100 + 50 * 3) * 2; // 500
    const b = await balances(gw, userId, token.id);
    expect(b.user).toEqual({ quota: START - quota, used_quota: quota, request_count: 1 });
    expect(b.token).toEqual({ remain_quota: 10_000 - quota, used_quota: quota });
    expect(await channelUsedQuota(gw, channelId)).toBe(quota);
    const [log] = await consumeLogs(gw, userId);
    expect(log).toMatchObject({
      quota,
      prompt_tokens: 100,
      completion_tokens: 50,
      model_name: 'test-model',
      channel_id: channelId,
      token_id: token.id,
      is_stream: 0,
      group: 'default',
    });
    expect(JSON.parse(log!.other)).toMatchObject({ model_ratio: 2, completion_ratio: 3, group_ratio: 1 });
  });

  it('charges a streamed call from the usage chunk the gateway asked for', async () => {
    upstream.scenario('stream', { content: 'one two three', usage: { prompt: 40, completion: 12 } });
    await channel('stream');
    const token = await addToken(gw, userId, { unlimited: true });
    const stream = await client(token.apiKey).chat.completions.create({
      model: 'test-model',
      messages: [{ role: 'user', content: 'count' }],
      stream: true,
    });
    let text = '';
    let sawUsage = false;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta?.content ?? '';
      if (chunk.usage) sawUsage = true;
    }
    expect(text).toBe('one two three');
    // The client did not ask for usage, so the gateway's own usage chunk is not forwarded.
    expect(sawUsage).toBe(false);
    expect(upstream.requests.last()?.body).toMatchObject({ stream_options: { include_usage: true } });
    const quota = (40 + 12 * 3) * 2;
    const b = await balances(gw, userId, token.id);
    expect(b.user.quota).toBe(START - quota);
    // Unlimited tokens keep their remain_quota but count usage.
    expect(b.token).toEqual({ remain_quota: 0, used_quota: quota });
    const [log] = await consumeLogs(gw, userId);
    expect(log).toMatchObject({ quota, is_stream: 1 });
    expect(JSON.parse(log!.other).frt).toBeGreaterThanOrEqual(0);
  });

  it('retries a failed channel on another one and charges once', async () => {
    await root.put('/api/option/', { key: 'RetryTimes', value: '2' });
    upstream.scenario('broken', { error: { status: 500, message: 'upstream exploded' } });
    upstream.scenario('healthy', { usage: { prompt: 10, completion: 10 } });
    const bad = await channel('broken', { priority: 10 });
    const good = await channel('healthy', { priority: 0 });
    const token = await addToken(gw, userId, { remainQuota: 5000 });
    await client(token.apiKey).chat.completions.create({
      model: 'test-model',
      messages: [{ role: 'user', content: 'x' }],
    });
    const quota = (10 + 10 * 3) * 2;
    const b = await balances(gw, userId, token.id);
    expect(b.user).toEqual({ quota: START - quota, used_quota: quota, request_count: 1 });
    expect(b.token.remain_quota).toBe(5000 - quota);
    expect(await channelUsedQuota(gw, bad)).toBe(0);
    expect(await channelUsedQuota(gw, good)).toBe(quota);
    const logs = await consumeLogs(gw, userId);
    expect(logs).toHaveLength(1);
    expect(JSON.parse(logs[0]!.other).admin_info.use_channel).toEqual([String(bad), String(good)]);
  });

  it('charges nothing when every channel fails, and never tries a channel twice', async () => {
    await root.put('/api/option/', { key: 'RetryTimes', value: '5' });
    upstream.scenario('down-a', { error: { status: 503, message: 'overloaded' } });
    upstream.scenario('down-b', { error: { status: 502, message: 'bad gateway' } });
    await channel('down-a');
    await channel('down-b');
    const token = await addToken(gw, userId, { remainQuota: 5000 });
    const err = await apiError(
      client(token.apiKey).chat.completions.create({
        model: 'test-model',
        messages: [{ role: 'user', content: 'x' }],
      }),
    );
    expect([502, 503]).toContain(err.status);
    expect(upstream.requests.length).toBe(2);
    const b = await balances(gw, userId, token.id);
    expect(b.user).toEqual({ quota: START, used_quota: 0, request_count: 0 });
    expect(b.token).toEqual({ remain_quota: 5000, used_quota: 0 });
    expect(await consumeLogs(gw, userId)).toHaveLength(0);
  });

  it('bills what was produced when the client aborts mid-stream', async () => {
    upstream.scenario('slow', {
      chunks: ['alpha ', 'beta ', 'gamma ', 'delta'],
      chunkDelayMs: 150,
      usage: { prompt: 30, completion: 20 },
    });
    await channel('slow');
    const token = await addToken(gw, userId, { remainQuota: 100_000 });
    const controller = new AbortController();
    const stream = await client(token.apiKey).chat.completions.create(
      { model: 'test-model', messages: [{ role: 'user', content: 'go' }], stream: true },
      { signal: controller.signal },
    );
    let received = '';
    try {
      for await (const chunk of stream) {
        received += chunk.choices[0]?.delta?.content ?? '';
        if (received.includes('alpha')) controller.abort();
      }
    } catch {
      // the SDK may surface the abort as an error or simply end the iteration
    }
    expect(received).not.toContain('delta');
    // Wait until the gateway noticed and settled.
    await expect.poll(async () => (await consumeLogs(gw, userId)).length, { timeout: 5000 }).toBe(1);
    const [log] = await consumeLogs(gw, userId);
    const prompt = await countChatPrompt([{ role: 'user', content: 'go' }], 'test-model');
    expect(log!.prompt_tokens).toBe(prompt);
    expect(log!.completion_tokens).toBeGreaterThanOrEqual(1);
    expect(log!.completion_tokens).toBeLessThan(await countText('alpha beta gamma delta', 'test-model'));
    expect(log!.content).toContain('客户端中断');
    const quota = Math.round((prompt + log!.completion_tokens * 3) * 2);
    expect(log!.quota).toBe(quota);
    const b = await balances(gw, userId, token.id);
    expect(b.user.quota).toBe(START - quota);
    expect(b.token.remain_quota).toBe(100_000 - quota);
  });

  it('counts tokens locally when a stream reports no usage', async () => {
    upstream.scenario('no-usage', { content: 'local counting works fine', usage: 'none' });
    await channel('no-usage');
    const token = await addToken(gw, userId, { remainQuota: 100_000 });
    const messages = [{ role: 'user' as const, content: 'please count me' }];
    const stream = await client(token.apiKey).chat.completions.create({
      model: 'test-model',
      messages,
      stream: true,
      stream_options: { include_usage: true },
    });
    let usage: OpenAI.CompletionUsage | undefined;
    for await (const chunk of stream) if (chunk.usage) usage = chunk.usage;
    const prompt = await countChatPrompt(messages, 'test-model');
    const completion = await countText('local counting works fine', 'test-model');
    // The client asked for usage and the upstream gave none: the gateway reports its own count.
    expect(usage).toMatchObject({ prompt_tokens: prompt, completion_tokens: completion });
    const quota = (prompt + completion * 3) * 2;
    const b = await balances(gw, userId, token.id);
    expect(b.user.quota).toBe(START - quota);
    const [log] = await consumeLogs(gw, userId);
    expect(log).toMatchObject({ quota, prompt_tokens: prompt, completion_tokens: completion });
  });

  it('charges a fixed-price model its price × QuotaPerUnit', async () => {
    upstream.scenario('fixed', { usage: { prompt: 5000, completion: 5000 } });
    await channel('fixed');
    const token = await addToken(gw, userId, { remainQuota: 100_000 });
    await client(token.apiKey).chat.completions.create({
      model: 'fixed-model',
      messages: [{ role: 'user', content: 'x' }],
    });
    const quota = 0.01 * 500_000; // 5000
    const b = await balances(gw, userId, token.id);
    expect(b.user).toEqual({ quota: START - quota, used_quota: quota, request_count: 1 });
    const [log] = await consumeLogs(gw, userId);
    expect(JSON.parse(log!.other)).toMatchObject({ model_price: 0.01 });
  });

  it('bills cached prompt tokens at the cache ratio', async () => {
    upstream.scenario('cache', { usage: { prompt: 1000, completion: 100, cached: 600 } });
    await channel('cache');
    const token = await addToken(gw, userId, { remainQuota: 100_000 });
    await client(token.apiKey).chat.completions.create({
      model: 'cache-model',
      messages: [{ role: 'user', content: 'x' }],
    });
    const quota = (400 + 600 * 0.5 + 100 * 3) * 2; // 2000
    const b = await balances(gw, userId, token.id);
    expect(b.user.quota).toBe(START - quota);
    const [log] = await consumeLogs(gw, userId);
    expect(JSON.parse(log!.other)).toMatchObject({ cache_tokens: 600, cache_ratio: 0.5 });
  });

  it('multiplies by the ratio of the token group', async () => {
    upstream.scenario('vip', { usage: { prompt: 101, completion: 33 } });
    await channel('vip');
    const token = await addToken(gw, userId, { remainQuota: 100_000, group: 'vip' });
    await client(token.apiKey).chat.completions.create({
      model: 'test-model',
      messages: [{ role: 'user', content: 'x' }],
    });
    const quota = Math.round((101 + 33 * 3) * 2 * 1.5); // 600
    const b = await balances(gw, userId, token.id);
    expect(b.user.quota).toBe(START - quota);
    const [log] = await consumeLogs(gw, userId);
    expect(log).toMatchObject({ group: 'vip', quota });
  });

  it('reads nothing from SQL on the hot path once caches are warm', async () => {
    upstream.scenario('hot', { usage: { prompt: 3, completion: 3 } });
    await channel('hot');
    const token = await addToken(gw, userId, { remainQuota: 1_000_000 });
    const openai = client(token.apiKey);
    const ask = (stream: boolean) =>
      stream
        ? openai.chat.completions
            .create({ model: 'test-model', messages: [{ role: 'user', content: 'x' }], stream: true })
            .then(async (s) => {
              for await (const _chunk of s) void _chunk;
            })
        : openai.chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content: 'x' }] });
    await ask(false); // warms the token, user and balance caches
    const reads = queryStats.reads;
    await Promise.all(Array.from({ length: 10 }, (_, i) => ask(i % 2 === 0)));
    expect(queryStats.reads - reads).toBe(0);
  });

  it('refuses an exhausted token before any upstream call', async () => {
    await channel('ok2');
    const token = await addToken(gw, userId, { remainQuota: 0 });
    const err = await apiError(
      client(token.apiKey).chat.completions.create({
        model: 'test-model',
        messages: [{ role: 'user', content: 'x' }],
      }),
    );
    expect(err.status).toBe(401);
    expect(err.message).toContain('该令牌额度已用尽');
    expect(upstream.requests.length).toBe(0);
    const b = await balances(gw, userId, token.id);
    expect(b.user.quota).toBe(START);
  });

  it('refuses a hold larger than the token balance', async () => {
    upstream.scenario('big', { usage: { prompt: 1, completion: 1 } });
    await channel('big');
    const token = await addToken(gw, userId, { remainQuota: 100 });
    const err = await apiError(
      client(token.apiKey).chat.completions.create({
        model: 'test-model',
        messages: [{ role: 'user', content: 'x' }],
        max_tokens: 1000,
      }),
    );
    expect(err.status).toBe(403);
    expect(upstream.requests.length).toBe(0);
    expect((await balances(gw, userId, token.id)).token.remain_quota).toBe(100);
  });
});
