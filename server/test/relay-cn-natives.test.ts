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
} from '@gateway/test-support';

type Spec = Parameters<FakeUpstream['scenario']>[1];

/**
 * Baidu ERNIE v1 (15), Zhipu v3 (16) and Tencent Hunyuan (23) against fakes that check their
 * credentials for real (Baidu's token exchange, Zhipu's JWT, Tencent's TC3 signature). Chat
 * models: ratio 2, completion ratio 3; embedding models: ratio 1.
 */
describe.skipIf(testDbKind() !== 'sqlite')('Baidu, Zhipu and Tencent native channels', () => {
  let gw: RunningGateway;
  let upstream: FakeUpstream;
  let root: ApiClient;
  let userId: number;
  let token: { id: number; apiKey: string };
  const START = 1_000_000;
  const ERNIE = 'ERNIE-4.0-8K';
  const GLM = 'chatglm_turbo';
  const HUNYUAN = 'hunyuan-lite';
  const USAGE = { prompt: 100, completion: 20 };
  const QUOTA = (100 + 20 * 3) * 2; // 320

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    gw = await startGateway();
    root = await setupAndLoginRoot(gw.url);
    await putOptions(root, {
      ModelRatio: JSON.stringify({
        [ERNIE]: 2,
        [GLM]: 2,
        [HUNYUAN]: 2,
        'Embedding-V1': 1,
        text_embedding: 1,
        'hunyuan-embedding': 1,
      }),
      CompletionRatio: JSON.stringify({ [ERNIE]: 3, [GLM]: 3, [HUNYUAN]: 3 }),
      RetryTimes: '1',
    });
  });
  afterAll(async () => {
    await gw?.stop();
    await upstream?.close();
  });

  let n = 0;
  beforeEach(async () => {
    const user = await registerAndLogin(gw.url, `cnnative${n++}`);
    userId = user.userId!;
    await setUserQuota(gw, userId, START);
    token = await addToken(gw, userId, { remainQuota: 100_000 });
    upstream.reset();
    await removeAllChannels(gw);
  });

  /** A channel on fresh credentials; scenarios are keyed by the client id / key id / SecretId. */
  async function channel(type: 15 | 16 | 23, spec: Spec, models: string[], priority = 0) {
    const creds =
      type === 15
        ? (({ key, clientId }) => ({ key, scenarioKey: clientId }))(upstream.cn.baidu.create())
        : type === 16
          ? (({ key, id }) => ({ key, scenarioKey: id }))(upstream.cn.zhipu.create())
          : (({ key, secretId }) => ({ key, scenarioKey: secretId }))(upstream.cn.hunyuan.create());
    upstream.scenario(creds.scenarioKey, spec);
    const id = await addChannel(gw, { type, key: creds.key, baseUrl: upstream.url, models, priority });
    return { id, ...creds };
  }

  async function expectCharged(channelId: number, quota: number, stream: boolean) {
    const b = await balances(gw, userId, token.id);
    expect(b.user).toEqual({ quota: START - quota, used_quota: quota, request_count: 1 });
    expect(b.token).toEqual({ remain_quota: 100_000 - quota, used_quota: quota });
    expect(await channelUsedQuota(gw, channelId)).toBe(quota);
    const logs = await consumeLogs(gw, userId);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ quota, is_stream: stream ? 1 : 0, channel_id: channelId });
  }

  async function expectNothingCharged(channelId: number) {
    expect(await channelUsedQuota(gw, channelId)).toBe(0);
    expect((await balances(gw, userId, token.id)).user.quota).toBe(START);
  }

  const openai = () => new OpenAI({ apiKey: token.apiKey, baseURL: `${gw.url}/v1`, maxRetries: 0 });
  const anthropic = () => new Anthropic({ apiKey: token.apiKey, baseURL: gw.url, maxRetries: 0 });

  async function streamText(model: string) {
    const stream = await openai().chat.completions.create({
      model,
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
    return { text, usage };
  }

  describe('Baidu ERNIE v1 (15)', () => {
    it('exchanges the key for an access token and answers OpenAI chat with exact usage', async () => {
      const { id, scenarioKey: clientId } = await channel(15, { content: '你好，我是文心', usage: USAGE }, [
        ERNIE,
      ]);
      const res = await openai().chat.completions.create({
        model: ERNIE,
        messages: [
          { role: 'system', content: 'be brief' },
          { role: 'user', content: 'hi' },
        ],
        temperature: 0,
        max_tokens: 64,
      });
      expect(res.choices[0]!.message.content).toBe('你好，我是文心');
      expect(res.choices[0]!.finish_reason).toBe('stop');
      expect(res.usage).toMatchObject({ prompt_tokens: 100, completion_tokens: 20 });
      const [grant, call] = upstream.requests.all();
      expect(grant!.route).toBe('baidu.token');
      expect(grant!.query).toMatchObject({ grant_type: 'client_credentials', client_id: clientId });
      expect(call!.route).toBe('baidu.chat');
      expect(call!.path).toBe('/rpc/2.0/ai_custom/v1/wenxinworkshop/chat/completions_pro');
      expect(call!.query.access_token).toMatch(/^24\./);
      expect(call!.body).toEqual({
        messages: [{ role: 'user', content: 'hi' }],
        stream: false,
        system: 'be brief',
        temperature: 0.01,
        max_output_tokens: 64,
      });
      await expectCharged(id, QUOTA, false);
    });

    it('streams ERNIE events to the OpenAI SDK, billed from the final usage', async () => {
      const { id } = await channel(15, { chunks: ['文心', '一言', '流式'], usage: USAGE }, [ERNIE]);
      const { text, usage } = await streamText(ERNIE);
      expect(text).toBe('文心一言流式');
      expect(usage).toMatchObject({ prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 });
      expect(upstream.requests.last()!.body).toMatchObject({ stream: true });
      await expectCharged(id, QUOTA, true);
    });

    it('shares one token exchange between concurrent requests, and exchanges again after error 110', async () => {
      await channel(15, { content: 'ok', usage: USAGE }, [ERNIE]);
      const grants = upstream.cn.baidu.grants;
      const ask = () =>
        openai().chat.completions.create({ model: ERNIE, messages: [{ role: 'user', content: 'hi' }] });
      await Promise.all([ask(), ask(), ask()]);
      expect(upstream.cn.baidu.grants).toBe(grants + 1);
      await ask();
      expect(upstream.cn.baidu.grants).toBe(grants + 1);
      // The key's tokens are revoked: Baidu answers 110, the token is dropped and exchanged again.
      upstream.cn.baidu.revokeAll();
      const err = await apiError(ask());
      expect(err.status).toBe(502);
      expect(err.message).toContain('Access token invalid');
      const res = await ask();
      expect(res.choices[0]!.message.content).toBe('ok');
      expect(upstream.cn.baidu.grants).toBe(grants + 2);
    });

    it('serves embeddings natively at the model endpoint', async () => {
      const { id } = await channel(15, { usage: { prompt: 7 } }, ['Embedding-V1']);
      const res = await openai().embeddings.create({ model: 'Embedding-V1', input: ['hello', 'world'] });
      expect(res.data.map((d) => d.index)).toEqual([0, 1]);
      expect(res.data[0]!.embedding).toHaveLength(384);
      expect(res.usage).toEqual({ prompt_tokens: 7, total_tokens: 7 });
      const seen = upstream.requests.last()!;
      expect(seen.path).toBe('/rpc/2.0/ai_custom/v1/wenxinworkshop/embeddings/embedding-v1');
      expect(seen.body).toEqual({ input: ['hello', 'world'] });
      await expectCharged(id, 7, false);
    });

    it('maps an error code inside a 200 answer to its status (336003: 400, not retried, free)', async () => {
      const first = await channel(
        15,
        { error: { status: 200, code: 336003, message: 'the max_output_tokens is out of range' } },
        [ERNIE],
        10,
      );
      await channel(15, { content: 'never asked' }, [ERNIE]);
      const err = await apiError(
        openai().chat.completions.create({ model: ERNIE, messages: [{ role: 'user', content: 'x' }] }),
      );
      expect(err.status).toBe(400);
      expect(err.error).toMatchObject({ code: '336003' });
      expect(err.message).toContain('max_output_tokens is out of range');
      expect(
        upstream.requests
          .all()
          .filter((r) => r.route === 'baidu.chat')
          .map((r) => r.key),
      ).toEqual([first.scenarioKey]);
      await expectNothingCharged(first.id);
    });

    it('answers a key Baidu refuses as a gateway error, charging nothing', async () => {
      const id = await addChannel(gw, {
        type: 15,
        key: 'unknown-client|secret',
        baseUrl: upstream.url,
        models: [ERNIE],
        autoBan: false,
      });
      const err = await apiError(
        openai().chat.completions.create({ model: ERNIE, messages: [{ role: 'user', content: 'x' }] }),
      );
      expect(err.status).toBe(502);
      expect(err.message).toContain('获取百度访问令牌失败');
      await expectNothingCharged(id);
    });
  });

  describe('Zhipu v3 (16)', () => {
    it('answers the Anthropic SDK through the hub with a verified JWT, streamed and not', async () => {
      const { id, scenarioKey } = await channel(16, { chunks: ['智谱', '\n', '你好'], usage: USAGE }, [GLM]);
      const message = await anthropic().messages.create({
        model: GLM,
        max_tokens: 64,
        system: 'be brief',
        messages: [{ role: 'user', content: 'hi' }],
      });
      expect(message.content).toEqual([{ type: 'text', text: '智谱\n你好' }]);
      expect(message.usage).toMatchObject({ input_tokens: 100, output_tokens: 20 });
      const seen = upstream.requests.last()!;
      expect(seen.path).toBe(`/api/paas/v3/model-api/${GLM}/invoke`);
      expect(seen.key).toBe(scenarioKey);
      expect(seen.body).toEqual({
        prompt: [
          { role: 'user', content: 'be brief' },
          { role: 'assistant', content: '好的。' },
          { role: 'user', content: 'hi' },
        ],
        incremental: true,
      });
      await expectCharged(id, QUOTA, false);

      const streamed = await anthropic()
        .messages.stream({ model: GLM, max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] })
        .finalMessage();
      expect(streamed.content).toEqual([expect.objectContaining({ type: 'text', text: '智谱\n你好' })]);
      expect(streamed.usage).toMatchObject({ input_tokens: 100, output_tokens: 20 });
      const second = upstream.requests.last()!;
      expect(second.path).toBe(`/api/paas/v3/model-api/${GLM}/sse-invoke`);
      // The signed token is cached, not made per request.
      expect(second.headers.authorization).toBe(seen.headers.authorization);
      expect(await channelUsedQuota(gw, id)).toBe(2 * QUOTA);
    });

    it('streams to the OpenAI SDK with the usage from the finish event meta', async () => {
      const { id } = await channel(16, { chunks: ['a', 'b', 'c'], usage: USAGE }, [GLM]);
      const { text, usage } = await streamText(GLM);
      expect(text).toBe('abc');
      expect(usage).toMatchObject({ prompt_tokens: 100, completion_tokens: 20 });
      await expectCharged(id, QUOTA, true);
    });

    it('retries an error event sent before any output on another channel, for free', async () => {
      const bad = await channel(16, { streamError: { afterEvents: 0, message: '模型繁忙' } }, [GLM], 10);
      const good = await channel(16, { chunks: ['second', ' try'], usage: USAGE }, [GLM]);
      const { text } = await streamText(GLM);
      expect(text).toBe('second try');
      expect(upstream.requests.all().map((r) => r.key)).toEqual([bad.scenarioKey, good.scenarioKey]);
      expect(await channelUsedQuota(gw, bad.id)).toBe(0);
      await expectCharged(good.id, QUOTA, true);
    });

    it('embeds one input with text_embedding', async () => {
      const { id } = await channel(16, { usage: { prompt: 5 } }, ['text_embedding']);
      const res = await openai().embeddings.create({ model: 'text_embedding', input: 'hello' });
      expect(res.data[0]!.embedding).toHaveLength(1024);
      expect(upstream.requests.last()!.body).toEqual({ prompt: 'hello' });
      await expectCharged(id, 5, false);
    });

    it('answers a token Zhipu refuses (wrong secret) as a gateway error', async () => {
      const { id: keyId } = upstream.cn.zhipu.create();
      const id = await addChannel(gw, {
        type: 16,
        key: `${keyId}.wrongsecret`,
        baseUrl: upstream.url,
        models: [GLM],
        autoBan: false,
      });
      const err = await apiError(
        openai().chat.completions.create({ model: GLM, messages: [{ role: 'user', content: 'x' }] }),
      );
      expect(err.status).toBe(502);
      expect(err.message).toContain('Authorization Token非法');
      await expectNothingCharged(id);
    });
  });

  describe('Tencent Hunyuan (23)', () => {
    it('signs ChatCompletions with TC3 and answers OpenAI chat, streamed and not, billed exactly', async () => {
      const { id, scenarioKey } = await channel(23, { chunks: ['混元', '你好'], usage: USAGE }, [HUNYUAN]);
      const res = await openai().chat.completions.create({
        model: HUNYUAN,
        messages: [
          { role: 'system', content: 'be brief' },
          { role: 'user', content: 'hi' },
        ],
        top_p: 0.5,
      });
      expect(res.choices[0]!.message.content).toBe('混元你好');
      expect(res.usage).toMatchObject({ prompt_tokens: 100, completion_tokens: 20 });
      const seen = upstream.requests.last()!;
      expect(seen.route).toBe('hunyuan.api');
      expect(seen.key).toBe(scenarioKey);
      expect(seen.headers).toMatchObject({ 'x-tc-action': 'ChatCompletions', 'x-tc-version': '2023-09-01' });
      expect(seen.body).toEqual({
        Model: HUNYUAN,
        Messages: [
          { Role: 'system', Content: 'be brief' },
          { Role: 'user', Content: 'hi' },
        ],
        Stream: false,
        TopP: 0.5,
      });
      await expectCharged(id, QUOTA, false);

      const { text, usage } = await streamText(HUNYUAN);
      expect(text).toBe('混元你好');
      expect(usage).toMatchObject({ prompt_tokens: 100, completion_tokens: 20 });
      expect(await channelUsedQuota(gw, id)).toBe(2 * QUOTA);
    });

    it('serves the Google SDK through the hub', async () => {
      const { id } = await channel(23, { content: 'Gemini asks Hunyuan', usage: USAGE }, [HUNYUAN]);
      const google = new GoogleGenAI({ apiKey: token.apiKey, httpOptions: { baseUrl: gw.url } });
      const res = await google.models.generateContent({ model: HUNYUAN, contents: 'hi' });
      expect(res.text).toBe('Gemini asks Hunyuan');
      await expectCharged(id, QUOTA, false);
    });

    it('serves embeddings through GetEmbedding', async () => {
      const { id } = await channel(23, { usage: { prompt: 6 } }, ['hunyuan-embedding']);
      const res = await openai().embeddings.create({ model: 'hunyuan-embedding', input: ['a', 'b'] });
      expect(res.data).toHaveLength(2);
      const seen = upstream.requests.last()!;
      expect(seen.headers['x-tc-action']).toBe('GetEmbedding');
      expect(seen.body).toEqual({ InputList: ['a', 'b'] });
      await expectCharged(id, 6, false);
    });

    it("answers Tencent's AuthFailure.SignatureFailure for a wrong SecretKey as a gateway error, free", async () => {
      const { appId, secretId } = upstream.cn.hunyuan.create();
      const id = await addChannel(gw, {
        type: 23,
        key: `${appId}|${secretId}|${'0'.repeat(32)}`,
        baseUrl: upstream.url,
        models: [HUNYUAN],
        autoBan: false,
      });
      const err = await apiError(
        openai().chat.completions.create({ model: HUNYUAN, messages: [{ role: 'user', content: 'x' }] }),
      );
      expect(err.status).toBe(502);
      expect(err.error).toMatchObject({ code: 'AuthFailure.SignatureFailure' });
      await expectNothingCharged(id);
    });
  });

  it('tests each type from the console with a real call', async () => {
    for (const [type, model] of [
      [15, ERNIE],
      [16, GLM],
      [23, HUNYUAN],
    ] as const) {
      const { id } = await channel(type, { content: 'ok', usage: USAGE }, [model]);
      const res = await root.get<unknown>(`/api/channel/test/${id}`);
      expect(res.body.success, `${type}: ${res.body.message}`).toBe(true);
    }
  });
});
