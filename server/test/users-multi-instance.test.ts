import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addChannel,
  addToken,
  ApiClient,
  registerAndLogin,
  setupAndLoginRoot,
  startFakeUpstream,
  startGateway,
  testDbKind,
  testRedisUrl,
  type FakeUpstream,
  type RunningGateway,
} from '@gateway/test-support';
import { manage, registerAdmin, relayChat } from './support/user-admin.js';

/** Pub/sub delivery takes milliseconds; a second is generous and still "at once" for a person. */
const SOON = { timeout: 1000, interval: 20 };

/** Bans, demotions and quota edits made on one instance apply on another at once. */
describe.skipIf(testDbKind() === 'sqlite' || !testRedisUrl())('user management across instances', () => {
  let a: RunningGateway;
  let b: RunningGateway;
  let upstream: FakeUpstream;
  let rootA: ApiClient;
  const prefix = `users${randomBytes(3).toString('hex')}:`;

  /** The same signed-in user, talking to instance b. */
  const onB = (client: ApiClient) => {
    const other = new ApiClient(b.url);
    other.cookie = client.cookie;
    other.userId = client.userId;
    return other;
  };

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    a = await startGateway({ redisPrefix: prefix });
    b = await startGateway({ redisPrefix: prefix, database: a.database });
    rootA = await setupAndLoginRoot(a.url);
    await rootA.put('/api/option/', { key: 'ModelRatio', value: JSON.stringify({ 'mi-model': 1 }) });
    upstream.scenario('mi-key', { usage: { prompt: 10, completion: 10 } });
    await addChannel(a, { key: 'mi-key', baseUrl: upstream.url, models: ['mi-model'] });
    a.ctx.bus.publish('channels');
    // expect.poll is for tests only; b reloads its routing table when the bus delivers the news.
    for (let i = 0; i < 100 && b.ctx.relay.routing.tiers('default', 'mi-model').length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  afterAll(async () => {
    await b.stop();
    await a.stop();
    await upstream.close();
  });

  it('signs a banned user out of the other instance and refuses their API key there', async () => {
    const user = await registerAndLogin(a.url, 'roamer');
    await rootA.put('/api/user/', { id: user.userId, quota: 10_000 });
    const { apiKey } = await addToken(a, user.userId!, { unlimited: true });
    const userOnB = onB(user);
    expect((await userOnB.get('/api/user/self')).status).toBe(200);
    expect((await relayChat(b.url, apiKey, 'mi-model')).status).toBe(200);

    expect((await manage(rootA, user.userId, 'disable')).body.data).toEqual({ role: 1, status: 2 });
    await expect.poll(async () => (await userOnB.get('/api/user/self')).status, SOON).toBe(401);
    const relay = await relayChat(b.url, apiKey, 'mi-model');
    expect([relay.status, relay.error?.message]).toEqual([403, '用户已被封禁']);
  });

  it('takes admin rights away on the other instance when an admin is demoted', async () => {
    const admin = await registerAdmin(a.url, rootA, 'roaming');
    const adminOnB = onB(admin);
    expect((await adminOnB.get('/api/user/?p=1&page_size=10')).status).toBe(200);
    expect((await manage(rootA, admin.userId, 'demote')).body.data).toEqual({ role: 1, status: 1 });
    await expect.poll(async () => (await adminOnB.get('/api/user/?p=1&page_size=10')).status, SOON).toBe(403);
  });

  it('ends sessions on the other instance when the password changes', async () => {
    const user = await registerAndLogin(a.url, 'switcher');
    const userOnB = onB(user);
    const second = new ApiClient(b.url);
    await second.login('switcher', 'user-pass-123');
    const changed = await userOnB.put('/api/user/self', {
      password: 'next-pass-123',
      original_password: 'user-pass-123',
    });
    expect(changed.body.success, changed.body.message).toBe(true);
    await expect.poll(async () => (await user.get('/api/user/self')).status, SOON).toBe(401);
    expect((await second.get('/api/user/self')).status).toBe(401);
    expect((await userOnB.get('/api/user/self')).status).toBe(200);
  });

  it('applies a quota edit made on one instance to admission on the other', async () => {
    const user = await registerAndLogin(a.url, 'budget');
    await rootA.put('/api/user/', { id: user.userId, quota: 1000 });
    const { apiKey } = await addToken(a, user.userId!, { unlimited: true });
    expect((await relayChat(b.url, apiKey, 'mi-model')).status).toBe(200);
    // A charge b has not written yet would be applied on top of the edit (kept, not lost), so
    // the expected balance is exact only once b has flushed.
    await b.ctx.ledger.flush();
    expect((await rootA.put('/api/user/', { id: user.userId, quota: 30 })).body.success).toBe(true);
    const refused = await relayChat(b.url, apiKey, 'mi-model');
    expect([refused.status, refused.error?.message]).toEqual([403, '用户额度不足：剩余 30，需要 48']);
  });
});
