import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addChannel,
  addToken,
  balances,
  registerAndLogin,
  setUserQuota,
  setupAndLoginRoot,
  startFakeUpstream,
  startGateway,
  type ApiClient,
  type FakeUpstream,
  type RunningGateway,
} from '@gateway/test-support';

/**
 * Calls to channel upstreams may reach loopback and private networks (self-hosted models), never
 * unspecified or link-local addresses. Linux connects 0.0.0.0 to this host, so a channel aimed at
 * `0.0.0.0:<fake port>` would reach the fake if the guard let it: the fake's request log proves it did not.
 */
describe('channel calls refuse link-local and unspecified addresses', () => {
  let gw: RunningGateway;
  let upstream: FakeUpstream;
  let root: ApiClient;
  let refusedId: number;
  let userId: number;
  let token: { id: number; apiKey: string };

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    gw = await startGateway();
    root = await setupAndLoginRoot(gw.url);
    const port = new URL(upstream.url).port;
    refusedId = await addChannel(gw, {
      key: 'sk-refused',
      baseUrl: `http://0.0.0.0:${port}`,
      models: ['guarded-model'],
      autoBan: false,
    });
    const user = await registerAndLogin(gw.url, 'outbound');
    userId = user.userId!;
    await setUserQuota(gw, userId, 100_000);
    token = await addToken(gw, userId, { remainQuota: 50_000 });
  });
  afterAll(async () => {
    await gw.stop();
    await upstream.close();
  });

  it('a relay call fails without reaching the address and costs nothing', async () => {
    const client = new OpenAI({ apiKey: token.apiKey, baseURL: `${gw.url}/v1`, maxRetries: 0 });
    await expect(
      client.chat.completions.create({ model: 'guarded-model', messages: [{ role: 'user', content: 'hi' }] }),
    ).rejects.toMatchObject({ status: expect.any(Number) });
    expect(upstream.requests.all()).toEqual([]);
    expect(await balances(gw, userId, token.id)).toMatchObject({
      user: { quota: 100_000, used_quota: 0 },
      token: { remain_quota: 50_000, used_quota: 0 },
    });
  });

  it('the channel test and the model list say why, without calling', async () => {
    const test = await root.get<unknown>(`/api/channel/test/${refusedId}`);
    expect(test.body.success).toBe(false);
    expect(test.body.message).toMatch(/0\.0\.0\.0/);
    const models = await root.get<unknown>(`/api/channel/fetch_models/${refusedId}`);
    expect(models.body.success).toBe(false);
    expect(models.body.message).toMatch(/0\.0\.0\.0/);
    expect(upstream.requests.all()).toEqual([]);
  });

  it('covers upstreams with their own connections: Spark sockets, Baidu and Vertex token exchanges', async () => {
    const port = new URL(upstream.url).port;
    const spark = upstream.spark.create();
    const sparkId = await addChannel(gw, {
      type: 18,
      key: spark.key,
      baseUrl: `ws://0.0.0.0:${port}`,
      models: ['spark-model'],
      other: 'v2.1',
    });
    const baidu = upstream.cn.baidu.create();
    const baiduId = await addChannel(gw, {
      type: 15,
      key: baidu.key,
      baseUrl: `http://0.0.0.0:${port}`,
      models: ['ERNIE-4.0-8K'],
    });
    // A Vertex key names its own token endpoint: an admin could aim it anywhere.
    const account = upstream.google.createServiceAccount('proj-x');
    const key = { ...JSON.parse(account.key), token_uri: `http://0.0.0.0:${port}/token` };
    const vertexId = await addChannel(gw, {
      type: 41,
      name: 'vertex-outbound',
      key: JSON.stringify(key),
      baseUrl: upstream.url,
      other: 'us-east5',
      models: ['gemini-2.0-flash'],
    });
    for (const id of [sparkId, baiduId, vertexId]) {
      const test = await root.get<unknown>(`/api/channel/test/${id}`);
      expect(test.body.success).toBe(false);
      // Vertex reports only the failure kind (the token endpoint's answers may quote the key).
      expect(test.body.message).toMatch(id === vertexId ? /Vertex AI 访问令牌失败/ : /0\.0\.0\.0/);
    }
    expect(upstream.requests.all()).toEqual([]);
  });

  it('the same fake on loopback is reachable', async () => {
    const id = await addChannel(gw, { key: 'sk-fine', baseUrl: upstream.url, models: ['open-model'] });
    const test = await root.get<unknown>(`/api/channel/test/${id}`);
    expect(test.body).toMatchObject({ success: true });
    expect(upstream.requests.all().length).toBe(1);
  });
});
