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
  type FakeUpstream,
  type RunningGateway,
  putOptions,
} from '@gateway/test-support';
import { rawPost } from './support/raw-client.js';

/**
 * Clients that leave early, on real sockets. Gone before any byte was sent: nothing is charged
 * and the upstream call is cancelled (or never made). Gone mid-stream: the produced part is billed.
 * Prices: test-model ratio 1, completion ratio 1.
 */
describe('relay: early disconnects', () => {
  let gw: RunningGateway;
  let upstream: FakeUpstream;
  let userId: number;
  const START = 1_000_000;
  const TOKEN_QUOTA = 100_000;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    gw = await startGateway();
    const root = await setupAndLoginRoot(gw.url);
    await putOptions(root, {
      ModelRatio: JSON.stringify({ 'test-model': 1 }),
      CompletionRatio: JSON.stringify({ 'test-model': 1 }),
      RetryTimes: '0',
    });
  });

  afterAll(async () => {
    await gw.stop();
    await upstream.close();
  });

  let n = 0;
  beforeEach(async () => {
    userId = (await registerAndLogin(gw.url, `leaver${n++}`)).userId!;
    upstream.reset();
    await removeAllChannels(gw);
    await setUserQuota(gw, userId, START);
  });

  const ask = (stream = false) => ({
    model: 'test-model',
    messages: [{ role: 'user', content: 'tell me a story' }],
    max_tokens: 100,
    stream,
  });

  /** Nothing charged, no log row, and no hold left open in the admission view. */
  async function expectFree(tokenId: number) {
    expect(await balances(gw, userId, tokenId)).toEqual({
      user: { quota: START, used_quota: 0, request_count: 0 },
      token: { remain_quota: TOKEN_QUOTA, used_quota: 0 },
    });
    expect(await consumeLogs(gw, userId)).toHaveLength(0);
    await expect.poll(() => gw.ctx.ledger.authority.userBalance(userId)).toBe(START);
    await expect.poll(() => gw.ctx.ledger.authority.tokenBalance(tokenId)).toBe(TOKEN_QUOTA);
  }

  /** Every call that reached the upstream was cancelled by the gateway. */
  async function expectUpstreamCancelled() {
    await expect
      .poll(() => upstream.requests.all().filter((r) => !r.clientAborted).length, { timeout: 5_000 })
      .toBe(0);
  }

  // Where the close lands depends on the database: with SQLite the request usually reaches the
  // upstream before the gateway reads the FIN; with PostgreSQL, MySQL or Redis it lands during
  // the balance load or the hold, which is the case that used to be charged in full.
  it('charges nothing and cancels the upstream call for 20 clients that close at 0 ms', async () => {
    upstream.scenario('slow', {
      content: 'never delivered',
      delayMs: 1_000,
      usage: { prompt: 5, completion: 5 },
    });
    await addChannel(gw, { key: 'slow', baseUrl: upstream.url, models: ['test-model'] });
    const token = await addToken(gw, userId, { remainQuota: TOKEN_QUOTA });
    const calls = Array.from({ length: 20 }, (_, i) =>
      rawPost(gw.url, '/v1/chat/completions', token.apiKey, ask(i % 2 === 0), { closeAfterMs: 0 }),
    );
    await Promise.all(calls.map((c) => c.closed));
    for (const c of calls) expect(c.received()).toBe('');
    await expectUpstreamCancelled();
    await expectFree(token.id);
  });

  it('charges nothing and cancels the upstream call when the client leaves during the header wait', async () => {
    upstream.scenario('slow', {
      content: 'never delivered',
      delayMs: 2_000,
      usage: { prompt: 5, completion: 5 },
    });
    await addChannel(gw, { key: 'slow', baseUrl: upstream.url, models: ['test-model'] });
    const token = await addToken(gw, userId, { remainQuota: TOKEN_QUOTA });
    for (const stream of [false, true]) {
      upstream.requests.clear();
      const call = rawPost(gw.url, '/v1/chat/completions', token.apiKey, ask(stream));
      await upstream.requests.waitFor(1);
      call.close();
      await call.closed;
      await expect.poll(() => upstream.requests.at(0)?.clientAborted, { timeout: 5_000 }).toBe(true);
      expect(call.received()).toBe('');
    }
    await expectFree(token.id);
  });

  it('charges nothing when a stream is cut before its first output reached the client', async () => {
    // The role chunk arrives at once, the first words only after 1.5 s: nothing was committed yet.
    upstream.scenario('late', {
      chunks: ['late ', 'words'],
      chunkDelayMs: 1_500,
      usage: { prompt: 5, completion: 5 },
    });
    await addChannel(gw, { key: 'late', baseUrl: upstream.url, models: ['test-model'] });
    const token = await addToken(gw, userId, { remainQuota: TOKEN_QUOTA });
    const call = rawPost(gw.url, '/v1/chat/completions', token.apiKey, ask(true));
    await upstream.requests.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    call.close();
    await expectUpstreamCancelled();
    expect(call.received()).toBe('');
    await expectFree(token.id);
  });

  it('bills the produced part when the client leaves mid-stream, and cancels the upstream', async () => {
    upstream.scenario('story', {
      chunks: ['once ', 'upon ', 'a ', 'time'],
      chunkDelayMs: 300,
      usage: { prompt: 5, completion: 50 },
    });
    await addChannel(gw, { key: 'story', baseUrl: upstream.url, models: ['test-model'] });
    const token = await addToken(gw, userId, { remainQuota: TOKEN_QUOTA });
    const call = rawPost(gw.url, '/v1/chat/completions', token.apiKey, ask(true));
    await call.waitFor('once');
    call.close();
    await expectUpstreamCancelled();
    await expect.poll(async () => (await consumeLogs(gw, userId)).length, { timeout: 5_000 }).toBe(1);
    const [log] = await consumeLogs(gw, userId);
    expect(log!.content).toContain('客户端中断');
    expect(log!.completion_tokens).toBeGreaterThanOrEqual(1);
    expect(log!.completion_tokens).toBeLessThan(50);
    // Ratio 1 × completion ratio 1: the charge is the tokens counted.
    const quota = log!.prompt_tokens + log!.completion_tokens;
    expect(log!.quota).toBe(quota);
    expect(await balances(gw, userId, token.id)).toEqual({
      user: { quota: START - quota, used_quota: quota, request_count: 1 },
      token: { remain_quota: TOKEN_QUOTA - quota, used_quota: quota },
    });
    await expect.poll(() => gw.ctx.ledger.authority.userBalance(userId)).toBe(START - quota);
  });
});
