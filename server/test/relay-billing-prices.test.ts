import { describe, expect, it } from 'vitest';
import { addToken, apiError, balances, consumeLogs } from '@gateway/test-support';
import { queryStats } from '../src/platform/db/query-stats.js';
import { START, useRelayBilling } from './support/relay-billing.js';

/**
 * Exact quota by price kind, and what is refused before any upstream call. Prices: test-model
 * ratio 2, completion ratio 3, cache ratio 0.5; fixed-model $0.01 per call; group vip ratio 1.5;
 * QuotaPerUnit 500000. Relay outcomes (streams, retries, failures, aborts): relay-billing.test.ts.
 */
describe('relay billing', () => {
  const h = useRelayBilling();

  it('charges a fixed-price model its price × QuotaPerUnit', async () => {
    h.upstream.scenario('fixed', { usage: { prompt: 5000, completion: 5000 } });
    await h.channel('fixed');
    const token = await addToken(h.gw, h.userId, { remainQuota: 100_000 });
    await h.client(token.apiKey).chat.completions.create({
      model: 'fixed-model',
      messages: [{ role: 'user', content: 'x' }],
    });
    const quota = 0.01 * 500_000; // 5000
    const b = await balances(h.gw, h.userId, token.id);
    expect(b.user).toEqual({ quota: START - quota, used_quota: quota, request_count: 1 });
    const [log] = await consumeLogs(h.gw, h.userId);
    expect(JSON.parse(log!.other)).toMatchObject({ model_price: 0.01 });
  });

  it('bills cached prompt tokens at the cache ratio', async () => {
    h.upstream.scenario('cache', { usage: { prompt: 1000, completion: 100, cached: 600 } });
    await h.channel('cache');
    const token = await addToken(h.gw, h.userId, { remainQuota: 100_000 });
    await h.client(token.apiKey).chat.completions.create({
      model: 'cache-model',
      messages: [{ role: 'user', content: 'x' }],
    });
    const quota = (400 + 600 * 0.5 + 100 * 3) * 2; // 2000
    const b = await balances(h.gw, h.userId, token.id);
    expect(b.user.quota).toBe(START - quota);
    const [log] = await consumeLogs(h.gw, h.userId);
    expect(JSON.parse(log!.other)).toMatchObject({ cache_tokens: 600, cache_ratio: 0.5 });
  });

  it('multiplies by the ratio of the token group', async () => {
    h.upstream.scenario('vip', { usage: { prompt: 101, completion: 33 } });
    await h.channel('vip');
    const token = await addToken(h.gw, h.userId, { remainQuota: 100_000, group: 'vip' });
    await h.client(token.apiKey).chat.completions.create({
      model: 'test-model',
      messages: [{ role: 'user', content: 'x' }],
    });
    const quota = Math.round((101 + 33 * 3) * 2 * 1.5); // 600
    const b = await balances(h.gw, h.userId, token.id);
    expect(b.user.quota).toBe(START - quota);
    const [log] = await consumeLogs(h.gw, h.userId);
    expect(log).toMatchObject({ group: 'vip', quota });
  });

  it('reads nothing from SQL on the hot path once caches are warm', async () => {
    h.upstream.scenario('hot', { usage: { prompt: 3, completion: 3 } });
    await h.channel('hot');
    const token = await addToken(h.gw, h.userId, { remainQuota: 1_000_000 });
    const openai = h.client(token.apiKey);
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
    await h.channel('ok2');
    const token = await addToken(h.gw, h.userId, { remainQuota: 0 });
    const err = await apiError(
      h.client(token.apiKey).chat.completions.create({
        model: 'test-model',
        messages: [{ role: 'user', content: 'x' }],
      }),
    );
    expect(err.status).toBe(401);
    expect(err.message).toContain('该令牌额度已用尽');
    expect(h.upstream.requests.length).toBe(0);
    const b = await balances(h.gw, h.userId, token.id);
    expect(b.user.quota).toBe(START);
  });

  it('refuses a hold larger than the token balance', async () => {
    h.upstream.scenario('big', { usage: { prompt: 1, completion: 1 } });
    await h.channel('big');
    const token = await addToken(h.gw, h.userId, { remainQuota: 100 });
    const err = await apiError(
      h.client(token.apiKey).chat.completions.create({
        model: 'test-model',
        messages: [{ role: 'user', content: 'x' }],
        max_tokens: 1000,
      }),
    );
    expect(err.status).toBe(403);
    expect(h.upstream.requests.length).toBe(0);
    expect((await balances(h.gw, h.userId, token.id)).token.remain_quota).toBe(100);
  });
});
