import { connect } from 'node:net';
import { WebSocket } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addChannel,
  addToken,
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

type Event = Record<string, unknown>;

/**
 * `/v1/realtime` (WebSocket) relayed to OpenAI channels: events flow both ways unchanged, usage
 * comes from each `response.done`, the session is charged once when it closes. Prices: model
 * ratio 1, completion ratio 2, cache ratio 0.5.
 */
describe('Realtime sessions', () => {
  let gw: RunningGateway;
  let upstream: FakeUpstream;
  let userId: number;
  let token: { id: number; apiKey: string };
  const START = 1_000_000;
  const MODEL = 'gpt-rt';

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
    const user = await registerAndLogin(gw.url, `rt${n++}`);
    userId = user.userId!;
    await setUserQuota(gw, userId, START);
    token = await addToken(gw, userId, { remainQuota: 100_000 });
    upstream.reset();
    await removeAllChannels(gw);
  });

  const channel = (key: string, priority = 0, type = 1) =>
    addChannel(gw, { type, key, baseUrl: upstream.url, models: [MODEL], priority });

  /** Runs a session: sends `responses` response.create events, closes after the last response.done. */
  function session(responses: number, init: { headers?: Record<string, string>; protocols?: string[] } = {}) {
    const url = `${gw.url.replace('http', 'ws')}/v1/realtime?model=${MODEL}`;
    const ws = new WebSocket(url, {
      headers: init.headers ?? { authorization: `Bearer ${token.apiKey}` },
      protocols: init.protocols,
    });
    const events: Event[] = [];
    return new Promise<Event[]>((resolve, reject) => {
      ws.addEventListener('open', () => {
        ws.send(JSON.stringify({ type: 'session.update', session: { modalities: ['text'] } }));
        for (let i = 0; i < responses; i++) ws.send(JSON.stringify({ type: 'response.create' }));
      });
      ws.addEventListener('message', (m) => {
        events.push(JSON.parse(String(m.data)) as Event);
        if (events.filter((e) => e.type === 'response.done').length === responses) ws.close();
      });
      ws.addEventListener('close', () => resolve(events));
      ws.addEventListener('error', () => reject(new Error('refused')));
    });
  }

  /** The HTTP answer to an upgrade the gateway refuses (read raw: HTTP clients expect a 101), and its code. */
  function upgradeStatus(path: string) {
    return new Promise<{ status: number; code: unknown }>((resolve, reject) => {
      const socket = connect(Number(new URL(gw.url).port), '127.0.0.1', () => {
        socket.write(
          `GET ${path} HTTP/1.1\r\nHost: gateway\r\nAuthorization: Bearer ${token.apiKey}\r\n` +
            'Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n' +
            'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
        );
      });
      let data = '';
      socket.on('data', (chunk: Buffer) => (data += chunk.toString()));
      socket.on('error', reject);
      socket.on('close', () => {
        const body = JSON.parse(data.slice(data.indexOf('\r\n\r\n') + 4)) as { error: { code: unknown } };
        resolve({ status: Number(data.split(' ')[1]), code: body.error.code });
      });
    });
  }

  /** The charge lands once both sockets closed: wait for it. */
  async function usedQuota(expected: number) {
    for (let i = 0; i < 50; i++) {
      const used = (await balances(gw, userId, token.id)).user.used_quota;
      if (used === expected) return used;
      await new Promise((r) => setTimeout(r, 50));
    }
    return (await balances(gw, userId, token.id)).user.used_quota;
  }

  it('relays events both ways and charges the sum of every response.done once, at close', async () => {
    const id = await channel('rt');
    upstream.scenario('rt', { content: 'Hi there', usage: { prompt: 100, completion: 20, cached: 40 } });
    const events = await session(2);
    expect(events[0]).toMatchObject({ type: 'session.created', session: { model: MODEL } });
    expect(events.map((e) => e.type)).toContain('session.updated');
    expect(events.filter((e) => e.type === 'response.done')).toHaveLength(2);
    const sent = upstream.requests.forKey('rt')[0]!;
    expect(sent).toMatchObject({ route: 'openai.realtime', query: { model: MODEL } });
    expect(sent.headers.authorization).toBe('Bearer rt');
    expect((sent.body as Event[]).map((e) => e.type)).toEqual([
      'session.update',
      'response.create',
      'response.create',
    ]);
    const quota = 2 * (60 + 40 * 0.5 + 20 * 2);
    expect(await usedQuota(quota)).toBe(quota);
    expect((await balances(gw, userId, token.id)).token).toEqual({
      remain_quota: 100_000 - quota,
      used_quota: quota,
    });
    expect(await channelUsedQuota(gw, id)).toBe(quota);
    const [log] = await consumeLogs(gw, userId);
    expect(log).toMatchObject({
      model_name: MODEL,
      quota,
      prompt_tokens: 200,
      completion_tokens: 40,
      is_stream: 1,
    });
    expect(JSON.parse(log!.other)).toMatchObject({ cache_tokens: 80, request_path: '/v1/realtime' });
  });

  it('opens on another channel when the first refuses the session, and accepts the key as a subprotocol', async () => {
    const bad = await channel('rt-bad', 10);
    const good = await channel('rt-good', 0);
    upstream.scenario('rt-bad', { error: { status: 503 } });
    upstream.scenario('rt-good', { content: 'ok', usage: { prompt: 10, completion: 5 } });
    const events = await session(1, {
      headers: {},
      protocols: ['realtime', `openai-insecure-api-key.${token.apiKey}`, 'openai-beta.realtime-v1'],
    });
    expect(events.at(-1)).toMatchObject({ type: 'response.done' });
    expect(upstream.requests.forKey('rt-bad')).toHaveLength(1);
    expect(await usedQuota(20)).toBe(20);
    expect(await channelUsedQuota(gw, bad)).toBe(0);
    expect(await channelUsedQuota(gw, good)).toBe(20);
    const [log] = await consumeLogs(gw, userId);
    expect(JSON.parse(log!.other).admin_info.use_channel).toEqual([String(bad), String(good)]);
  });

  it('refuses a bad key or an unknown model before the upgrade, and a session without responses is free', async () => {
    await channel('rt');
    await expect(session(1, { headers: { authorization: 'Bearer sk-wrong' } })).rejects.toThrow('refused');
    expect(await upgradeStatus(`/v1/realtime?model=nope`)).toEqual({ status: 404, code: 'model_not_found' });
    expect(await upgradeStatus(`/v1/realtime`)).toEqual({ status: 400, code: 'invalid_request' });
    const events = await new Promise<Event[]>((resolve) => {
      const ws = new WebSocket(`${gw.url.replace('http', 'ws')}/v1/realtime?model=${MODEL}`, {
        headers: { authorization: `Bearer ${token.apiKey}` },
      });
      const got: Event[] = [];
      ws.addEventListener('message', (m) => {
        got.push(JSON.parse(String(m.data)) as Event);
        ws.close();
      });
      ws.addEventListener('close', () => resolve(got));
    });
    expect(events[0]).toMatchObject({ type: 'session.created' });
    await new Promise((r) => setTimeout(r, 200));
    expect((await balances(gw, userId, token.id)).user).toEqual({
      quota: START,
      used_quota: 0,
      request_count: 0,
    });
    expect(await consumeLogs(gw, userId)).toHaveLength(0);
  });

  it('answers a balance too low for the hold with an error event and closes, charging nothing', async () => {
    await channel('rt');
    await setUserQuota(gw, userId, 1);
    const events = await new Promise<Event[]>((resolve) => {
      const ws = new WebSocket(`${gw.url.replace('http', 'ws')}/v1/realtime?model=${MODEL}`, {
        headers: { authorization: `Bearer ${token.apiKey}` },
      });
      const got: Event[] = [];
      ws.addEventListener('message', (m) => got.push(JSON.parse(String(m.data)) as Event));
      ws.addEventListener('close', () => resolve(got));
    });
    expect(events).toEqual([
      expect.objectContaining({
        type: 'error',
        error: expect.objectContaining({ code: 'insufficient_user_quota' }),
      }),
    ]);
    expect(upstream.requests.all()).toHaveLength(0);
    expect((await balances(gw, userId, token.id)).user).toMatchObject({ quota: 1, used_quota: 0 });
  });
});
