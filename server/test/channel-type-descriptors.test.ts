import { CHANNEL_TYPES, type ChannelView } from '@gateway/contract';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addChannel,
  addToken,
  apiError,
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

/**
 * What each channel type's descriptor says, as the management API and the relay apply it: key
 * formats, required `other` fields, balance and model-list support, the endpoints routing offers,
 * and where each OpenAI-compatible type's channel test lands on its fake.
 */
describe.skipIf(testDbKind() !== 'sqlite')('channel type descriptors', () => {
  let gw: RunningGateway;
  let upstream: FakeUpstream;
  let root: ApiClient;
  let token: { id: number; apiKey: string };

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    gw = await startGateway();
    root = await setupAndLoginRoot(gw.url);
    await putOptions(root, { ModelRatio: JSON.stringify({ rr: 1, jc: 1 }), RetryTimes: '0' });
    const user = await registerAndLogin(gw.url, 'descriptors');
    await setUserQuota(gw, user.userId!, 10_000_000);
    token = await addToken(gw, user.userId!, { remainQuota: 1_000_000 });
  });
  afterAll(async () => {
    await gw.stop();
    await upstream.close();
  });
  beforeEach(async () => {
    upstream.reset();
    await removeAllChannels(gw);
  });

  const create = (body: Record<string, unknown>) =>
    root.post<ChannelView[]>('/api/channel/', { name: 'desc', models: 'm', ...body });

  it('refuses keys that do not match the type’s format, naming the format, and accepts those that do', async () => {
    const refused: Array<[Record<string, unknown>, string]> = [
      [{ type: 15, key: 'only-one' }, 'Baidu ERNIE 渠道的密钥格式错误，应为 APIKey|SecretKey'],
      [{ type: 15, key: 'a|b\n c|d \nbad' }, 'Baidu ERNIE 渠道的第 3 个密钥格式错误，应为 APIKey|SecretKey'],
      [{ type: 18, key: 'app|secret' }, 'Xunfei Spark 渠道的密钥格式错误，应为 APPID|APISecret|APIKey'],
      [{ type: 23, key: 'app||key' }, 'Tencent Hunyuan 渠道的密钥格式错误，应为 AppId|SecretId|SecretKey'],
      [
        { type: 33, key: 'AK|SK' },
        'AWS Claude 渠道的密钥格式错误，应为 AccessKey|SecretAccessKey|Region[|SessionToken]',
      ],
      [{ type: 33, key: 'AK|SK|r|t|x' }, expect.stringContaining('AWS Claude 渠道的密钥格式错误') as never],
      [{ type: 22, key: 'nodash' }, 'Knowledge Base: FastGPT 渠道的密钥格式错误，应为 APIKey-AppId'],
      [
        { type: 41, key: 'not-json', other: 'us-east5' },
        'Vertex AI 渠道的密钥格式错误，应为 服务账号 JSON 凭据',
      ],
    ];
    for (const [body, message] of refused) {
      const res = await create(body);
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status: 400, message });
    }
    expect(await gw.ctx.db.selectFrom('channels').select('id').execute()).toEqual([]);

    const accepted = [
      { type: 15, key: 'api-key|secret-key\n a2 | s2 ' },
      { type: 18, key: 'app|secret|key' },
      { type: 23, key: 'app|secret-id|secret-key' },
      { type: 33, key: 'AKIA1|secret|us-east-1' },
      { type: 33, key: 'ASIA1|secret|us-east-1|session-token' },
      { type: 22, key: 'fastgpt-abc123-app42' },
      { type: 41, key: '{"type":"service_account","project_id":"p1"}', other: 'us-east5' },
      { type: 1, key: 'sk-anything at all' },
    ];
    for (const body of accepted) {
      const res = await create(body);
      expect({ body, status: res.status, message: res.body.message }).toMatchObject({ body, status: 200 });
    }
  });

  it('checks the key on update against the channel’s type', async () => {
    const [c] = (await create({ type: 18, key: 'app|secret|key' })).body.data!;
    const bad = await root.put('/api/channel/', { id: c.id, key: 'just-one' });
    expect([bad.status, bad.body.message]).toEqual([
      400,
      'Xunfei Spark 渠道的密钥格式错误，应为 APPID|APISecret|APIKey',
    ]);
    const good = await root.put('/api/channel/', { id: c.id, key: 'app2|secret2|key2' });
    expect(good.status).toBe(200);
  });

  it('requires Cloudflare’s account id and Custom’s full URL, and applies Spark’s default version', async () => {
    const cf = await create({ type: 39, key: 'cf-key' });
    expect([cf.status, cf.body.message]).toEqual([400, 'Account ID 不能为空']);
    const [ok] = (await create({ type: 39, key: 'cf-key', other: 'acc-1' })).body.data!;
    const cleared = await root.put('/api/channel/', { id: ok.id, other: ' ' });
    expect([cleared.status, cleared.body.message]).toEqual([400, 'Account ID 不能为空']);
    const custom = await create({ type: 8, key: 'k' });
    expect([custom.status, custom.body.message]).toEqual([400, '请填写完整的 Base URL']);
    const [spark] = (await create({ type: 18, key: 'a|b|c', other: '  ' })).body.data!;
    expect(spark.other).toBe('v2.1');
  });

  it('refuses balances and model lists for types without those APIs', async () => {
    const [cf] = (await create({ type: 39, key: 'cf-key', other: 'acc-1', base_url: upstream.url })).body
      .data!;
    const balance = await root.get(`/api/channel/update_balance/${cf.id}`);
    expect([balance.status, balance.body.message]).toEqual([400, '尚未实现']);
    const models = await root.post('/api/channel/fetch_models', {
      type: 27,
      key: 'pplx',
      base_url: upstream.url,
    });
    expect([models.status, models.body.message]).toEqual([400, '该渠道类型不支持获取模型列表']);
    expect(upstream.requests.length).toBe(0);
  });

  const openai = () => new OpenAI({ apiKey: token.apiKey, baseURL: `${gw.url}/v1`, maxRetries: 0 });
  const rerank = () =>
    fetch(`${gw.url}/v1/rerank`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'rr', query: 'q', documents: ['a', 'b'] }),
    });

  it('never sends a rerank call to Cloudflare, nor a chat call to Jina', async () => {
    await addChannel(gw, { type: 39, key: 'cf-rr', baseUrl: upstream.url, other: 'acc', models: ['rr'] });
    const refused = await rerank();
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('invalid_api_type');
    expect(body.error.message).toContain('的类型暂不支持此接口');

    await addChannel(gw, { type: 1, key: 'oa-rr', baseUrl: upstream.url, models: ['rr'], weight: 1 });
    for (let i = 0; i < 10; i++) expect((await rerank()).status).toBe(200);
    expect(upstream.requests.forKey('cf-rr')).toEqual([]);
    expect(upstream.requests.forKey('oa-rr')).toHaveLength(10);

    await addChannel(gw, { type: 38, key: 'jina-jc', baseUrl: upstream.url, models: ['jc'] });
    const chat = await apiError(
      openai().chat.completions.create({ model: 'jc', messages: [{ role: 'user', content: 'x' }] }),
    );
    expect([chat.status, chat.code]).toEqual([400, 'invalid_api_type']);
    expect(upstream.requests.forKey('jina-jc')).toEqual([]);
  });

  /** type → the call its channel test makes on the provider's real path (written out by hand). */
  const CHANNEL_TESTS: Record<number, { model: string; path: string; other?: string; base?: string }> = {
    1: { model: 'gpt-4o-mini', path: '/v1/chat/completions' },
    3: { model: 'gpt-4.1', path: '/openai/deployments/gpt-41/chat/completions', other: '2024-10-21' },
    6: { model: 'gpt-4o-mini', path: '/v1/chat/completions' },
    7: { model: 'gpt-4o-mini', path: '/v1/chat/completions' },
    8: {
      model: 'my-model',
      path: '/custom/my-model/chat/completions',
      base: '/custom/{model}/chat/completions',
    },
    9: { model: 'gpt-4o-mini', path: '/v1/chat/completions' },
    10: { model: 'gpt-4o-mini', path: '/v1/chat/completions' },
    12: { model: 'gpt-4o-mini', path: '/v1/chat/completions' },
    13: { model: 'gpt-4o-mini', path: '/v1/chat/completions' },
    19: { model: '360gpt-pro', path: '/v1/chat/completions' },
    20: { model: 'openai/gpt-4o', path: '/v1/chat/completions' },
    22: { model: 'gpt-4o-mini', path: '/v1/chat/completions' },
    25: { model: 'moonshot-v1-8k', path: '/v1/chat/completions' },
    26: { model: 'glm-4v', path: '/api/paas/v4/chat/completions' },
    27: { model: 'sonar', path: '/chat/completions' },
    31: { model: 'yi-large', path: '/v1/chat/completions' },
    35: { model: 'abab6.5s-chat', path: '/v1/text/chatcompletion_v2' },
    38: { model: 'jina-embeddings-v3', path: '/v1/embeddings' },
    39: {
      model: '@cf/meta/llama-3-8b-instruct',
      path: '/client/v4/accounts/acc-9/ai/v1/chat/completions',
      other: 'acc-9',
    },
    40: { model: 'Qwen/Qwen2.5-7B-Instruct', path: '/v1/chat/completions' },
    42: { model: 'mistral-small-latest', path: '/v1/chat/completions' },
    43: { model: 'deepseek-chat', path: '/v1/chat/completions' },
    44: { model: 'm3e-base', path: '/v1/embeddings' },
    45: { model: 'bot-20240101-abc', path: '/api/v3/bots/chat/completions' },
    46: { model: 'ernie-4.0-8k', path: '/v2/chat/completions' },
    47: { model: 'qwen2.5-instruct', path: '/v1/chat/completions' },
    48: { model: 'grok-2', path: '/v1/chat/completions' },
  };
  // Being turned into native adapters by other work; their own suites test them.
  const ELSEWHERE = new Set([4, 17]);

  it('has a channel-test row for every OpenAI-protocol type', () => {
    const openAITypes = CHANNEL_TYPES.filter((t) => t.protocol === 'openai' && !ELSEWHERE.has(t.id));
    expect(openAITypes.map((t) => t.id).sort((a, b) => a - b)).toEqual(
      Object.keys(CHANNEL_TESTS)
        .map(Number)
        .sort((a, b) => a - b),
    );
  });

  it('passes the channel test of every OpenAI-protocol type against the fake, on its path', async () => {
    for (const [type, spec] of Object.entries(CHANNEL_TESTS)) {
      const key = `key-${type}-part-x`;
      const id = await addChannel(gw, {
        type: Number(type),
        key,
        baseUrl: `${upstream.url}${spec.base ?? ''}`,
        models: [spec.model],
        other: spec.other,
        organization: 'org-7',
      });
      const res = await root.get<unknown>(`/api/channel/test/${id}`);
      expect({ type, success: res.body.success, message: res.body.message }).toEqual({
        type,
        success: true,
        message: '',
      });
      const sent = upstream.requests.forKey(key);
      expect({ type, paths: sent.map((r) => r.path) }).toEqual({ type, paths: [spec.path] });
      const headers = sent[0]!.headers;
      // Azure takes the key as `api-key`; everyone else as a bearer token.
      if (type === '3') expect([headers['api-key'], headers.authorization]).toEqual([key, undefined]);
      else expect(headers.authorization).toBe(`Bearer ${key}`);
      // Only OpenAI itself gets the organization; only OpenRouter the attribution headers.
      expect(headers['openai-organization']).toBe(type === '1' ? 'org-7' : undefined);
      expect([headers['http-referer'], headers['x-title']]).toEqual(
        type === '20' ? ['https://github.com/Calcium-Ion/new-api', 'New API'] : [undefined, undefined],
      );
    }
    expect(upstream.requests.all().find((r) => r.path.startsWith('/openai/'))?.query['api-version']).toBe(
      '2024-10-21',
    );
  });

  it('tells task types apart from failures in the channel test', async () => {
    for (const type of [2, 5, 36]) {
      const id = await addChannel(gw, {
        type,
        key: `task-${type}`,
        name: `t${type}`,
        baseUrl: upstream.url,
        models: ['m'],
      });
      const res = await root.get<unknown>(`/api/channel/test/${id}`);
      expect([type, res.body.success, res.body.message]).toEqual([
        type,
        false,
        `t${type} 渠道类型暂不支持测试`,
      ]);
    }
    expect(upstream.requests.length).toBe(0);
  });
});
