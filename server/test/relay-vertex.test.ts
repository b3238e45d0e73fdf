import { generateKeyPairSync } from 'node:crypto';
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
 * Vertex AI channels (type 41): a service-account key exchanged for an OAuth token at the key's
 * token_uri (a fake Google that checks the JWT signature with the account's public key), then
 * Google's models in Gemini's format and Anthropic's through rawPredict. Prices: ratio 2,
 * completion ratio 3, cache ratio 0.5 (cache writes 1.25).
 */
describe('Vertex AI channels', () => {
  let gw: RunningGateway;
  let upstream: FakeUpstream;
  let root: ApiClient;
  let userId: number;
  let token: { id: number; apiKey: string };
  const START = 1_000_000;
  const CLAUDE = 'claude-3-5-sonnet-20241022';
  const GEMINI = 'gemini-2.0-flash';
  const LLAMA = 'meta/llama-3.1-405b-instruct-maas';
  const CLAUDE_USAGE = { prompt: 100, completion: 20, cached: 40, cacheCreation: 10 };
  const CLAUDE_QUOTA = (100 + 40 * 0.5 + 10 * 1.25 + 20 * 3) * 2; // 385
  // Gemini's promptTokenCount (100) includes its 40 cached tokens.
  const GEMINI_USAGE = { prompt: 100, completion: 20, cached: 40 };
  const GEMINI_QUOTA = (60 + 40 * 0.5 + 20 * 3) * 2; // 280

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    gw = await startGateway();
    root = await setupAndLoginRoot(gw.url);
    const prices = (value: number) => JSON.stringify({ [CLAUDE]: value, [GEMINI]: value, [LLAMA]: value });
    await putOptions(root, {
      ModelRatio: prices(2),
      CompletionRatio: prices(3),
      CacheRatio: prices(0.5),
      RetryTimes: '0',
      AutomaticDisableChannelEnabled: 'true',
    });
  });
  afterAll(async () => {
    await gw.stop();
    await upstream.close();
  });

  let n = 0;
  beforeEach(async () => {
    const user = await registerAndLogin(gw.url, `vertex${n++}`);
    userId = user.userId!;
    await setUserQuota(gw, userId, START);
    token = await addToken(gw, userId, { remainQuota: 100_000 });
    upstream.reset();
    await removeAllChannels(gw);
  });

  /** A Vertex channel on a fresh service account; scenarios are keyed by its client_email. */
  async function vertexChannel(spec: Parameters<FakeUpstream['scenario']>[1], other = 'us-east5') {
    const account = upstream.google.createServiceAccount('proj-1');
    upstream.scenario(account.email, spec);
    const id = await addChannel(gw, {
      type: 41,
      name: `vertex-${account.email}`,
      key: account.key,
      baseUrl: upstream.url,
      other,
      models: [CLAUDE, GEMINI, LLAMA],
    });
    return { id, email: account.email };
  }

  async function expectCharged(channelId: number, stream: boolean, quota: number) {
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
  const google = () => new GoogleGenAI({ apiKey: token.apiKey, httpOptions: { baseUrl: gw.url } });

  it("serves Claude to the Anthropic SDK through rawPredict with vertex's body and exact usage", async () => {
    const { id, email } = await vertexChannel({ content: 'Claude on Vertex', usage: CLAUDE_USAGE });
    const message = await anthropic().messages.create({
      model: CLAUDE,
      max_tokens: 64,
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(message.content).toEqual([{ type: 'text', text: 'Claude on Vertex' }]);
    expect(message.usage).toMatchObject({ input_tokens: 100, cache_read_input_tokens: 40 });
    const seen = upstream.requests.last()!;
    expect(seen.route).toBe('vertex.anthropic');
    expect(seen.path).toBe(
      '/v1/projects/proj-1/locations/us-east5/publishers/anthropic/models/claude-3-5-sonnet-v2@20241022:rawPredict',
    );
    expect(seen.key).toBe(email);
    expect(String(seen.headers.authorization)).toMatch(/^Bearer ya29\./);
    expect(seen.headers['x-api-key']).toBeUndefined();
    expect(seen.body).toEqual({
      anthropic_version: 'vertex-2023-10-16',
      max_tokens: 64,
      messages: [{ role: 'user', content: 'hi' }],
      stream: false,
    });
    await expectCharged(id, false, CLAUDE_QUOTA);
  });

  it("serves Llama to the OpenAI SDK through Vertex's OpenAI-compatible endpoint with the OAuth token", async () => {
    const { id, email } = await vertexChannel({
      content: 'Llama on Vertex',
      usage: { prompt: 100, completion: 20 },
    });
    const res = await openai().chat.completions.create({
      model: LLAMA,
      messages: [{ role: 'user', content: 'hi' }],
      max_tokens: 32,
    });
    expect(res.choices[0]!.message.content).toBe('Llama on Vertex');
    expect(res.usage).toMatchObject({ prompt_tokens: 100, completion_tokens: 20 });
    const seen = upstream.requests.last()!;
    expect(seen.route).toBe('vertex.openapi');
    expect(seen.path).toBe('/v1beta1/projects/proj-1/locations/us-east5/endpoints/openapi/chat/completions');
    expect(seen.key).toBe(email);
    expect(String(seen.headers.authorization)).toMatch(/^Bearer ya29\./);
    expect(seen.body).toMatchObject({ model: LLAMA, max_tokens: 32 });
    await expectCharged(id, false, (100 + 20 * 3) * 2);
  });

  it('streams Llama to the Anthropic SDK through the hub, billed exactly', async () => {
    const { id } = await vertexChannel({ chunks: ['Lla', 'ma'], usage: { prompt: 100, completion: 20 } });
    const message = await anthropic()
      .messages.stream({ model: LLAMA, max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] })
      .finalMessage();
    expect(message.content).toEqual([expect.objectContaining({ type: 'text', text: 'Llama' })]);
    const seen = upstream.requests.last()!;
    expect(seen.route).toBe('vertex.openapi');
    expect(seen.body).toMatchObject({ model: LLAMA, stream: true, stream_options: { include_usage: true } });
    await expectCharged(id, true, (100 + 20 * 3) * 2);
  });

  it('streams Claude to the Anthropic SDK through streamRawPredict, billed exactly', async () => {
    const { id } = await vertexChannel({ chunks: ['Str', 'eam'], usage: CLAUDE_USAGE });
    const message = await anthropic()
      .messages.stream({ model: CLAUDE, max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] })
      .finalMessage();
    expect(message.content).toEqual([expect.objectContaining({ type: 'text', text: 'Stream' })]);
    expect(upstream.requests.last()!.path).toMatch(/:streamRawPredict$/);
    await expectCharged(id, true, CLAUDE_QUOTA);
  });

  it('streams Gemini to the OpenAI SDK through the hub, billed exactly', async () => {
    const { id } = await vertexChannel({ chunks: ['Gemini', ' on', ' Vertex'], usage: GEMINI_USAGE });
    const stream = await openai().chat.completions.create({
      model: GEMINI,
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
    expect(text).toBe('Gemini on Vertex');
    expect(usage).toMatchObject({ prompt_tokens: 100, completion_tokens: 20 });
    const seen = upstream.requests.last()!;
    expect(seen.route).toBe('vertex.google');
    expect(seen.path).toBe(
      '/v1/projects/proj-1/locations/us-east5/publishers/google/models/gemini-2.0-flash:streamGenerateContent',
    );
    expect(seen.query).toEqual({ alt: 'sse' });
    await expectCharged(id, true, GEMINI_QUOTA);
  });

  it('serves Gemini to the Google SDK and Claude to the OpenAI SDK on one channel, by model', async () => {
    const { id } = await vertexChannel(
      { content: 'same channel', usage: GEMINI_USAGE },
      '{"default":"us-east5","gemini-2.0-flash":"global"}',
    );
    const res = await google().models.generateContent({ model: GEMINI, contents: 'hi' });
    expect(res.text).toBe('same channel');
    expect(upstream.requests.last()!.path).toBe(
      '/v1/projects/proj-1/locations/global/publishers/google/models/gemini-2.0-flash:generateContent',
    );
    const chat = await openai().chat.completions.create({
      model: CLAUDE,
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(chat.choices[0]!.message.content).toBe('same channel');
    expect(upstream.requests.last()!.route).toBe('vertex.anthropic');
    expect(upstream.requests.last()!.path).toContain('/locations/us-east5/');
    expect(await channelUsedQuota(gw, id)).toBeGreaterThan(0);
  });

  it('fetches one token per account and reuses it until it expires, even for concurrent requests', async () => {
    await vertexChannel({ content: 'ok', usage: GEMINI_USAGE });
    const before = upstream.google.grants;
    const ask = () =>
      openai().chat.completions.create({ model: GEMINI, messages: [{ role: 'user', content: 'x' }] });
    await Promise.all([ask(), ask(), ask()]);
    await ask();
    expect(upstream.google.grants - before).toBe(1);
    const grants = upstream.requests.all().filter((r) => r.route === 'google.token');
    expect(grants).toHaveLength(1);
    expect(grants[0]!.rawBody.toString()).toContain(
      'grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer',
    );
    expect(upstream.requests.all().filter((r) => r.route === 'vertex.google')).toHaveLength(4);
  });

  it('fetches a new token when the cached one is within five minutes of expiring', async () => {
    upstream.google.expiresIn = 120;
    try {
      await vertexChannel({ content: 'ok', usage: GEMINI_USAGE });
      const before = upstream.google.grants;
      const ask = () =>
        openai().chat.completions.create({ model: GEMINI, messages: [{ role: 'user', content: 'x' }] });
      await ask();
      await ask();
      expect(upstream.google.grants - before).toBe(2);
    } finally {
      upstream.google.expiresIn = 3599;
    }
  });

  it('answers a refused token grant as a gateway error, charging nothing, and disables the channel', async () => {
    const account = upstream.google.createServiceAccount('proj-1');
    // Another private key: the fake Google finds the JWT signature wrong.
    const forged = JSON.parse(account.key) as Record<string, string>;
    forged.private_key = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const id = await addChannel(gw, {
      type: 41,
      name: 'vertex-forged',
      key: JSON.stringify(forged),
      baseUrl: upstream.url,
      other: 'us-east5',
      models: [CLAUDE],
    });
    const err = await anthropicError(
      anthropic().messages.create({
        model: CLAUDE,
        max_tokens: 5,
        messages: [{ role: 'user', content: 'x' }],
      }),
    );
    expect(err.status).toBe(502);
    expect(err.error).toMatchObject({ type: 'error', error: { type: 'api_error' } });
    expect(err.message).toContain('获取 Vertex AI 访问令牌失败 (HTTP 400)');
    expect(JSON.stringify(err.error)).not.toContain('BEGIN PRIVATE KEY');
    expect(upstream.requests.all().map((r) => r.route)).toEqual(['google.token']);
    expect(await channelUsedQuota(gw, id)).toBe(0);
    expect((await balances(gw, userId, token.id)).user.quota).toBe(START);
    // A key Google refuses is the channel's fault, as an upstream 401 would be.
    const status = async () =>
      (await gw.ctx.db.selectFrom('channels').select('status').where('id', '=', id).executeTakeFirstOrThrow())
        .status;
    await expect.poll(status).toBe(3);
  });

  it("reads Google's error shape on the Claude route (an API not enabled for the project)", async () => {
    const message = 'Vertex AI API has not been used in project proj-1 before or it is disabled.';
    await vertexChannel({
      error: { status: 403, body: { error: { code: 403, message, status: 'PERMISSION_DENIED' } } },
    });
    const err = await apiError(
      openai().chat.completions.create({ model: CLAUDE, messages: [{ role: 'user', content: 'x' }] }),
    );
    // The project's permissions are the channel's business: a gateway error, not "your key".
    expect(err.status).toBe(502);
    expect(err.error).toMatchObject({ code: 'PERMISSION_DENIED' });
    expect(err.message).toContain(message);
  });

  it('tests a Vertex channel from the console with a real call', async () => {
    const { id } = await vertexChannel({ content: 'ok', usage: CLAUDE_USAGE });
    const res = await root.get<unknown>(`/api/channel/test/${id}`);
    expect(res.body.success, res.body.message).toBe(true);
    expect(upstream.requests.last()!.route).toBe('vertex.anthropic');
  });
});
