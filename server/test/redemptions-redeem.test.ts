import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  registerAndLogin,
  setupAndLoginRoot,
  startGateway,
  type RunningGateway,
} from '@gateway/test-support';
import { redeemCode } from '../src/modules/redemptions/redeem.js';

const quotaOf = async (client: ApiClient) =>
  (await client.get<{ quota: number }>('/api/user/self')).body.data?.quota ?? NaN;

/** The same signed-in user, talking to another instance (sessions are shared through the secret). */
function sameUserOn(url: string, client: ApiClient): ApiClient {
  const twin = new ApiClient(url);
  twin.cookie = client.cookie;
  twin.userId = client.userId;
  return twin;
}

describe('redeeming a code: POST /api/user/topup', () => {
  let gw: RunningGateway;
  let second: RunningGateway;
  let root: ApiClient;
  let alice: ApiClient;
  let bob: ApiClient;

  const newCode = async (quota: number) => {
    const res = await root.post<string[]>('/api/redemption/', { name: 'gift', quota });
    const key = res.body.data?.[0];
    if (!key) throw new Error(res.body.message);
    return key;
  };

  beforeAll(async () => {
    gw = await startGateway();
    root = await setupAndLoginRoot(gw.url);
    alice = await registerAndLogin(gw.url, 'alice');
    bob = await registerAndLogin(gw.url, 'bob');
    // A second instance over the same database, as behind a load balancer.
    second = await startGateway({ database: gw.database, dataDir: gw.dataDir });
  });
  afterAll(async () => {
    await second.stop({ keepDatabase: true });
    await gw.stop();
  });

  it('credits the quota, answers it, logs it and updates the admission balance', async () => {
    const key = await newCode(12_345);
    const before = await quotaOf(alice);
    const admittedBefore = await gw.ctx.ledger.authority.userBalance(alice.userId ?? 0);
    const res = await alice.post<number>('/api/user/topup', { key });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: 12_345 });
    expect(await quotaOf(alice)).toBe(before + 12_345);
    expect(await gw.ctx.ledger.authority.userBalance(alice.userId ?? 0)).toBe(admittedBefore + 12_345);

    const code = await gw.ctx.db
      .selectFrom('redemptions')
      .selectAll()
      .where('key', '=', key)
      .executeTakeFirst();
    expect(code).toMatchObject({ status: 3, used_user_id: alice.userId });
    await gw.ctx.logs.flush();
    const log = await gw.ctx.logDb
      .selectFrom('logs')
      .selectAll()
      .where('user_id', '=', alice.userId ?? 0)
      .where('type', '=', 1)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(log?.content).toBe(`通过兑换码充值 ＄0.024690 额度，兑换码ID ${code?.id}`);
    expect(log?.username).toBe('alice');
  });

  it.each([
    [{}, '未提供兑换码'],
    [{ key: '   ' }, '未提供兑换码'],
    [{ key: 'ffffffffffffffffffffffffffffffff' }, '无效的兑换码'],
  ])('refuses %j', async (body, message) => {
    const res = await alice.post('/api/user/topup', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('refuses a used code and a disabled one, crediting nothing', async () => {
    const used = await newCode(100);
    await bob.post('/api/user/topup', { key: used });
    const before = await quotaOf(alice);
    expect((await alice.post('/api/user/topup', { key: used })).body.message).toBe('该兑换码已被使用');

    const disabled = await newCode(100);
    const row = await gw.ctx.db
      .selectFrom('redemptions')
      .select('id')
      .where('key', '=', disabled)
      .executeTakeFirst();
    await root.put('/api/redemption/?status_only=true', { id: row?.id, status: 2 });
    expect((await alice.post('/api/user/topup', { key: disabled })).body.message).toBe('该兑换码已被禁用');
    expect(await quotaOf(alice)).toBe(before);
  });

  it('credits exactly once when 10 requests race on one instance', async () => {
    const key = await newCode(7_000);
    const before = await quotaOf(alice);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => alice.post<number>('/api/user/topup', { key })),
    );
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    const losers = results.filter((r) => !r.body.success);
    expect(losers.every((r) => r.status === 400 && r.body.message === '该兑换码已被使用')).toBe(true);
    expect(await quotaOf(alice)).toBe(before + 7_000);
  });

  it('credits exactly once when redeem calls interleave inside one process', async () => {
    // Over HTTP, SQLite's synchronous driver lets each request finish before the next starts;
    // calling the service directly interleaves the calls at every await, on every database.
    const key = await newCode(3_000);
    const before = await quotaOf(alice);
    const cached = await gw.ctx.users.cache.get(alice.userId ?? 0);
    if (!cached) throw new Error('alice is not cached');
    const me = { ...cached, viaAccessToken: false };
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, () => redeemCode(gw.ctx, me, { key })),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(await quotaOf(alice)).toBe(before + 3_000);
  });

  it('credits exactly once when two users race across two instances', async () => {
    const key = await newCode(9_000);
    const [aliceBefore, bobBefore] = [await quotaOf(alice), await quotaOf(bob)];
    const callers = [alice, bob, sameUserOn(second.url, alice), sameUserOn(second.url, bob)];
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        callers[i % callers.length].post<number>('/api/user/topup', { key }),
      ),
    );
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    const gained = (await quotaOf(alice)) - aliceBefore + ((await quotaOf(bob)) - bobBefore);
    expect(gained).toBe(9_000);
  });
});

describe('redeeming is on the strict rate-limit bucket', () => {
  let gw: RunningGateway;

  beforeAll(async () => {
    gw = await startGateway({ env: { GLOBAL_API_RATE_LIMIT_ENABLE: 'true', CRITICAL_RATE_LIMIT: '6' } });
  });
  afterAll(async () => {
    await gw.stop();
  });

  it('shares one bucket with login and register: 429 once CRITICAL_RATE_LIMIT is used up', async () => {
    await setupAndLoginRoot(gw.url); // 1 login
    const guesser = await registerAndLogin(gw.url, 'guesser'); // register + login: 3 of 6 used
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await guesser.post('/api/user/topup', { key: `guess${i}` })).status);
    }
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
  });
});
