import type OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { addToken, apiError, balances, channelUsedQuota, consumeLogs } from '@gateway/test-support';
import { countChatPrompt, countText } from '../src/relay/billing/token-count.js';
import { START, useRelayBilling } from './support/relay-billing.js';

/**
 * Exact quota after every kind of relay outcome: a plain call, a stream, a retry, every channel
 * failing, a client abort, no usage reported. Prices: test-model ratio 2, completion ratio 3;
 * QuotaPerUnit 500000. Fixed prices, cache and group ratios, admission: relay-billing-prices.test.ts.
 */
describe('relay billing', () => {
  const h = useRelayBilling();

  it('charges (prompt + completion × completion ratio) × model ratio for a plain call', async () => {
    h.upstream.scenario('ok', { content: 'hello there', usage: { prompt: 100, completion: 50 } });
    const channelId = await h.channel('ok');
    const token = await addToken(h.gw, h.userId, { remainQuota: 10_000 });
    const res = await h.client(token.apiKey).chat.completions.create({
      model: 'test-model',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(res.choices[0]?.message.content).toBe('hello there');
    const quota = (100 + 50 * 3) * 2; // 500
    const b = await balances(h.gw, h.userId, token.id);
    expect(b.user).toEqual({ quota: START - quota, used_quota: quota, request_count: 1 });
    expect(b.token).toEqual({ remain_quota: 10_000 - quota, used_quota: quota });
    expect(await channelUsedQuota(h.gw, channelId)).toBe(quota);
    const [log] = await consumeLogs(h.gw, h.userId);
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
    h.upstream.scenario('stream', { content: 'one two three', usage: { prompt: 40, completion: 12 } });
    await h.channel('stream');
    const token = await addToken(h.gw, h.userId, { unlimited: true });
    const stream = await h.client(token.apiKey).chat.completions.create({
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
    expect(h.upstream.requests.last()?.body).toMatchObject({ stream_options: { include_usage: true } });
    const quota = (40 + 12 * 3) * 2;
    const b = await balances(h.gw, h.userId, token.id);
    expect(b.user.quota).toBe(START - quota);
    // Unlimited tokens keep their remain_quota but count usage.
    expect(b.token).toEqual({ remain_quota: 0, used_quota: quota });
    const [log] = await consumeLogs(h.gw, h.userId);
    expect(log).toMatchObject({ quota, is_stream: 1 });
    expect(JSON.parse(log!.other).frt).toBeGreaterThanOrEqual(0);
  });

  it('retries a failed channel on another one and charges once', async () => {
    await h.root.put('/api/option/', { key: 'RetryTimes', value: '2' });
    h.upstream.scenario('broken', { error: { status: 500, message: 'upstream exploded' } });
    h.upstream.scenario('healthy', { usage: { prompt: 10, completion: 10 } });
    const bad = await h.channel('broken', { priority: 10 });
    const good = await h.channel('healthy', { priority: 0 });
    const token = await addToken(h.gw, h.userId, { remainQuota: 5000 });
    await h.client(token.apiKey).chat.completions.create({
      model: 'test-model',
      messages: [{ role: 'user', content: 'x' }],
    });
    const quota = (10 + 10 * 3) * 2;
    const b = await balances(h.gw, h.userId, token.id);
    expect(b.user).toEqual({ quota: START - quota, used_quota: quota, request_count: 1 });
    expect(b.token.remain_quota).toBe(5000 - quota);
    expect(await channelUsedQuota(h.gw, bad)).toBe(0);
    expect(await channelUsedQuota(h.gw, good)).toBe(quota);
    const logs = await consumeLogs(h.gw, h.userId);
    expect(logs).toHaveLength(1);
    expect(JSON.parse(logs[0]!.other).admin_info.use_channel).toEqual([String(bad), String(good)]);
  });

  it('charges nothing when every channel fails, and never tries a channel twice', async () => {
    await h.root.put('/api/option/', { key: 'RetryTimes', value: '5' });
    h.upstream.scenario('down-a', { error: { status: 503, message: 'overloaded' } });
    h.upstream.scenario('down-b', { error: { status: 502, message: 'bad gateway' } });
    await h.channel('down-a');
    await h.channel('down-b');
    const token = await addToken(h.gw, h.userId, { remainQuota: 5000 });
    const err = await apiError(
      h.client(token.apiKey).chat.completions.create({
        model: 'test-model',
        messages: [{ role: 'user', content: 'x' }],
      }),
    );
    expect([502, 503]).toContain(err.status);
    expect(h.upstream.requests.length).toBe(2);
    const b = await balances(h.gw, h.userId, token.id);
    expect(b.user).toEqual({ quota: START, used_quota: 0, request_count: 0 });
    expect(b.token).toEqual({ remain_quota: 5000, used_quota: 0 });
    expect(await consumeLogs(h.gw, h.userId)).toHaveLength(0);
  });

  it('bills what was produced when the client aborts mid-stream', async () => {
    h.upstream.scenario('slow', {
      chunks: ['alpha ', 'beta ', 'gamma ', 'delta'],
      chunkDelayMs: 150,
      usage: { prompt: 30, completion: 20 },
    });
    await h.channel('slow');
    const token = await addToken(h.gw, h.userId, { remainQuota: 100_000 });
    const controller = new AbortController();
    const stream = await h
      .client(token.apiKey)
      .chat.completions.create(
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
    await expect.poll(async () => (await consumeLogs(h.gw, h.userId)).length, { timeout: 5000 }).toBe(1);
    const [log] = await consumeLogs(h.gw, h.userId);
    const prompt = await countChatPrompt([{ role: 'user', content: 'go' }], 'test-model');
    expect(log!.prompt_tokens).toBe(prompt);
    expect(log!.completion_tokens).toBeGreaterThanOrEqual(1);
    expect(log!.completion_tokens).toBeLessThan(await countText('alpha beta gamma delta', 'test-model'));
    expect(log!.content).toContain('客户端中断');
    const quota = Math.round((prompt + log!.completion_tokens * 3) * 2);
    expect(log!.quota).toBe(quota);
    const b = await balances(h.gw, h.userId, token.id);
    expect(b.user.quota).toBe(START - quota);
    expect(b.token.remain_quota).toBe(100_000 - quota);
  });

  it('counts tokens locally when a stream reports no usage', async () => {
    h.upstream.scenario('no-usage', { content: 'local counting works fine', usage: 'none' });
    await h.channel('no-usage');
    const token = await addToken(h.gw, h.userId, { remainQuota: 100_000 });
    const messages = [{ role: 'user' as const, content: 'please count me' }];
    const stream = await h.client(token.apiKey).chat.completions.create({
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
    const b = await balances(h.gw, h.userId, token.id);
    expect(b.user.quota).toBe(START - quota);
    const [log] = await consumeLogs(h.gw, h.userId);
    expect(log).toMatchObject({ quota, prompt_tokens: prompt, completion_tokens: completion });
  });
});
