import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addChannel,
  addToken,
  apiError,
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

/**
 * A final charge larger than the hold is capped by what the user and a limited token can still
 * pay; the uncharged rest is recorded in the log row. Prices: od-model ratio 1, completion ratio 1,
 * so a reported usage of 400 + 600 tokens costs 1000 while the hold (short prompt, max_tokens 10)
 * stays far below the balances used here.
 */
describe('relay: charges above the hold (overdraft)', () => {
  let gw: RunningGateway;
  let upstream: FakeUpstream;
  let userId: number;

  const ask = { model: 'od-model', messages: [{ role: 'user' as const, content: 'hi' }], max_tokens: 10 };
  const chat = (apiKey: string) =>
    new OpenAI({ apiKey, baseURL: `${gw.url}/v1`, maxRetries: 0, timeout: 20_000 }).chat.completions.create(
      ask,
    );

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    gw = await startGateway();
    const root = await setupAndLoginRoot(gw.url);
    await putOptions(root, {
      ModelRatio: JSON.stringify({ 'od-model': 1 }),
      CompletionRatio: JSON.stringify({ 'od-model': 1 }),
      RetryTimes: '0',
    });
  });

  afterAll(async () => {
    await gw.stop();
    await upstream.close();
  });

  let n = 0;
  beforeEach(async () => {
    userId = (await registerAndLogin(gw.url, `overdrawn${n++}`)).userId!;
    upstream.reset();
    await removeAllChannels(gw);
    upstream.scenario('costly', { content: 'an expensive answer', usage: { prompt: 400, completion: 600 } });
    await addChannel(gw, { key: 'costly', baseUrl: upstream.url, models: ['od-model'] });
  });

  const other = (log: { other: string } | undefined) => JSON.parse(log!.other) as Record<string, unknown>;

  it('charges what the user has left and logs the rest as overdraft', async () => {
    await setUserQuota(gw, userId, 300);
    const token = await addToken(gw, userId, { remainQuota: 10_000 });
    await chat(token.apiKey);
    expect(await balances(gw, userId, token.id)).toEqual({
      user: { quota: 0, used_quota: 300, request_count: 1 },
      token: { remain_quota: 9_700, used_quota: 300 },
    });
    const [log] = await consumeLogs(gw, userId);
    expect(log).toMatchObject({ quota: 300, prompt_tokens: 400, completion_tokens: 600 });
    expect(other(log)).toMatchObject({ overdraft: 700, usage_quota: 1000 });
    expect(log!.content).toContain('余额不足，700 未扣');
    expect(await gw.ctx.ledger.authority.userBalance(userId)).toBe(0);
    // Nothing left: the next call is refused before it reaches the upstream.
    expect((await apiError(chat(token.apiKey))).status).toBe(403);
    expect(upstream.requests.length).toBe(1);
  });

  it('is capped by a limited token with less left than its user', async () => {
    await setUserQuota(gw, userId, 300);
    const token = await addToken(gw, userId, { remainQuota: 200 });
    await chat(token.apiKey);
    expect(await balances(gw, userId, token.id)).toEqual({
      user: { quota: 100, used_quota: 200, request_count: 1 },
      token: { remain_quota: 0, used_quota: 200 },
    });
    const [log] = await consumeLogs(gw, userId);
    expect(log!.quota).toBe(200);
    expect(other(log)).toMatchObject({ overdraft: 800, usage_quota: 1000 });
  });

  it('is capped by the user balance alone for an unlimited token', async () => {
    await setUserQuota(gw, userId, 300);
    const token = await addToken(gw, userId, { unlimited: true, remainQuota: 5 });
    await chat(token.apiKey);
    expect(await balances(gw, userId, token.id)).toEqual({
      user: { quota: 0, used_quota: 300, request_count: 1 },
      token: { remain_quota: 5, used_quota: 300 },
    });
    const [log] = await consumeLogs(gw, userId);
    expect(log!.quota).toBe(300);
    expect(other(log)).toMatchObject({ overdraft: 700, usage_quota: 1000 });
  });

  it('never charges more than the balance when requests race for the last quota', async () => {
    // Both holds are taken before either answer arrives, then both charges exceed their holds.
    upstream.scenario('costly', {
      content: 'an expensive answer',
      usage: { prompt: 400, completion: 600 },
      delayMs: 300,
    });
    await setUserQuota(gw, userId, 300);
    const token = await addToken(gw, userId, { unlimited: true });
    await Promise.all([chat(token.apiKey), chat(token.apiKey), chat(token.apiKey)]);
    expect(await balances(gw, userId, token.id)).toEqual({
      user: { quota: 0, used_quota: 300, request_count: 3 },
      token: { remain_quota: 0, used_quota: 300 },
    });
    const logs = await consumeLogs(gw, userId);
    expect(logs).toHaveLength(3);
    expect(logs.reduce((sum, l) => sum + l.quota, 0)).toBe(300);
    expect(logs.reduce((sum, l) => sum + Number(other(l).overdraft ?? 0), 0)).toBe(3 * 1000 - 300);
    expect(await gw.ctx.ledger.authority.userBalance(userId)).toBe(0);
  });

  it('logs no overdraft when the balance covers the charge', async () => {
    await setUserQuota(gw, userId, 5_000);
    const token = await addToken(gw, userId, { remainQuota: 5_000 });
    await chat(token.apiKey);
    const [log] = await consumeLogs(gw, userId);
    expect(log!.quota).toBe(1000);
    expect(other(log)).not.toHaveProperty('overdraft');
    expect((await balances(gw, userId, token.id)).user.quota).toBe(4_000);
  });
});
