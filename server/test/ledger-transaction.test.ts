import { randomBytes } from 'node:crypto';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addChannel,
  addToken,
  balances,
  consumeLogs,
  flushAll,
  createTestDatabase,
  putOptions,
  registerAndLogin,
  setupAndLoginRoot,
  setUserQuota,
  startFakeUpstream,
  startGateway,
  testDbKind,
  type FakeUpstream,
  type RunningGateway,
  type TestDatabase,
} from '@gateway/test-support';
import { drainOutbox } from '../src/modules/logs/outbox.js';
import { normalizeLogRow, type LogInput } from '../src/modules/logs/writer.js';
import { MemoryBalanceAuthority } from '../src/relay/billing/balance-authority.js';
import { QuotaLedger } from '../src/relay/billing/ledger.js';

/** A ledger of its own over the gateway's database, as a second instance's would be. */
function extraLedger(gw: RunningGateway) {
  const ledger = new QuotaLedger(gw.ctx.db, 60_000, { kind: 'main', dialect: gw.ctx.dialect });
  ledger.authority = new MemoryBalanceAuthority(ledger);
  return ledger;
}

async function newUsers(gw: RunningGateway, count: number, quota: number): Promise<number[]> {
  const tag = randomBytes(3).toString('hex');
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    await gw.ctx.db
      .insertInto('users')
      .values({ username: `l${tag}${i}`, password: 'x', quota })
      .execute();
    const row = await gw.ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', `l${tag}${i}`)
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

const logRow = (userId: number, quota: number): LogInput => ({ user_id: userId, type: 2, quota });

describe('a charge and its log row are one fact', () => {
  let gw: RunningGateway;
  let upstream: FakeUpstream;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    gw = await startGateway({ noRedis: true });
    const root = await setupAndLoginRoot(gw.url);
    await putOptions(root, { ModelRatio: JSON.stringify({ 'tx-model': 1 }) });
    upstream.scenario('tx', { usage: { prompt: 30, completion: 20 } });
    await addChannel(gw, { key: 'tx', baseUrl: upstream.url, models: ['tx-model'] });
  });
  afterAll(async () => {
    await gw.stop();
    await upstream.close();
  });

  it('writes the log row, keyed by its request id, with the charge', async () => {
    const user = await registerAndLogin(gw.url, 'txuser');
    await setUserQuota(gw, user.userId!, 1000);
    const token = await addToken(gw, user.userId!, { remainQuota: 800 });
    const client = new OpenAI({ apiKey: token.apiKey, baseURL: `${gw.url}/v1`, maxRetries: 0 });
    await client.chat.completions.create({
      model: 'tx-model',
      messages: [{ role: 'user', content: 'x' }],
      max_tokens: 20,
    });
    const after = await balances(gw, user.userId!, token.id);
    const [row] = await consumeLogs(gw, user.userId!);
    expect(row!.quota).toBe(50);
    expect(row!.charge_key).toBe(row!.request_id);
    expect(after.user).toEqual({ quota: 950, used_quota: 50, request_count: 1 });
    expect(after.token).toEqual({ remain_quota: 750, used_quota: 50 });
  });

  it('applies neither the charges nor the log rows of a batch whose transaction fails', async () => {
    const [userId] = await newUsers(gw, 1, 1000);
    const ledger = extraLedger(gw);
    const good = await ledger.hold({
      requestId: 'ok-1',
      userId: userId!,
      tokenId: null,
      tokenUnlimited: true,
      amount: 10,
    });
    const bad = await ledger.hold({
      requestId: 'bad-1',
      userId: userId!,
      tokenId: null,
      tokenUnlimited: true,
      amount: 10,
    });
    await ledger.settle(good, { quota: 7, channelId: 0, log: (q) => logRow(userId!, q) });
    // A row the database refuses (user_id is NOT NULL) fails the whole batch.
    await ledger.settle(bad, { quota: 5, channelId: 0, log: () => ({ type: 2, user_id: null as never }) });
    await expect(ledger.flush()).rejects.toThrow();
    const user = await gw.ctx.db
      .selectFrom('users')
      .select(['quota', 'used_quota'])
      .where('id', '=', userId!)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ quota: 1000, used_quota: 0 });
    const rows = await gw.ctx.logDb.selectFrom('logs').select('id').where('user_id', '=', userId!).execute();
    expect(rows).toHaveLength(0);
  });

  it('cuts charges the database cannot pay and records the cut in the log row', async () => {
    const user = await registerAndLogin(gw.url, 'capped');
    await setUserQuota(gw, user.userId!, 100);
    const token = await addToken(gw, user.userId!, { remainQuota: 1000 });
    const client = new OpenAI({ apiKey: token.apiKey, baseURL: `${gw.url}/v1`, maxRetries: 0 });
    const call = () =>
      client.chat.completions.create({
        model: 'tx-model',
        messages: [{ role: 'user', content: 'x' }],
        max_tokens: 20,
      });
    await call();
    // The database loses quota behind the admission view's back (as when a hold is given back
    // while its instance is frozen): the view still believes in 50, the database has 10.
    await flushAll(gw);
    await gw.ctx.db.updateTable('users').set({ quota: 10 }).where('id', '=', user.userId!).execute();
    await call();
    const after = await balances(gw, user.userId!, token.id);
    expect(after.user).toEqual({ quota: 0, used_quota: 60, request_count: 2 });
    expect(after.token).toEqual({ remain_quota: 940, used_quota: 60 });
    const rows = await consumeLogs(gw, user.userId!);
    expect(rows.map((r) => r.quota)).toEqual([50, 10]);
    expect(JSON.parse(rows[1]!.other)).toMatchObject({ overdraft: 40, usage_quota: 50 });
    // The admission view follows the database: nothing priced starts at zero.
    expect(await gw.ctx.ledger.authority.userBalance(user.userId!)).toBe(0);
  });

  it('never deadlocks when instances flush charges for the same users at once', async () => {
    const ids = await newUsers(gw, 12, 100_000);
    const ledgers = [extraLedger(gw), extraLedger(gw), extraLedger(gw)];
    let n = 0;
    for (let round = 0; round < 5; round++) {
      for (const [k, ledger] of ledgers.entries()) {
        // Each instance meets the users in a different order.
        const order = k === 1 ? [...ids].reverse() : k === 2 ? [...ids].sort(() => Math.random() - 0.5) : ids;
        for (const userId of order) {
          const hold = await ledger.hold({
            requestId: `dl${n++}`,
            userId,
            tokenId: null,
            tokenUnlimited: true,
            amount: 5,
          });
          await ledger.settle(hold, { quota: 3, channelId: 0, log: (q) => logRow(userId, q) });
        }
      }
      await Promise.all(ledgers.map((l) => l.flush()));
    }
    const rows = await gw.ctx.db
      .selectFrom('users')
      .select(['quota', 'used_quota', 'request_count'])
      .where('id', 'in', ids)
      .execute();
    for (const row of rows) expect(row).toEqual({ quota: 100_000 - 45, used_quota: 45, request_count: 15 });
    const logged = await gw.ctx.logDb
      .selectFrom('logs')
      .select((eb) => eb.fn.sum<number>('quota').as('sum'))
      .where('user_id', 'in', ids)
      .executeTakeFirstOrThrow();
    expect(Number(logged.sum)).toBe(12 * 45);
  });
});

