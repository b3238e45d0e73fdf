import Anthropic from '@anthropic-ai/sdk';
import { countTokens } from 'gpt-tokenizer/encoding/cl100k_base';
import { ApiError, GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addChannel,
  addToken,
  anthropicError,
  apiError,
  balances,
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

/** Routing by what a channel type can serve, errors in each client's shape, count_tokens. */
describe('endpoint-aware routing and client-shaped errors', () => {
  let gw: RunningGateway;
  let upstream: FakeUpstream;
  let root: ApiClient;
  let userId: number;
  let token: { id: number; apiKey: string };

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    gw = await startGateway();
    root = await setupAndLoginRoot(gw.url);
    await putOptions(root, {
      ModelRatio: JSON.stringify({ mixed: 1, 'text-embedding-3-small': 1, lonely: 1 }),
      RetryTimes: '0',
    });
    const user = await registerAndLogin(gw.url, 'router');
    userId = user.userId!;
    await setUserQuota(gw, userId, 10_000_000);
    token = await addToken(gw, userId, { remainQuota: 1_000_000 });
  });
  afterAll(async () => {
    await gw.stop();
    await upstream.close();
  });
  beforeEach(async () => {
    upstream.reset();
    await removeAllChannels(gw);
  });

  const openai = () => new OpenAI({ apiKey: token.apiKey, baseURL: `${gw.url}/v1`, maxRetries: 0 });
  const anthropic = (apiKey = token.apiKey) => new Anthropic({ apiKey, baseURL: gw.url, maxRetries: 0 });
  const google = () => new GoogleGenAI({ apiKey: token.apiKey, httpOptions: { baseUrl: gw.url } });
  const ask = { model: 'mixed', max_tokens: 10, messages: [{ role: 'user' as const, content: 'hi' }] };

  it('never sends a request to a channel type that cannot serve it (0 failures in 60 calls)', async () => {
    // Same tier, same weight: without endpoint-aware routing about half the calls would fail.
    await addChannel(gw, { type: 1, key: 'oa-mixed', baseUrl: upstream.url, models: ['mixed'], weight: 1 });
    await addChannel(gw, {
      type: 24,
      key: 'gemini-mixed',
      baseUrl: upstream.url,
      models: ['mixed'],
      weight: 1,
    });
    // Jina (38) serves embeddings and rerank only.
    await addChannel(gw, {
      type: 38,
      key: 'kb-mixed',
      baseUrl: upstream.url,
      models: ['mixed'],
      weight: 1,
    });
    const calls = Array.from({ length: 20 }, () => [
      openai().chat.completions.create({ model: 'mixed', messages: [{ role: 'user', content: 'hi' }] }),
      anthropic().messages.create(ask),
      google().models.generateContent({ model: 'mixed', contents: 'hi' }),
    ]).flat();
    const results = await Promise.allSettled(calls);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(upstream.requests.length).toBe(60);
    expect(upstream.requests.forKey('kb-mixed')).toEqual([]);
    // Both capable types took part (weights 1:1 over 60 calls).
    expect(upstream.requests.forKey('oa-mixed').length).toBeGreaterThan(0);
    expect(upstream.requests.forKey('gemini-mixed').length).toBeGreaterThan(0);
  });

  // (Gemini channels serve embeddings since batchEmbedContents: relay-gemini-embeddings.test.ts.)
  it('keeps Claude channels out of OpenAI-only endpoints such as embeddings', async () => {
    await addChannel(gw, {
      type: 1,
      key: 'oa-emb',
      baseUrl: upstream.url,
      models: ['text-embedding-3-small'],
      weight: 1,
    });
    await addChannel(gw, {
      type: 14,
      key: 'cl-emb',
      baseUrl: upstream.url,
      models: ['text-embedding-3-small'],
      weight: 1,
    });
    for (let i = 0; i < 10; i++) {
      const res = await openai().embeddings.create({ model: 'text-embedding-3-small', input: 'x' });
      expect(res.data).toHaveLength(1);
    }
    expect(upstream.requests.forKey('cl-emb')).toEqual([]);
    expect(upstream.requests.forKey('oa-emb')).toHaveLength(10);
  });

  it('refuses clearly, in each client shape, when no channel of the model can serve the endpoint', async () => {
    await addChannel(gw, { type: 38, key: 'kb-only', baseUrl: upstream.url, models: ['lonely'] });
    const before = await balances(gw, userId, token.id);
    const chat = await apiError(
      openai().chat.completions.create({ model: 'lonely', messages: [{ role: 'user', content: 'x' }] }),
    );
    expect(chat.status).toBe(400);
    expect(chat.code).toBe('invalid_api_type');
    expect(chat.message).toContain('的类型暂不支持此接口');
    const messages = await anthropicError(anthropic().messages.create({ ...ask, model: 'lonely' }));
    expect(messages.status).toBe(400);
    expect(messages.error).toMatchObject({
      type: 'error',
      error: { type: 'invalid_request_error', message: expect.stringContaining('的类型暂不支持此接口') },
    });
    const gemini = await google()
      .models.generateContent({ model: 'lonely', contents: 'x' })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(gemini).toBeInstanceOf(ApiError);
    expect((gemini as ApiError).status).toBe(400);
    expect(JSON.parse((gemini as ApiError).message)).toEqual({
      error: {
        code: 400,
        status: 'INVALID_ARGUMENT',
        message: expect.stringContaining('的类型暂不支持此接口'),
      },
    });
    expect(upstream.requests.length).toBe(0);
    expect(await balances(gw, userId, token.id)).toEqual(before);
  });

  it('answers /v1/messages errors in Anthropic shape: bad key, unknown model, upstream errors', async () => {
    const badKey = await anthropicError(anthropic('sk-nope').messages.create(ask));
    expect(badKey).toBeInstanceOf(Anthropic.AuthenticationError);
    expect(badKey.error).toMatchObject({ type: 'error', error: { type: 'authentication_error' } });

    const noChannel = await anthropicError(anthropic().messages.create({ ...ask, model: 'nowhere' }));
    expect(noChannel.status).toBe(404);
    expect(noChannel.error).toMatchObject({ type: 'error', error: { type: 'not_found_error' } });

    upstream.scenario('oa-limited', { error: { status: 429, message: 'Rate limit reached' } });
    await addChannel(gw, { type: 1, key: 'oa-limited', baseUrl: upstream.url, models: ['mixed'] });
    const limited = await anthropicError(anthropic().messages.create(ask));
    expect(limited).toBeInstanceOf(Anthropic.RateLimitError);
    expect(limited.error).toMatchObject({ error: { type: 'rate_limit_error' } });
  });

  it('answers Claude upstream errors to OpenAI clients in OpenAI shape, without the key or the address', async () => {
    const key = 'sk-ant-secret-key-123';
    upstream.scenario(key, {
      error: {
        status: 400,
        type: 'invalid_request_error',
        message: `prompt is too long for key ${key} at ${upstream.url}/v1/messages`,
      },
    });
    await addChannel(gw, { type: 14, key, baseUrl: upstream.url, models: ['mixed'] });
    const err = await apiError(
      openai().chat.completions.create({ model: 'mixed', messages: [{ role: 'user', content: 'x' }] }),
    );
    expect(err).toBeInstanceOf(OpenAI.BadRequestError);
    expect(err.type).toBe('invalid_request_error');
    expect(err.message).toContain('prompt is too long for key sk-*** at [upstream]/v1/messages');
    expect(err.message).not.toContain(key);
    expect(err.message).not.toContain(upstream.url);
  });

  it('counts tokens for /v1/messages/count_tokens locally and for free', async () => {
    const before = await balances(gw, userId, token.id);
    const res = await anthropic().messages.countTokens({
      model: 'mixed',
      system: 'You are helpful.',
      messages: [
        { role: 'user', content: 'Hello there, how are you?' },
        { role: 'assistant', content: 'Fine.' },
      ],
    });
    // System + each message's role and text, 2 per message (the reference's Claude count).
    const expected =
      countTokens('You are helpful.') +
      countTokens('user') +
      countTokens('Hello there, how are you?') +
      countTokens('assistant') +
      countTokens('Fine.') +
      2 * 2;
    expect(res).toEqual({ input_tokens: expected });
    expect(upstream.requests.length).toBe(0);
    expect(await balances(gw, userId, token.id)).toEqual(before);
    const badKey = await anthropicError(
      anthropic('sk-nope').messages.countTokens({ model: 'mixed', messages: ask.messages }),
    );
    expect(badKey.status).toBe(401);
  });
});
