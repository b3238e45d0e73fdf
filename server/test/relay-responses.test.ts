import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addChannel,
  addToken,
  apiError,
  balances,
  channelUsedQuota,
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
 * The OpenAI Responses API (`POST /v1/responses`) on OpenAI channels (type 1), which speak it
 * natively: bytes pass through, usage is read and billed exactly. Prices: model ratio 1,
 * completion ratio 2, cache ratio 0.5.
 */
describe('Responses API on OpenAI channels', () => {
  let gw: RunningGateway;
  let upstream: FakeUpstream;
  let userId: number;
  let token: { id: number; apiKey: string };
  const START = 1_000_000;
  const MODEL = 'gpt-resp';

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    gw = await startGateway();
    const root = await setupAndLoginRoot(gw.url);
    await putOptions(root, {
      ModelRatio: JSON.stringify({ [MODEL]: 1 }),
      CompletionRatio: JSON.stringify({ [MODEL]: 2 }),
      CacheRatio: JSON.stringify({ [MODEL]: 0.5 }),
      RetryTimes: '1',
    });
  });
  afterAll(async () => {
    await gw.stop();
    await upstream.close();
  });
  let n = 0;
  beforeEach(async () => {
    const user = await registerAndLogin(gw.url, `resp${n++}`);
    userId = user.userId!;
    await setUserQuota(gw, userId, START);
    token = await addToken(gw, userId, { remainQuota: 100_000 });
    upstream.reset();
    await removeAllChannels(gw);
  });

  const openai = () => new OpenAI({ apiKey: token.apiKey, baseURL: `${gw.url}/v1`, maxRetries: 0 });
  const channel = (key: string, priority = 0, type = 1) =>
    addChannel(gw, { type, key, baseUrl: upstream.url, models: [MODEL], priority });

  async function expectCharged(quota: number) {
    const b = await balances(gw, userId, token.id);
    expect(b.user).toEqual({ quota: START - quota, used_quota: quota, request_count: 1 });
    expect(b.token).toEqual({ remain_quota: 100_000 - quota, used_quota: quota });
  }

  it('passes a plain request and its answer through, billing cached tokens exactly', async () => {
    await channel('oa');
    upstream.scenario('oa', { content: 'Bonjour!', usage: { prompt: 1000, completion: 100, cached: 600 } });
    const body = {
      model: MODEL,
      instructions: 'Be brief.',
      input: [
        { role: 'user' as const, content: [{ type: 'input_text' as const, text: 'Say hi in French' }] },
      ],
      max_output_tokens: 50,
      reasoning: { effort: 'low' as const },
      store: false,
    };
    const res = await openai().responses.create(body);
    expect(res.output_text).toBe('Bonjour!');
    expect(res.usage).toMatchObject({ input_tokens: 1000, input_tokens_details: { cached_tokens: 600 } });
    const sent = upstream.requests.last()!;
    expect(sent).toMatchObject({ route: 'openai.responses', key: 'oa' });
    expect(sent.body).toEqual(body);
    await expectCharged(400 + 600 * 0.5 + 100 * 2);
    const [log] = await consumeLogs(gw, userId);
    expect(log).toMatchObject({ model_name: MODEL, prompt_tokens: 1000, completion_tokens: 100 });
    expect(JSON.parse(log!.other)).toMatchObject({ cache_tokens: 600, cache_ratio: 0.5 });
  });

  it('streams the upstream events unchanged and bills the usage of response.completed', async () => {
    await channel('oa');
    upstream.scenario('oa', {
      chunks: ['Hel', 'lo'],
      toolCalls: [{ id: 'call_1', name: 'lookup', arguments: '{"q":"x"}' }],
      usage: { prompt: 40, completion: 12, cached: 20, reasoning: 5 },
    });
    const stream = await openai().responses.create({
      model: MODEL,
      input: 'hi',
      tools: [{ type: 'function', name: 'lookup', parameters: { type: 'object' }, strict: false }],
      stream: true,
    });
    const types: string[] = [];
    let text = '';
    let final: OpenAI.Responses.Response | undefined;
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === 'response.output_text.delta') text += event.delta;
      if (event.type === 'response.completed') final = event.response;
    }
    expect(text).toBe('Hello');
    expect(types.slice(0, 2)).toEqual(['response.created', 'response.in_progress']);
    expect(types).toContain('response.function_call_arguments.done');
    expect(final?.usage).toEqual({
      input_tokens: 40,
      input_tokens_details: { cached_tokens: 20 },
      output_tokens: 12,
      output_tokens_details: { reasoning_tokens: 5 },
      total_tokens: 52,
    });
    expect(final?.output.map((o) => o.type)).toEqual(['message', 'function_call']);
    await expectCharged(20 + 20 * 0.5 + 12 * 2);
  });

  it('retries an error event sent before any output on another channel, for free', async () => {
    const bad = await channel('oa-bad', 10);
    const good = await channel('oa-good', 0);
    upstream.scenario('oa-bad', { streamError: { afterEvents: 3, message: 'overloaded' } });
    upstream.scenario('oa-good', { content: 'Fine', usage: { prompt: 8, completion: 2 } });
    const stream = await openai().responses.create({ model: MODEL, input: 'hi', stream: true });
    let text = '';
    for await (const event of stream) if (event.type === 'response.output_text.delta') text += event.delta;
    expect(text).toBe('Fine');
    expect(upstream.requests.forKey('oa-bad')).toHaveLength(1);
    await expectCharged(8 + 2 * 2);
    expect(await channelUsedQuota(gw, bad)).toBe(0);
    expect(await channelUsedQuota(gw, good)).toBe(8 + 2 * 2);
    const logs = await consumeLogs(gw, userId);
    expect(logs).toHaveLength(1);
    expect(JSON.parse(logs[0]!.other).admin_info.use_channel).toEqual([String(bad), String(good)]);
  });

  it('ends a stream that breaks after output with an error event, charging what was produced', async () => {
    await channel('oa');
    upstream.scenario('oa', {
      chunks: ['one', ' two', ' three'],
      usage: { prompt: 5, completion: 3 },
      streamError: { afterEvents: 6, message: 'boom' },
    });
    const res = await fetch(`${gw.url}/v1/responses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token.apiKey}` },
      body: JSON.stringify({ model: MODEL, input: 'hi', stream: true }),
    });
    const frames = (await res.text()).split('\n\n').filter(Boolean);
    expect(frames.filter((f) => f.includes('response.output_text.delta'))).toHaveLength(2);
    const last = frames.at(-1)!;
    expect(last.startsWith('event: error\n')).toBe(true);
    expect(JSON.parse(last.split('data: ')[1]!)).toMatchObject({ type: 'error', code: 'stream_broken' });
    // No usage came: the prompt and the two deltas sent are counted locally.
    const [log] = await consumeLogs(gw, userId);
    expect(log!.prompt_tokens).toBeGreaterThan(0);
    expect(log!.completion_tokens).toBeGreaterThan(0);
  });

  it('answers client mistakes and unknown models in the OpenAI error shape, free', async () => {
    await channel('oa');
    const missing = await apiError(openai().responses.create({ model: MODEL } as never));
    expect(missing.status).toBe(400);
    expect(missing.error).toMatchObject({ type: 'invalid_request_error', code: 'invalid_request' });
    const unknown = await apiError(openai().responses.create({ model: 'nope', input: 'hi' }));
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({ code: 'model_not_found' });
    const stored = await apiError(openai().responses.retrieve('resp_123'));
    expect(stored.status).toBe(501);
    expect(upstream.requests.all()).toHaveLength(0);
    expect((await balances(gw, userId, token.id)).user.used_quota).toBe(0);
  });
});
