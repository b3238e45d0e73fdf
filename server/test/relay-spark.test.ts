import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addChannel,
  addToken,
  apiError,
  balances,
  channelUsedQuota,
  consumeLogs,
  putOptions,
  registerAndLogin,
  removeAllChannels,
  setUserQuota,
  setupAndLoginRoot,
  startFakeUpstream,
  startGateway,
  testDbKind,
  type ApiClient,
  type FakeUpstream,
  type RunningGateway,
  type ScenarioSpec,
} from '@gateway/test-support';

/**
 * Xunfei Spark channels (type 18) against a fake Spark WebSocket that checks the HMAC-signed
 * handshake with the app's secret and answers in Spark's frames. Prices: ratio 2, completion
 * ratio 3.
 */
describe.skipIf(testDbKind() !== 'sqlite')('Xunfei Spark channels', () => {
  let gw: RunningGateway;
  let upstream: FakeUpstream;
  let root: ApiClient;
  let userId: number;
  let token: { id: number; apiKey: string };
  const START = 1_000_000;
  const MODEL = 'SparkDesk-v3.5';
  const USAGE = { prompt: 100, completion: 20 };
  const QUOTA = (100 + 20 * 3) * 2; // 320

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    gw = await startGateway();
    root = await setupAndLoginRoot(gw.url);
    await putOptions(root, {
      ModelRatio: JSON.stringify({ [MODEL]: 2, 'spark-pro': 2 }),
      CompletionRatio: JSON.stringify({ [MODEL]: 3, 'spark-pro': 3 }),
      RetryTimes: '1',
    });
  });
  afterAll(async () => {
    await gw.stop();
    await upstream.close();
  });

  let n = 0;
  beforeEach(async () => {
    userId = (await registerAndLogin(gw.url, `spark${n++}`)).userId!;
    await setUserQuota(gw, userId, START);
    token = await addToken(gw, userId, { remainQuota: 100_000 });
    upstream.reset();
    await removeAllChannels(gw);
  });

  /** A Spark channel on a fresh app; the scenario is keyed by the app's API key. */
  async function sparkChannel(
    spec: ScenarioSpec,
    options: { priority?: number; other?: string; models?: string[]; baseUrl?: string } = {},
  ) {
    const app = upstream.spark.create();
    upstream.scenario(app.apiKey, spec);
    const id = await addChannel(gw, {
      type: 18,
      key: app.key,
      baseUrl: options.baseUrl ?? upstream.url,
      models: options.models ?? [MODEL],
      priority: options.priority ?? 0,
      other: options.other ?? 'v2.1',
    });
    return { id, app };
  }

  async function expectCharged(channelId: number, stream: boolean, quota = QUOTA) {
    const b = await balances(gw, userId, token.id);
    expect(b.user).toEqual({ quota: START - quota, used_quota: quota, request_count: 1 });
    expect(b.token).toEqual({ remain_quota: 100_000 - quota, used_quota: quota });
    expect(await channelUsedQuota(gw, channelId)).toBe(quota);
    const logs = await consumeLogs(gw, userId);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ quota, is_stream: stream ? 1 : 0, channel_id: channelId });
  }

  async function expectFree(...channelIds: number[]) {
    for (const id of channelIds) expect(await channelUsedQuota(gw, id)).toBe(0);
    expect((await balances(gw, userId, token.id)).user.quota).toBe(START);
  }

  const openai = () => new OpenAI({ apiKey: token.apiKey, baseURL: `${gw.url}/v1`, maxRetries: 0 });
  const ask = { model: MODEL, messages: [{ role: 'user' as const, content: 'hi' }] };

  it('answers the OpenAI SDK from the frames, signed, on the model version, billed exactly', async () => {
    const { id, app } = await sparkChannel({ chunks: ['Hello', ' from', ' Spark'], usage: USAGE });
    const res = await openai().chat.completions.create({
      model: MODEL,
      temperature: 0.5,
      max_tokens: 64,
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: 'hi' },
      ],
    });
    expect(res.choices[0]!.message.content).toBe('Hello from Spark');
    expect(res.choices[0]!.finish_reason).toBe('stop');
    expect(res.usage).toMatchObject({ prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 });
    const seen = upstream.requests.last()!;
    // SparkDesk-v3.5 names its version; the channel's `other` (v2.1) serves other models.
    expect(seen.path).toBe('/v3.5/chat');
    expect(seen.key).toBe(app.apiKey);
    expect(seen.body).toEqual({
      header: { app_id: app.appId },
      parameter: { chat: { domain: 'generalv3.5', temperature: 0.5, max_tokens: 64 } },
      payload: {
        message: {
          text: [
            { role: 'system', content: 'be brief' },
            { role: 'user', content: 'hi' },
          ],
        },
      },
    });
    await expectCharged(id, false);
  });

  it('streams to the OpenAI SDK frame by frame, with usage when asked, billed exactly', async () => {
    const { id } = await sparkChannel({ chunks: ['Str', 'eam', 'ed'], usage: USAGE });
    const stream = await openai().chat.completions.create({
      ...ask,
      stream: true,
      stream_options: { include_usage: true },
    });
    const deltas: string[] = [];
    let usage: OpenAI.CompletionUsage | undefined;
    let finish: string | null | undefined;
    for await (const chunk of stream) {
      if (chunk.choices[0]?.delta.content) deltas.push(chunk.choices[0].delta.content);
      finish = chunk.choices[0]?.finish_reason ?? finish;
      usage = chunk.usage ?? usage;
    }
    expect(deltas).toEqual(['Str', 'eam', 'ed']);
    expect(finish).toBe('stop');
    expect(usage).toMatchObject({ prompt_tokens: 100, completion_tokens: 20 });
    await expectCharged(id, true);
  });

  it("takes the version from the channel's other for other models; a ws:// base URL works as is", async () => {
    const { id } = await sparkChannel(
      { content: 'long context', usage: USAGE },
      { other: 'pro-128k', models: ['spark-pro'], baseUrl: upstream.url.replace('http:', 'ws:') },
    );
    const res = await openai().chat.completions.create({ ...ask, model: 'spark-pro' });
    expect(res.choices[0]!.message.content).toBe('long context');
    const seen = upstream.requests.last()!;
    expect(seen.path).toBe('/chat/pro-128k');
    expect(seen.body).toMatchObject({ parameter: { chat: { domain: 'pro-128k' } } });
    await expectCharged(id, false);
  });

  it('serves the Anthropic SDK through the hub, streamed', async () => {
    const { id } = await sparkChannel({ chunks: ['Claude', ' asks', ' Spark'], usage: USAGE });
    const anthropic = new Anthropic({ apiKey: token.apiKey, baseURL: gw.url, maxRetries: 0 });
    const message = await anthropic.messages
      .stream({ model: MODEL, max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] })
      .finalMessage();
    expect(message.content).toEqual([expect.objectContaining({ type: 'text', text: 'Claude asks Spark' })]);
    expect(message.usage).toMatchObject({ input_tokens: 100, output_tokens: 20 });
    await expectCharged(id, true);
  });

  it('serves the Responses API through the hub, not streamed', async () => {
    const { id } = await sparkChannel({ content: 'Responses via Spark', usage: USAGE });
    const res = await openai().responses.create({ model: MODEL, input: 'hi' });
    expect(res.output_text).toBe('Responses via Spark');
    expect(res.usage).toMatchObject({ input_tokens: 100, output_tokens: 20 });
    await expectCharged(id, false);
  });

  it('serves the Google SDK through the hub', async () => {
    const { id } = await sparkChannel({ content: 'Gemini asks Spark', usage: USAGE });
    const google = new GoogleGenAI({ apiKey: token.apiKey, httpOptions: { baseUrl: gw.url } });
    const res = await google.models.generateContent({ model: MODEL, contents: 'hi' });
    expect(res.text).toBe('Gemini asks Spark');
    expect(res.usageMetadata).toMatchObject({ promptTokenCount: 100, candidatesTokenCount: 20 });
    await expectCharged(id, false);
  });

  it('retries an error frame sent before any output on another channel, for free', async () => {
    const bad = await sparkChannel(
      { error: { status: 429, code: 11202, message: '秒级流控超限' } },
      { priority: 10 },
    );
    const good = await sparkChannel({ chunks: ['second', ' try'], usage: USAGE });
    const stream = await openai().chat.completions.create({ ...ask, stream: true });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe('second try');
    expect(upstream.requests.all().map((r) => r.key)).toEqual([bad.app.apiKey, good.app.apiKey]);
    expect(await channelUsedQuota(gw, bad.id)).toBe(0);
    await expectCharged(good.id, true);
  });

  it('retries a socket cut before any frame on another channel, for free', async () => {
    const bad = await sparkChannel({ breakAfterChunks: 0 }, { priority: 10 });
    const good = await sparkChannel({ content: 'still here', usage: USAGE });
    const res = await openai().chat.completions.create(ask);
    expect(res.choices[0]!.message.content).toBe('still here');
    expect(upstream.requests.all().map((r) => r.key)).toEqual([bad.app.apiKey, good.app.apiKey]);
    expect(await channelUsedQuota(gw, bad.id)).toBe(0);
    await expectCharged(good.id, false);
  });

  it('answers a content-review error frame as a 400, not retried, charging nothing', async () => {
    const first = await sparkChannel(
      { error: { status: 400, code: 10013, message: '输入内容审核不通过' } },
      { priority: 10 },
    );
    const second = await sparkChannel({ content: 'never asked' });
    const err = await apiError(openai().chat.completions.create(ask));
    expect(err.status).toBe(400);
    expect(err.error).toMatchObject({ code: '10013' });
    expect(err.message).toContain('输入内容审核不通过');
    expect(upstream.requests.all().map((r) => r.key)).toEqual([first.app.apiKey]);
    await expectFree(first.id, second.id);
  });

  it('answers a handshake Spark refuses (wrong secret) as a gateway error, charging nothing', async () => {
    const app = upstream.spark.create();
    const id = await addChannel(gw, {
      type: 18,
      key: `${app.appId}|wrong-secret|${app.apiKey}`,
      baseUrl: upstream.url,
      models: [MODEL],
      autoBan: false,
    });
    const err = await apiError(openai().chat.completions.create(ask));
    expect(err.status).toBe(502);
    expect(err.message).toContain('HMAC signature cannot be verified');
    expect(upstream.requests.last()!.route).toBe('spark.chat');
    await expectFree(id);
  });

  it('ends a stream whose socket fails after output with an error, not retried, billing what was produced', async () => {
    const { id } = await sparkChannel(
      { chunks: ['one', ' two', ' three'], streamError: { afterEvents: 2 } },
      { priority: 10 },
    );
    await sparkChannel({ content: 'never asked' });
    const stream = await openai().chat.completions.create({ ...ask, stream: true });
    let text = '';
    const failure = await (async () => {
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    })().catch((err: unknown) => err);
    expect(text).toBe('one two');
    expect(failure).toBeInstanceOf(OpenAI.APIError);
    expect(String((failure as Error).message)).toContain('输出内容审核不通过');
    expect(upstream.requests.all()).toHaveLength(1);
    // No usage came back: the gateway counted the prompt and the two words itself.
    await expect.poll(() => channelUsedQuota(gw, id)).toBeGreaterThan(0);
  });

  it('closes the upstream socket when the client leaves mid-stream', async () => {
    await sparkChannel({ chunks: ['first', ' second', ' third'], hangAfterChunks: 1 });
    const controller = new AbortController();
    const stream = await openai().chat.completions.create(
      { ...ask, stream: true },
      { signal: controller.signal },
    );
    for await (const chunk of stream) {
      if (chunk.choices[0]?.delta.content) {
        controller.abort();
        break;
      }
    }
    const record = upstream.requests.last()!;
    await expect.poll(() => record.clientAborted, { timeout: 5000 }).toBe(true);
  });

  it('tests a Spark channel from the console over the socket', async () => {
    const { id } = await sparkChannel({ content: 'ok', usage: USAGE });
    const res = await root.get<{ success: boolean; message: string }>(`/api/channel/test/${id}`);
    expect(res.body.success, res.body.message).toBe(true);
    expect(upstream.requests.last()!.path).toBe('/v3.5/chat');
  });
});
