import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startGateway, testDbKind, testRedisUrl, type RunningGateway } from '@gateway/test-support';
import { QuotaLedger, type QuotaHold } from '../src/relay/billing/ledger.js';
import { RedisBalanceAuthority } from '../src/relay/billing/redis-balance-authority.js';
import { RECONCILE } from '../src/relay/billing/redis-scripts.js';

/** Two instances' ledgers over one database and one Redis namespace. */
describe.skipIf(testDbKind() === 'sqlite' || !testRedisUrl())('Redis balances agree with SQL', () => {
  let gw: RunningGateway;
  let prefix: string;
  const started: RedisBalanceAuthority[] = [];

  beforeAll(async () => {
    gw = await startGateway();
  });
  afterAll(async () => {
    await gw.stop();
  });
  afterEach(async () => {
    for (const a of started.splice(0)) await a.stop();
  });

  async function instance() {
    const ledger = new QuotaLedger(gw.ctx.db, 60_000, { kind: 'main', dialect: gw.ctx.dialect });
    const authority = new RedisBalanceAuthority(gw.ctx.redis!, prefix, gw.ctx.db, { leaseSeconds: 2 });
    authority.applyJournaled = (charges) => ledger.applyJournaled(charges);
    await authority.start();
    started.push(authority);
    ledger.authority = authority;
    return { ledger, authority };
  }

  async function newUser(quota: number) {
    const name = `r${randomBytes(4).toString('hex')}`;
    await gw.ctx.db.insertInto('users').values({ username: name, password: 'x', quota }).execute();
    const row = await gw.ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', name)
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const sqlQuota = async (id: number) =>
    (await gw.ctx.db.selectFrom('users').select('quota').where('id', '=', id).executeTakeFirstOrThrow())
      .quota;
  const hold = (
    ledger: QuotaLedger,
    userId: number,
    amount: number,
    requestId = randomBytes(6).toString('hex'),
  ) => ledger.hold({ requestId, userId, tokenId: null, tokenUnlimited: true, amount });
  const balKey = (id: number) => `${prefix}bal:u:${id}`;

  // A namespace per test: the holds other tests leave open are not this test's to reap.
  beforeEach(() => {
    prefix = `bal${randomBytes(3).toString('hex')}:`;
  });

  it('sets a drifted balance back to SQL minus open holds and charges not yet committed', async () => {
    const { ledger, authority } = await instance();
    const userId = await newUser(1000);
    await hold(ledger, userId, 300);
    const settled = await hold(ledger, userId, 200);
    await ledger.settle(settled, { quota: 100, channelId: 0 });
    await new Promise((r) => setTimeout(r, 20)); // the settle script runs without being awaited
    expect(await authority.userBalance(userId)).toBe(600);
    await gw.ctx.redis!.set(balKey(userId), '5000');
    expect(await authority.reconcileAll()).toBeGreaterThanOrEqual(1);
    expect(await authority.userBalance(userId)).toBe(600);
    // The charge is journaled beside its hold until the flush commits it.
    expect(await gw.ctx.redis!.hlen(`${prefix}charges:${authority.currentEpoch}`)).toBe(1);
    await ledger.flush(); // the charge reaches SQL, its registry entry and journal entry go
    expect(await gw.ctx.redis!.exists(`${prefix}charges:${authority.currentEpoch}`)).toBe(0);
    expect(await sqlQuota(userId)).toBe(900);
    expect(await authority.userBalance(userId)).toBe(600);
    await authority.reconcileAll();
    expect(await authority.userBalance(userId)).toBe(600);
  });

  it('never writes a balance from an SQL value read before a flush committed', async () => {
    const { ledger } = await instance();
    const userId = await newUser(1000);
    const h = await hold(ledger, userId, 100);
    const gen = (await gw.ctx.redis!.get(`${prefix}gen:u:${userId}`)) ?? '0';
    const staleSql = await sqlQuota(userId);
    await ledger.settle(h, { quota: 100, channelId: 0 });
    await ledger.flush();
    const before = await gw.ctx.redis!.get(balKey(userId));
    const result = (await gw.ctx.redis!.eval(
      RECONCILE,
      3,
      balKey(userId),
      `${prefix}held:u:${userId}`,
      `${prefix}gen:u:${userId}`,
      String(staleSql),
      gen,
      '3600',
      'set',
      '',
    )) as number[];
    expect(result[0]).toBe(0);
    expect(await gw.ctx.redis!.get(balKey(userId))).toBe(before);
    expect(before).toBe('900');
  });

  it('settles a reaped hold of a paused instance into SQL only, and Redis follows SQL', async () => {
    const a = await instance();
    const b = await instance();
    const userId = await newUser(1000);
    const paused: QuotaHold = await hold(b.ledger, userId, 400);
    expect(await a.authority.userBalance(userId)).toBe(600);
    // b stops beating (as if frozen): its epoch is reaped and the hold given back.
    await b.authority.stop();
    expect((await a.authority.reapDeadHolds()).holds).toBe(1);
    expect(await a.authority.userBalance(userId)).toBe(1000);
    // b wakes up and finishes its request: the charge goes to SQL, not into Redis a second time.
    await b.ledger.settle(paused, { quota: 250, channelId: 0 });
    await new Promise((r) => setTimeout(r, 20));
    expect(await a.authority.userBalance(userId)).toBe(1000);
    await b.ledger.flush();
    expect(await sqlQuota(userId)).toBe(750);
    expect(await a.authority.userBalance(userId)).toBe(750);
    // Under its new epoch b holds and settles normally.
    const next = await hold(b.ledger, userId, 100);
    expect(await a.authority.userBalance(userId)).toBe(650);
    await b.ledger.settle(next, { quota: 50, channelId: 0 });
    await b.ledger.flush();
    await a.authority.reconcileAll();
    expect(await a.authority.userBalance(userId)).toBe(700);
    expect(await sqlQuota(userId)).toBe(700);
  });

  it('applies the charges a dead epoch journaled once, even when its instance wakes and flushes them', async () => {
    const a = await instance();
    const b = await instance();
    const userId = await newUser(1000);
    const settled = await hold(b.ledger, userId, 300);
    const over = await hold(b.ledger, userId, 100);
    const log = (q: number) => ({ user_id: userId, type: 2, quota: q });
    await b.ledger.settle(settled, { quota: 120, channelId: 0, log });
    // Above its hold: the journal keeps what the script charged (the hold and what it took), 250.
    await b.ledger.settle(over, { quota: 250, channelId: 0, log });
    // b stops beating with its charges unflushed (frozen, or killed): the reaper applies the journal.
    await b.authority.stop();
    expect(await a.authority.reapDeadHolds()).toEqual({ holds: 2, charges: 2 });
    expect(await sqlQuota(userId)).toBe(630);
    expect(await a.authority.userBalance(userId)).toBe(630);
    // b was only frozen: it wakes and flushes the same charges, which SQL already has.
    await b.ledger.flush();
    expect(await sqlQuota(userId)).toBe(630);
    const rows = await gw.ctx.logDb
      .selectFrom('logs')
      .select('quota')
      .where('user_id', '=', userId)
      .execute();
    expect(rows.map((r) => r.quota).sort((x, y) => x - y)).toEqual([120, 250]);
    expect(await a.authority.reapDeadHolds()).toEqual({ holds: 0, charges: 0 });
    await a.authority.reconcileAll();
    expect(await a.authority.userBalance(userId)).toBe(630);
  });

  it('registers open holds again after Redis lost its data', async () => {
    const { ledger, authority } = await instance();
    const userId = await newUser(1000);
    await hold(ledger, userId, 300);
    const settled = await hold(ledger, userId, 200);
    await ledger.settle(settled, { quota: 100, channelId: 0 });
    await new Promise((r) => setTimeout(r, 20));
    // A Redis restart without persistence, limited to this test's namespace.
    const keys = await gw.ctx.redis!.keys(`${prefix}*`);
    await gw.ctx.redis!.del(...keys);
    // The next heartbeat (every lease/3) notices the registry is gone and registers it again.
    await expect
      .poll(async () => gw.ctx.redis!.get(`${prefix}held:u:${userId}`), { timeout: 3000 })
      .toBe('400');
    expect(await authority.userBalance(userId)).toBe(600);
    await ledger.flush();
    await authority.reconcileAll();
    expect(await authority.userBalance(userId)).toBe(600);
    expect(await sqlQuota(userId)).toBe(900);
  });
});
