import { randomBytes } from 'node:crypto';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  addChannel,
  addToken,
  createTestDatabase,
  balances,
  registerAndLogin,
  setUserQuota,
  setupAndLoginRoot,
  startFakeUpstream,
  startGateway,
  testDbKind,
  testRedisUrl,
  type FakeUpstream,
  type RunningGateway,
} from '@gateway/test-support';
import type { RedisBalanceAuthority } from '../src/relay/billing/redis-balance-authority.js';

/** Two instances over one database and one Redis, as behind a load balancer. */
describe.skipIf(testDbKind() === 'sqlite' || !testRedisUrl())(
  'several instances sharing PostgreSQL/MySQL and Redis',
  () => {
    let a: RunningGateway;
    let b: RunningGateway;
    let upstream: FakeUpstream;
    let rootA: ApiClient;
    const prefix = `multi${randomBytes(3).toString('hex')}:`;

    beforeAll(async () => {
      upstream = await startFakeUpstream();
      a = await startGateway({ redisPrefix: prefix });
      b = await startGateway({ redisPrefix: prefix, database: a.database });
      rootA = await setupAndLoginRoot(a.url);
      await rootA.put('/api/option/', { key: 'ModelRatio', value: JSON.stringify({ 'm-model': 1 }) });
    });
    afterAll(async () => {
      await b.stop();
      await a.stop();
      await upstream.close();
    });

    it('migrates a fresh database once when instances start together', async () => {
      const database = await createTestDatabase();
      const both = await Promise.all([startGateway({ database }), startGateway({ database })]);
      try {
        const rows = await both[0].ctx.db
          .selectFrom('schema_migrations' as never)
          .select('name' as never)
          .execute();
        expect(rows.length).toBeGreaterThan(0);
        expect(new Set(rows.map((r) => (r as { name: string }).name)).size).toBe(rows.length);
        expect((await new ApiClient(both[1].url).get('/api/status')).status).toBe(200);
      } finally {
        await Promise.all(both.map((gw) => gw.stop()));
        await database.drop();
      }
    });

    it('shares sessions, settings and bans at once', async () => {
      const onB = new ApiClient(b.url);
      onB.cookie = rootA.cookie;
      onB.userId = rootA.userId;
      expect((await onB.get('/api/user/self')).status).toBe(200);
      await rootA.put('/api/option/', { key: 'SystemName', value: 'Shared Name' });
      // Delivered by Redis publish/subscribe within milliseconds, not a polling interval.
      await expect
        .poll(async () => (await onB.get<{ system_name: string }>('/api/status')).body.data?.system_name, {
          timeout: 1000,
          interval: 20,
        })
        .toBe('Shared Name');

      const user = await registerAndLogin(a.url, 'roamer');
      const userOnB = new ApiClient(b.url);
      userOnB.cookie = user.cookie;
      userOnB.userId = user.userId;
      expect((await userOnB.get('/api/user/self')).status).toBe(200);
      await a.ctx.users.repo.update(user.userId!, { status: 2 });
      a.ctx.users.cache.invalidate(user.userId!);
      await expect.poll(async () => (await userOnB.get('/api/user/self')).status).toBe(401);
    });

    it('routes to a channel added on the other instance and bills exactly across both', async () => {
      upstream.scenario('shared', { usage: { prompt: 10, completion: 10 } });
      await addChannel(a, { key: 'shared', baseUrl: upstream.url, models: ['m-model'] });
      a.ctx.bus.publish('channels');
      const user = await registerAndLogin(a.url, 'spender');
      await setUserQuota(a, user.userId!, 1000);
      const token = await addToken(a, user.userId!, { remainQuota: 1000 });
      const client = (gw: RunningGateway) =>
        new OpenAI({ apiKey: token.apiKey, baseURL: `${gw.url}/v1`, maxRetries: 0 });
      await expect
        .poll(async () => b.ctx.relay.routing.tiers('default', 'm-model').length, { timeout: 5000 })
        .toBe(1);
      const calls = Array.from({ length: 10 }, (_, i) =>
        client(i % 2 ? a : b).chat.completions.create({
          model: 'm-model',
          messages: [{ role: 'user', content: 'x' }],
          max_tokens: 10,
        }),
      );
      const results = await Promise.allSettled(calls);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
      await b.ctx.ledger.flush();
      const after = await balances(a, user.userId!, token.id);
      expect(after.user).toEqual({ quota: 1000 - 10 * 20, used_quota: 200, request_count: 10 });
      expect(after.token).toEqual({ remain_quota: 800, used_quota: 200 });
    });

    it('holds balances in Redis so instances cannot overspend together', async () => {
      upstream.scenario('slowpay', { usage: { prompt: 10, completion: 10 }, delayMs: 200 });
      await addChannel(a, { key: 'slowpay', baseUrl: upstream.url, models: ['m-model'], priority: 100 });
      a.ctx.bus.publish('channels');
      const user = await registerAndLogin(a.url, 'tight');
      await setUserQuota(a, user.userId!, 100);
      const token = await addToken(a, user.userId!, { unlimited: true });
      await expect.poll(async () => b.ctx.relay.routing.tiers('default', 'm-model')[0]?.priority).toBe(100);
      // Each call holds 10 + 40 (max_tokens) = 50: only two of four fit in 100 at once.
      const calls = [a, b, a, b].map((gw) =>
        new OpenAI({ apiKey: token.apiKey, baseURL: `${gw.url}/v1`, maxRetries: 0 }).chat.completions.create({
          model: 'm-model',
          messages: [{ role: 'user', content: 'x' }],
          max_tokens: 40,
        }),
      );
      const results = await Promise.allSettled(calls);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
      expect(results.filter((r) => r.status === 'rejected')).toHaveLength(2);
    });

    it('gives back the holds of an instance that stopped in the middle of a request', async () => {
      const user = await registerAndLogin(a.url, 'crashy');
      await setUserQuota(a, user.userId!, 1000);
      const token = await addToken(a, user.userId!, { remainQuota: 1000 });
      const c = await startGateway({ redisPrefix: prefix, database: a.database });
      await c.ctx.ledger.hold({
        requestId: 'never-finished',
        userId: user.userId!,
        tokenId: token.id,
        tokenUnlimited: false,
        amount: 600,
      });
      const authority = b.ctx.ledger.authority as RedisBalanceAuthority;
      expect(await authority.userBalance(user.userId!)).toBe(400);
      expect(await authority.tokenBalance(token.id)).toBe(400);
      expect((await authority.reapDeadHolds()).holds).toBe(0); // c is alive: its hold stands
      await c.stop();
      expect((await authority.reapDeadHolds()).holds).toBe(1);
      expect(await authority.userBalance(user.userId!)).toBe(1000);
      expect(await authority.tokenBalance(token.id)).toBe(1000);
      expect((await authority.reapDeadHolds()).holds).toBe(0); // never twice
    });
  },
);
