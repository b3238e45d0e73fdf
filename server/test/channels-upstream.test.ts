import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChannelBalanceResult, ChannelView, UpdateAllBalancesResult } from '@gateway/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  setupAndLoginRoot,
  startFakeUpstream,
  startGateway,
  type ApiClient,
  type FakeUpstream,
  type RunningGateway,
} from '@gateway/test-support';

/**
 * Balance APIs the fake upstream does not speak (AIProxy, API2GPT, AIGC2D) and a broken reply:
 * a few fixed answers on a loopback server.
 */
async function startSmallUpstream(routes: Record<string, { status?: number; body: string }>) {
  const seen: Array<{ path: string; headers: IncomingHttpHeaders }> = [];
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    seen.push({ path, headers: req.headers });
    const route = routes[path];
    res.writeHead(route ? (route.status ?? 200) : 404, { 'content-type': 'application/json' });
    res.end(route?.body ?? '{"error":{"message":"no such route"}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type SmallUpstream = Awaited<ReturnType<typeof startSmallUpstream>>;

async function createChannel(root: ApiClient, body: Record<string, unknown>): Promise<ChannelView> {
  const res = await root.post<ChannelView[]>('/api/channel/', { name: 'up', models: 'm', ...body });
  if (!res.body.success) throw new Error(res.body.message);
  return res.body.data![0];
}

describe('channels: upstream model lists and balances', () => {
  let gw: RunningGateway;
  let root: ApiClient;
  let upstream: FakeUpstream;
  let small: SmallUpstream;

  beforeAll(async () => {
    gw = await startGateway();
    root = await setupAndLoginRoot(gw.url);
    upstream = await startFakeUpstream();
    small = await startSmallUpstream({
      '/v1/models': { body: '<html>not json</html>' },
      '/api/report/getUserOverview': { body: '{"success":true,"data":{"totalPoints":321.5}}' },
      '/dashboard/billing/credit_grants': { body: '{"total_remaining":7.25,"total_available":9.5}' },
    });
  });
  afterAll(async () => {
    await gw.stop();
    await upstream.close();
    await small.close();
  });

  it('fetches the model list of a saved channel with its key', async () => {
    upstream.scenario('sk-models', { models: ['gpt-4o', 'o3-mini', 'gpt-4o'] });
    const c = await createChannel(root, { key: 'sk-models', base_url: upstream.url });
    const res = await root.get<string[]>(`/api/channel/fetch_models/${c.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(['gpt-4o', 'o3-mini']);
    const sent = upstream.requests.forKey('sk-models').at(-1)!;
    expect(sent.path).toBe('/v1/models');
    expect(sent.headers.authorization).toBe('Bearer sk-models');
  });

  it('uses the Gemini OpenAI-compatible list and strips "models/"', async () => {
    upstream.scenario('gm-key', { models: ['gemini-2.0-flash', 'gemini-2.5-pro'] });
    const c = await createChannel(root, { type: 24, key: 'gm-key', base_url: upstream.url });
    const res = await root.get<string[]>(`/api/channel/fetch_models/${c.id}`);
    expect(res.body.data).toEqual(['gemini-2.0-flash', 'gemini-2.5-pro']);
    expect(upstream.requests.forKey('gm-key').at(-1)?.path).toBe('/v1beta/openai/models');
  });

  it('fetches models for unsaved credentials with the first key line', async () => {
    upstream.scenario('sk-draft', { models: ['draft-model'] });
    const res = await root.post<string[]>('/api/channel/fetch_models', {
      base_url: `${upstream.url}/`,
      type: 1,
      key: '  sk-draft \nsk-other',
    });
    expect(res.body).toMatchObject({ success: true, data: ['draft-model'] });
    expect(upstream.requests.forKey('sk-other')).toEqual([]);
    for (const key of [undefined, '', ' \n ']) {
      const missing = await root.post('/api/channel/fetch_models', { base_url: upstream.url, key });
      expect([missing.status, missing.body.message]).toEqual([400, '请填写密钥']);
    }
  });

  it('explains upstream failures', async () => {
    const refused = await root.post('/api/channel/fetch_models', {
      base_url: upstream.url,
      key: 'invalid-key',
    });
    expect(refused.status).toBe(502);
    expect(refused.body.message).toMatch(/^上游返回状态码 401: /);
    const garbled = await root.post('/api/channel/fetch_models', { base_url: small.url, key: 'k' });
    expect(garbled.status).toBe(502);
    expect(garbled.body.message).toMatch(/^解析响应失败: /);
    const down = await root.post('/api/channel/fetch_models', { base_url: 'http://127.0.0.1:1', key: 'k' });
    expect(down.status).toBe(502);
    expect(down.body.message).toMatch(/^请求上游失败: /);
    const noBase = await root.post('/api/channel/fetch_models', { type: 47, key: 'k' });
    expect([noBase.status, noBase.body.message]).toEqual([400, '该渠道类型没有默认地址，请填写渠道地址']);
  });

  it('updates an OpenAI balance from the subscription and this period’s usage', async () => {
    upstream.scenario('sk-bal', { balance: 12.5, balanceUsed: 7.5 });
    const c = await createChannel(root, { key: 'sk-bal', base_url: upstream.url });
    const started = Math.floor(Date.now() / 1000);
    let published = 0;
    gw.ctx.bus.subscribe('channels', () => published++);
    const res = await root.get<ChannelBalanceResult>(`/api/channel/update_balance/${c.id}`);
    expect(published).toBe(1);
    expect(res.body.data).toMatchObject({ id: c.id, balance: 12.5 });
    expect(res.body.data!.balance_updated_time).toBeGreaterThanOrEqual(started);
    const saved = (await root.get<ChannelView>(`/api/channel/${c.id}`)).body.data!;
    expect(saved).toMatchObject({ balance: 12.5, balance_updated_time: res.body.data!.balance_updated_time });
    const paths = upstream.requests.forKey('sk-bal').map((r) => r.path);
    expect(paths).toEqual(['/v1/dashboard/billing/subscription', '/v1/dashboard/billing/usage']);
    const usage = upstream.requests.forKey('sk-bal')[1];
    expect(usage.query.start_date).toMatch(/^\d{4}-\d{2}-01$/);
    expect(usage.query.end_date).toBe(new Date().toISOString().slice(0, 10));
  });

  it('reads DeepSeek, SiliconFlow, AIProxy, API2GPT and AIGC2D balances', async () => {
    upstream.scenario('sk-ds', { balance: 88.8 });
    upstream.scenario('sk-sf', { balance: 42 });
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ type: 43, key: 'sk-ds', base_url: upstream.url }, 88.8],
      [{ type: 40, key: 'sk-sf', base_url: upstream.url }, 42],
      [{ type: 10, key: 'aip-key', base_url: small.url }, 321.5],
      [{ type: 12, key: 'a2g-key', base_url: small.url }, 7.25],
      [{ type: 13, key: 'aigc-key', base_url: small.url }, 9.5],
    ];
    for (const [body, balance] of cases) {
      const c = await createChannel(root, body);
      const res = await root.get<ChannelBalanceResult>(`/api/channel/update_balance/${c.id}`);
      expect([body.type, res.body.data?.balance]).toEqual([body.type, balance]);
    }
    expect(small.seen.find((s) => s.path === '/api/report/getUserOverview')?.headers['api-key']).toBe(
      'aip-key',
    );
    expect(small.seen.find((s) => s.headers.authorization === 'Bearer a2g-key')?.path).toBe(
      '/dashboard/billing/credit_grants',
    );
  });

  it('answers "尚未实现" for types without a balance API and 404 for unknown channels', async () => {
    const c = await createChannel(root, { type: 14, key: 'sk-ant' });
    const res = await root.get(`/api/channel/update_balance/${c.id}`);
    expect([res.status, res.body.message]).toEqual([400, '尚未实现']);
    expect((await root.get('/api/channel/update_balance/999999')).status).toBe(404);
    expect((await root.get('/api/channel/fetch_models/999999')).status).toBe(404);
  });
});

describe('channels: updating every balance', () => {
  let gw: RunningGateway;
  let root: ApiClient;
  let upstream: FakeUpstream;

  beforeAll(async () => {
    gw = await startGateway();
    root = await setupAndLoginRoot(gw.url);
    upstream = await startFakeUpstream();
  });
  afterAll(async () => {
    await gw.stop();
    await upstream.close();
  });

  it('covers enabled channels and auto-disables those with no balance left', async () => {
    upstream.scenario('sk-rich', { balance: 5 });
    upstream.scenario('sk-empty', { balance: 0 });
    upstream.scenario('sk-off', { balance: 0 });
    const rich = await createChannel(root, { type: 43, key: 'sk-rich', base_url: upstream.url });
    const empty = await createChannel(root, {
      type: 43,
      key: 'sk-empty',
      base_url: upstream.url,
      models: 'a,b',
    });
    const off = await createChannel(root, { type: 43, key: 'sk-off', base_url: upstream.url, status: 2 });
    const broken = await createChannel(root, { key: 'invalid-x', base_url: upstream.url });
    await createChannel(root, { type: 14, key: 'sk-claude' });
    let published = 0;
    gw.ctx.bus.subscribe('channels', () => published++);

    const res = await root.get<UpdateAllBalancesResult>('/api/channel/update_balance');
    expect(res.body.data).toMatchObject({ updated: 2, disabled: [empty.id] });
    expect(res.body.data?.failed).toEqual([
      { id: broken.id, name: 'up', message: expect.stringMatching(/^上游返回状态码 401/) },
    ]);
    expect(upstream.requests.forKey('sk-off')).toEqual([]);
    // Once for the auto-disabled channel, once for the stored balances.
    expect(published).toBe(2);

    const after = (await root.get<ChannelView>(`/api/channel/${empty.id}`)).body.data!;
    expect(after).toMatchObject({ status: 3, balance: 0, status_reason: '余额不足' });
    expect(after.status_time).toBeGreaterThan(0);
    expect(JSON.parse(after.other_info)).toMatchObject({ status_reason: '余额不足' });
    const rows = await gw.ctx.db
      .selectFrom('abilities')
      .select('enabled')
      .where('channel_id', '=', empty.id)
      .execute();
    expect(rows.map((r) => r.enabled)).toEqual([0, 0]);
    expect((await root.get<ChannelView>(`/api/channel/${rich.id}`)).body.data).toMatchObject({
      status: 1,
      balance: 5,
    });
    expect((await root.get<ChannelView>(`/api/channel/${off.id}`)).body.data?.status).toBe(2);
  });
});