describe('with a separate log database', () => {
  let gw: RunningGateway;
  let logs: TestDatabase;

  beforeAll(async () => {
    logs = await createTestDatabase(testDbKind());
    gw = await startGateway({ noRedis: true, env: { LOG_SQL_DSN: logs.dsn } });
  });
  afterAll(async () => {
    await gw.stop();
    await logs.drop();
  });

  it('commits log rows to an outbox with their charges and copies them exactly once', async () => {
    const [userId] = await newUsers(gw, 1, 1000);
    const ledger = new QuotaLedger(gw.ctx.db, 60_000, { kind: 'outbox' }, gw.ctx.dialect);
    ledger.authority = new MemoryBalanceAuthority(ledger);
    const hold = await ledger.hold({
      requestId: 'outbox-1',
      userId: userId!,
      tokenId: null,
      tokenUnlimited: true,
      amount: 10,
    });
    await ledger.settle(hold, { quota: 9, channelId: 0, log: (q) => logRow(userId!, q) });
    // Copy the outbox by hand, then pretend the copy's delete was lost: a second copy changes nothing.
    await ledger.flush();
    const pending = await gw.ctx.db.selectFrom('ledger_outbox').selectAll().execute();
    // (The gateway's own outbox job runs every 5 s; it may rarely have copied the row already.)
    expect(pending.length).toBeLessThanOrEqual(1);
    await drainOutbox(gw.ctx.db, gw.ctx.logDb, gw.ctx.logDialect);
    const payload =
      pending[0]?.payload ??
      JSON.stringify([{ ...normalizeLogRow(logRow(userId!, 9)), charge_key: 'outbox-1' }]);
    await gw.ctx.db.insertInto('ledger_outbox').values({ created_at: 0, payload }).execute();
    await drainOutbox(gw.ctx.db, gw.ctx.logDb, gw.ctx.logDialect);
    const rows = await gw.ctx.logDb
      .selectFrom('logs')
      .select(['quota', 'charge_key'])
      .where('user_id', '=', userId!)
      .execute();
    expect(rows).toEqual([{ quota: 9, charge_key: 'outbox-1' }]);
    expect(await gw.ctx.db.selectFrom('ledger_outbox').selectAll().execute()).toEqual([]);
    const user = await gw.ctx.db
      .selectFrom('users')
      .select('quota')
      .where('id', '=', userId!)
      .executeTakeFirstOrThrow();
    expect(user.quota).toBe(991);
  });
});

describe('a charge queued for a slow flush', () => {
  let gw: RunningGateway;
  let upstream: FakeUpstream;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    // Nothing flushes on its own during the test: the charge waits in the queue until flushAll.
    gw = await startGateway({ noRedis: true, env: { LEDGER_FLUSH_MS: '60000' } });
    const root = await setupAndLoginRoot(gw.url);
    await putOptions(root, { ModelRatio: JSON.stringify({ 'slow-flush-model': 1 }) });
    upstream.scenario('slow-flush', { usage: { prompt: 30, completion: 20 } });
    await addChannel(gw, { key: 'slow-flush', baseUrl: upstream.url, models: ['slow-flush-model'] });
  });
  afterAll(async () => {
    await gw.stop();
    await upstream.close();
  });

  it('logs the time the request took, not the time until its charge was written', async () => {
    const user = await registerAndLogin(gw.url, 'slowflush');
    await setUserQuota(gw, user.userId!, 1000);
    const token = await addToken(gw, user.userId!, { unlimited: true });
    const client = new OpenAI({ apiKey: token.apiKey, baseURL: `${gw.url}/v1`, maxRetries: 0 });
    await client.chat.completions.create({
      model: 'slow-flush-model',
      messages: [{ role: 'user', content: 'x' }],
      max_tokens: 20,
    });
    await new Promise((r) => setTimeout(r, 1600));
    await flushAll(gw);
    const [row] = await consumeLogs(gw, user.userId!);
    expect(row!.quota).toBe(50);
    // The call took milliseconds: 0 s (built at the flush, the row would say 2 s).
    expect(row!.use_time).toBe(0);
  });
});
