import Anthropic from '@anthropic-ai/sdk';
import { countTokens } from 'gpt-tokenizer/encoding/cl100k_base';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addChannel,
  addToken,
  anthropicError,
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
  putOptions,
} from '@gateway/test-support';

/**
 * A stream is committed to the client at its first output. An error event before it is a failed
 * attempt: retried on another channel, free, reported to channel health. Prices: model ratio 1,
 * completion ratio 2.
 */
describe('the stream commit point', () => {
  let gw: RunningGateway;
  let upstream: FakeUpstream;
  let root: ApiClient;
  let userId: number;
  let token: { id: number; apiKey: string };
  const START = 1_000_000;
  const MODEL = 'claude-cp';

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    gw = await startGateway();
    root = await setupAndLoginRoot(gw.url);
    await putOptions(root, {
      ModelRatio: JSON.stringify({ [MODEL]: 1 }),
      CompletionRatio: JSON.stringify({ [MODEL]: 2 }),
      RetryTimes: '1',
      AutomaticDisableChannelEnabled: 'true',
    });
  });
  afterAll(async () => {
    await gw.stop();
    await upstream.close();
  });
  let n = 0;
  beforeEach(async () => {
    const user = await registerAndLogin(gw.url, `commit${n++}`);
    userId = user.userId!;
    await setUserQuota(gw, userId, START);
    token = await addToken(gw, userId, { remainQuota: 100_000 });
    upstream.reset();
    await removeAllChannels(gw);
  });

  const channel = (type: number, key: string, priority: number) =>
    addChannel(gw, { type, key, baseUrl: upstream.url, models: [MODEL], priority });
  const channelStatus = async (id: number) =>
    (await gw.ctx.db.selectFrom('channels').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;

  async function expectOnlyCharged(good: number, bad: number, quota: number) {
    const b = await balances(gw, userId, token.id);
    expect(b.user).toEqual({ quota: START - quota, used_quota: quota, request_count: 1 });
    expect(b.token).toEqual({ remain_quota: 100_000 - quota, used_quota: quota });
    expect(await channelUsedQuota(gw, bad)).toBe(0);
    expect(await channelUsedQuota(gw, good)).toBe(quota);
    const logs = await consumeLogs(gw, userId);
    expect(logs).toHaveLength(1);
    expect(JSON.parse(logs[0]!.other).admin_info.use_channel).toEqual([String(bad), String(good)]);
  }

  it('retries an Anthropic event: error sent before any output on another channel, for free', async () => {
    upstream.scenario('cl-overloaded', {
      streamError: { afterEvents: 2, type: 'overloaded_error', message: 'Overloaded' },
    });
    upstream.scenario('oa-fine', { chunks: ['second', ' channel'], usage: { prompt: 10, completion: 5 } });
    const bad = await channel(14, 'cl-overloaded', 10);
    const good = await channel(1, 'oa-fine', 0);
    const client = new Anthropic({ apiKey: token.apiKey, baseURL: gw.url, maxRetries: 0 });
    const stream = client.messages.stream({
      model: MODEL,
      max_tokens: 50,
      messages: [{ role: 'user', content: 'hi' }],
    });
    const message = await stream.finalMessage();
    expect(message.content).toEqual([expect.objectContaining({ type: 'text', text: 'second channel' })]);
    expect(upstream.requests.all().map((r) => r.key)).toEqual(['cl-overloaded', 'oa-fine']);
    await expectOnlyCharged(good, bad, 10 + 5 * 2);
    // An overload is no reason to disable a channel.
    expect(await channelStatus(bad)).toBe(1);
  });

  it('retries an OpenAI {"error":…} event sent before any output, for free', async () => {
    upstream.scenario('oa-broken', { streamError: { afterEvents: 1, message: 'upstream hiccup' } });
    upstream.scenario('cl-fine', {
      chunks: ['from', ' claude'],
      usage: { prompt: 7, completion: 3, cached: 2 },
    });
    const bad = await channel(1, 'oa-broken', 10);
    const good = await channel(14, 'cl-fine', 0);
    const client = new OpenAI({ apiKey: token.apiKey, baseURL: `${gw.url}/v1`, maxRetries: 0 });
    const stream = await client.chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
    });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe('from claude');
    // Claude's 7 input tokens exclude its 2 cache reads (cache ratio 1 here).
    await expectOnlyCharged(good, bad, 9 + 3 * 2);
  });

  it('reports an error event before output to channel health', async () => {
    upstream.scenario('cl-revoked', {
      streamError: { afterEvents: 1, type: 'authentication_error', message: 'invalid x-api-key' },
    });
    upstream.scenario('oa-backup', { usage: { prompt: 4, completion: 1 } });
    const bad = await channel(14, 'cl-revoked', 10);
    const good = await channel(1, 'oa-backup', 0);
    const client = new Anthropic({ apiKey: token.apiKey, baseURL: gw.url, maxRetries: 0 });
    await client.messages
      .stream({ model: MODEL, max_tokens: 20, messages: [{ role: 'user', content: 'x' }] })
      .finalMessage();
    await expect.poll(() => channelStatus(bad)).toBe(3);
    await expectOnlyCharged(good, bad, 4 + 1 * 2);
  });

  it('after the first output, ends the stream with the client format error event and bills what was produced', async () => {
    // message_start, ping, content_block_start, two text deltas, then the error.
    upstream.scenario('cl-late', {
      chunks: ['Partial', ' answer', ' never finished'],
      usage: { prompt: 20, completion: 99 },
      streamError: { afterEvents: 5, type: 'overloaded_error', message: 'Overloaded' },
    });
    upstream.scenario('oa-unused', {});
    const late = await channel(14, 'cl-late', 10);
    await channel(1, 'oa-unused', 0);
    const res = await fetch(`${gw.url}/v1/messages`, {
      method: 'POST',
      headers: {
        'x-api-key': token.apiKey,
        'content-type': 'application/json',
        'anthropic-version': '2023-06-01',
      },
      body: JSON.stringify({
        model: MODEL,
        max_tokens: 50,
        stream: true,
        messages: [{ role: 'user', content: 'go' }],
      }),
    });
    const text = await res.text();
    const events = [...text.matchAll(/^event: (\S+)$/gm)].map((m) => m[1]);
    expect(events).toEqual([
      'message_start',
      'ping',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'error',
    ]);
    const errorData = JSON.parse(text.trim().split('\n').at(-1)!.slice('data: '.length)) as {
      error: { type: string };
    };
    expect(errorData).toMatchObject({ type: 'error', error: { type: 'overloaded_error' } });
    expect(upstream.requests.length).toBe(1);
    // Prompt from message_start (20); completion counted from the text that reached the client,
    // since message_start only carries a placeholder output count of 1.
    const completion = countTokens('Partial answer');
    const quota = 20 + completion * 2;
    const [log] = await consumeLogs(gw, userId);
    expect(log).toMatchObject({ quota, prompt_tokens: 20, completion_tokens: completion, channel_id: late });
    expect(log!.content).toContain('上游中断');
    expect((await balances(gw, userId, token.id)).user.quota).toBe(START - quota);
  });

  it('answers a stream error from the only channel in the client shape, charging nothing', async () => {
    upstream.scenario('cl-only', {
      streamError: { afterEvents: 1, type: 'overloaded_error', message: 'Overloaded' },
    });
    await channel(14, 'cl-only', 0);
    const client = new Anthropic({ apiKey: token.apiKey, baseURL: gw.url, maxRetries: 0 });
    const err = await anthropicError(
      client.messages.create({
        model: MODEL,
        max_tokens: 20,
        stream: true,
        messages: [{ role: 'user', content: 'x' }],
      }),
    );
    expect(err.status).toBe(529);
    expect(err.error).toMatchObject({ type: 'error', error: { type: 'overloaded_error' } });
    const b = await balances(gw, userId, token.id);
    expect(b.user).toEqual({ quota: START, used_quota: 0, request_count: 0 });
    expect(await consumeLogs(gw, userId)).toHaveLength(0);
  });
});
