import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addChannel,
  addToken,
  anthropicError,
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
  type ApiClient,
  type FakeUpstream,
  type RunningGateway,
} from '@gateway/test-support';

/**
 * AWS Bedrock channels (type 33) against a fake Bedrock that checks every SigV4 signature with
 * the key's secret and streams AWS's binary event stream. Prices: ratio 2, completion ratio 3,
 * cache ratio 0.5 (cache writes 1.25).
 */
describe('AWS Bedrock channels', () => {
  let gw: RunningGateway;
  let upstream: FakeUpstream;
  let root: ApiClient;
  let userId: number;
  let token: { id: number; apiKey: string };
  const START = 1_000_000;
  const MODEL = 'claude-3-5-sonnet-20241022';
  const BEDROCK_PATH = '/model/anthropic.claude-3-5-sonnet-20241022-v2%3A0';
  // Anthropic's input_tokens (100) excludes its 40 cache reads and 10 cache writes.
  const USAGE = { prompt: 100, completion: 20, cached: 40, cacheCreation: 10 };
  const QUOTA = (100 + 40 * 0.5 + 10 * 1.25 + 20 * 3) * 2; // 385

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    gw = await startGateway();
    root = await setupAndLoginRoot(gw.url);
    await putOptions(root, {
      ModelRatio: JSON.stringify({ [MODEL]: 2 }),
      CompletionRatio: JSON.stringify({ [MODEL]: 3 }),
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
    const user = await registerAndLogin(gw.url, `bedrock${n++}`);
    userId = user.userId!;
    await setUserQuota(gw, userId, START);
    token = await addToken(gw, userId, { remainQuota: 100_000 });
    upstream.reset();
    await removeAllChannels(gw);
  });

  /** A Bedrock channel on a fresh AWS key; the scenario is keyed by its access key id. */
  async function bedrockChannel(spec: Parameters<FakeUpstream['scenario']>[1], priority = 0) {
    const aws = upstream.aws.create('us-west-2');
    upstream.scenario(aws.accessKeyId, spec);
    const id = await addChannel(gw, {
      type: 33,
      key: aws.key,
      baseUrl: upstream.url,
      models: [MODEL],
      priority,
    });
    return { id, accessKeyId: aws.accessKeyId };
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

  const anthropic = () => new Anthropic({ apiKey: token.apiKey, baseURL: gw.url, maxRetries: 0 });
  const openai = () => new OpenAI({ apiKey: token.apiKey, baseURL: `${gw.url}/v1`, maxRetries: 0 });

  it('serves the Anthropic SDK through InvokeModel, signed, with the Bedrock body and exact usage', async () => {
    const { id, accessKeyId } = await bedrockChannel({ content: 'Hello from Bedrock', usage: USAGE });
    const message = await anthropic().messages.create({
      model: MODEL,
      max_tokens: 64,
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(message.content).toEqual([{ type: 'text', text: 'Hello from Bedrock' }]);
    expect(message.usage).toMatchObject({
      input_tokens: 100,
      output_tokens: 20,
      cache_read_input_tokens: 40,
      cache_creation_input_tokens: 10,
    });
    const seen = upstream.requests.last()!;
    expect(seen.route).toBe('bedrock.invoke');
    expect(seen.path).toBe(`${BEDROCK_PATH}/invoke`);
    expect(seen.key).toBe(accessKeyId);
    expect(String(seen.headers.authorization)).toContain(`Credential=${accessKeyId}/`);
    expect(String(seen.headers.authorization)).toContain('/us-west-2/bedrock/aws4_request');
    expect(seen.body).toEqual({
      anthropic_version: 'bedrock-2023-05-31',
      max_tokens: 64,
      messages: [{ role: 'user', content: 'hi' }],
    });
    await expectCharged(id, false);
  });

  it('streams to the Anthropic SDK from the AWS event stream, billed exactly', async () => {
    const { id } = await bedrockChannel({ chunks: ['Hel', 'lo', ' stream'], usage: USAGE });
    const stream = anthropic().messages.stream({
      model: MODEL,
      max_tokens: 64,
      messages: [{ role: 'user', content: 'hi' }],
    });
    const message = await stream.finalMessage();
    expect(message.content).toEqual([expect.objectContaining({ type: 'text', text: 'Hello stream' })]);
    expect(message.usage).toMatchObject({
      input_tokens: 100,
      output_tokens: 20,
      cache_read_input_tokens: 40,
    });
    expect(upstream.requests.last()!.path).toBe(`${BEDROCK_PATH}/invoke-with-response-stream`);
    await expectCharged(id, true);
  });

  it('serves the OpenAI SDK, streamed and not, through the hub', async () => {
    const { id } = await bedrockChannel({ chunks: ['From', ' Bedrock'], usage: USAGE });
    const res = await openai().chat.completions.create({
      model: MODEL,
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: 'hi' },
      ],
    });
    expect(res.choices[0]!.message.content).toBe('From Bedrock');
    expect(res.usage).toMatchObject({ prompt_tokens: 150, completion_tokens: 20 });
    expect(upstream.requests.last()!.body).toMatchObject({
      system: 'be brief',
      anthropic_version: 'bedrock-2023-05-31',
    });

    const stream = await openai().chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let usage: OpenAI.CompletionUsage | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      usage = chunk.usage ?? usage;
    }
    expect(text).toBe('From Bedrock');
    expect(usage).toMatchObject({ prompt_tokens: 150, completion_tokens: 20 });
    expect(await channelUsedQuota(gw, id)).toBe(2 * QUOTA);
  });

  it('serves the Google SDK through the hub', async () => {
    const { id } = await bedrockChannel({ content: 'Gemini asks Bedrock', usage: USAGE });
    const google = new GoogleGenAI({ apiKey: token.apiKey, httpOptions: { baseUrl: gw.url } });
    const res = await google.models.generateContent({ model: MODEL, contents: 'hi' });
    expect(res.text).toBe('Gemini asks Bedrock');
    await expectCharged(id, false);
  });

  it('retries an exception frame sent before any output on another channel, for free', async () => {
    const bad = await bedrockChannel(
      {
        streamError: {
          afterEvents: 1,
          type: 'throttlingException',
          message: 'Too many tokens, please wait.',
        },
      },
      10,
    );
    const good = await bedrockChannel({ chunks: ['second', ' try'], usage: USAGE });
    const message = await anthropic()
      .messages.stream({ model: MODEL, max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] })
      .finalMessage();
    expect(message.content).toEqual([expect.objectContaining({ text: 'second try' })]);
    expect(upstream.requests.all().map((r) => r.key)).toEqual([bad.accessKeyId, good.accessKeyId]);
    expect(await channelUsedQuota(gw, bad.id)).toBe(0);
    await expectCharged(good.id, true);
  });

  it('signs with temporary credentials: the session token travels in x-amz-security-token', async () => {
    const aws = upstream.aws.createSession('us-west-2');
    upstream.scenario(aws.accessKeyId, { content: 'Hello from STS', usage: USAGE });
    const id = await addChannel(gw, { type: 33, key: aws.key, baseUrl: upstream.url, models: [MODEL] });
    const message = await anthropic().messages.create({
      model: MODEL,
      max_tokens: 64,
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(message.content).toEqual([{ type: 'text', text: 'Hello from STS' }]);
    const seen = upstream.requests.last()!;
    expect(seen.headers['x-amz-security-token']).toBe(aws.sessionToken);
    expect(String(seen.headers.authorization)).toContain('x-amz-security-token');
    await expectCharged(id, false);
  });

  it('is refused by AWS when temporary credentials come without their session token', async () => {
    const aws = upstream.aws.createSession();
    const key = aws.key.split('|').slice(0, 3).join('|');
    const id = await addChannel(gw, {
      type: 33,
      key,
      baseUrl: upstream.url,
      models: [MODEL],
      autoBan: false,
    });
    const err = await anthropicError(
      anthropic().messages.create({
        model: MODEL,
        max_tokens: 5,
        messages: [{ role: 'user', content: 'x' }],
      }),
    );
    expect(err.status).toBe(502);
    expect(JSON.stringify(err.error)).toContain('security token included in the request is invalid');
    expect(await channelUsedQuota(gw, id)).toBe(0);
  });

  it('answers a signature AWS refuses as a gateway error (502: the channel key, not the caller), charging nothing', async () => {
    const aws = upstream.aws.create();
    // The right access key id with the wrong secret: the fake's signature differs.
    const key = `${aws.accessKeyId}|${'x'.repeat(40)}|us-east-1`;
    const id = await addChannel(gw, {
      type: 33,
      key,
      baseUrl: upstream.url,
      models: [MODEL],
      autoBan: false,
    });
    const err = await anthropicError(
      anthropic().messages.create({
        model: MODEL,
        max_tokens: 5,
        messages: [{ role: 'user', content: 'x' }],
      }),
    );
    expect(err.status).toBe(502);
    expect(err.error).toMatchObject({ type: 'error' });
    expect(JSON.stringify(err.error)).toContain('signature we calculated does not match');
    expect(upstream.requests.last()!.route).toBe('bedrock.invoke');
    expect(await channelUsedQuota(gw, id)).toBe(0);
    expect((await balances(gw, userId, token.id)).user.quota).toBe(START);
  });

  it("answers AWS's validation error to the OpenAI SDK as a 400 in OpenAI's shape, not retried", async () => {
    const first = await bedrockChannel(
      { error: { status: 400, type: 'ValidationException', message: 'max_tokens: range: 1..8192' } },
      10,
    );
    await bedrockChannel({ content: 'never asked' });
    const err = await apiError(
      openai().chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'x' }] }),
    );
    expect(err.status).toBe(400);
    expect(err.error).toMatchObject({ code: 'ValidationException' });
    expect(err.message).toContain('max_tokens: range: 1..8192');
    expect(upstream.requests.all().map((r) => r.key)).toEqual([first.accessKeyId]);
  });

  it('tests a Bedrock channel from the console with a real signed call', async () => {
    const { id } = await bedrockChannel({ content: 'ok', usage: USAGE });
    const res = await root.get<unknown>(`/api/channel/test/${id}`);
    expect(res.body.success, res.body.message).toBe(true);
    expect(upstream.requests.last()!.path).toBe(`${BEDROCK_PATH}/invoke`);
  });
});
