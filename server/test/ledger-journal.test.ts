import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addChannel,
  addToken,
  balances,
  channelUsedQuota,
  consumeLogs,
  createTestDatabase,
  putOptions,
  registerAndLogin,
  setupAndLoginRoot,
  setUserQuota,
  startFakeUpstream,
  startGateway,
  testRedisUrl,
  type FakeUpstream,
  type RunningGateway,
  type TestDatabase,
} from '@gateway/test-support';
import { pruneChargeKeys } from '../src/relay/billing/charge-write.js';
import { chargeJournalDir, FileChargeJournal } from '../src/relay/billing/file-journal.js';
import { launchGateway, waitForHttp, type GatewayProcess } from './support/processes.js';

const USER_QUOTA = 10_000;
const TOKEN_QUOTA = 5_000;
/** prompt 30 + completion 20 at ratio 1. */
const CALL_COST = 50;

/**
 * kill -9 of an instance whose settled charges are still waiting for their flush (the flush
 * interval is ten minutes here): the charges were journaled before their answers left, so they
 * reach SQL afterwards, exactly once, with their log rows.
 */
describe.each([
  { journal: 'local file (no Redis)', redis: false },
  { journal: 'Redis', redis: true },
])('charges of a killed instance, journaled in a $journal', ({ redis }) => {
  const skip = redis && !testRedisUrl();
  let database: TestDatabase;
  let upstream: FakeUpstream;
  let gw: RunningGateway;
  let child: GatewayProcess | undefined;
  let userId: number;
  let token: { id: number; apiKey: string };
  let channelId: number;
  const prefix = `journal${randomBytes(3).toString('hex')}:`;
  const env = () => ({
    SQL_DSN: database.dsn,
    SESSION_SECRET: 'test-session-secret',
    GLOBAL_API_RATE_LIMIT_ENABLE: 'false',
    BALANCE_LEASE_SECONDS: '2',
    ...(redis ? { REDIS_CONN_STRING: testRedisUrl()!, REDIS_KEY_PREFIX: prefix } : {}),
  });
  const start = (flushMs: string) =>
    startGateway({
      database,
      dataDir: gw?.dataDir,
      noRedis: !redis,
      redisPrefix: prefix,
      env: { ...env(), LEDGER_FLUSH_MS: flushMs },
    });

  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase();
    upstream = await startFakeUpstream();
    upstream.scenario('journal', { usage: { prompt: 30, completion: 20 } });
    gw = await start('50');
    const root = await setupAndLoginRoot(gw.url);
    await putOptions(root, { ModelRatio: JSON.stringify({ 'journal-model': 1 }) });
    channelId = await addChannel(gw, { key: 'journal', baseUrl: upstream.url, models: ['journal-model'] });
    const user = await registerAndLogin(gw.url, `j${randomBytes(3).toString('hex')}`);
    userId = user.userId!;
    await setUserQuota(gw, userId, USER_QUOTA);
    token = await addToken(gw, userId, { remainQuota: TOKEN_QUOTA });
    if (!redis) await gw.stop({ keepDatabase: true });
  }, 120_000);
  afterAll(async () => {
    if (skip) return;
    if (child && child.child.exitCode === null) child.child.kill('SIGKILL');
    await gw.stop();
    await upstream.close();
  });

  it.skipIf(skip)(
    'applies them after the crash, once, with their log rows',
    { timeout: 120_000 },
    async () => {
      // The instance that will die: it never flushes on its own.
      child = await launchGateway({ ...env(), LEDGER_FLUSH_MS: '60000' }, { dataDir: gw.dataDir });
      await waitForHttp(`${child.url}/api/status`).catch((err: Error) => {
        throw new Error(`${err.message}: ${child!.output()}`);
      });
      const client = new OpenAI({ apiKey: token.apiKey, baseURL: `${child.url}/v1`, maxRetries: 0 });
      const requestIds: string[] = [];
      for (let i = 0; i < 5; i++) {
        const stream = i % 2 === 1;
        const { response, data } = await client.chat.completions
          .create({ model: 'journal-model', messages: [{ role: 'user', content: `q${i}` }], stream })
          .withResponse();
        if (stream) for await (const _ of data as AsyncIterable<unknown>) void _;
        requestIds.push(response.headers.get('x-oneapi-request-id')!);
      }
      const answeredBy = Math.floor(Date.now() / 1000);
      child.child.kill('SIGKILL');
      await child.exited;

      const dir = chargeJournalDir(gw.ctx.config);
      let saved: Array<[string, string]> = [];
      if (!redis) {
        // Nothing was flushed: the five charges are in the dead process's journal only.
        saved = fs.readdirSync(dir).map((name) => [name, fs.readFileSync(path.join(dir, name), 'utf8')]);
        expect(saved.flatMap(([, text]) => text.trim().split('\n'))).toHaveLength(5);
        // The next start on the same data directory applies them.
        gw = await start('50');
      }
      const spent = 5 * CALL_COST;
      // With Redis, the surviving instance's reaper applies them once the dead one's lease ran out.
      await expect
        .poll(async () => (await balances(gw, userId, token.id)).user.quota, {
          timeout: 30_000,
          interval: 250,
        })
        .toBe(USER_QUOTA - spent);
      expect(await balances(gw, userId, token.id)).toEqual({
        user: { quota: USER_QUOTA - spent, used_quota: spent, request_count: 5 },
        token: { remain_quota: TOKEN_QUOTA - spent, used_quota: spent },
      });
      const rows = await consumeLogs(gw, userId);
      expect(rows.map((r) => [r.request_id, r.quota, r.channel_id]).sort()).toEqual(
        requestIds.map((id) => [id, CALL_COST, channelId]).sort(),
      );
      // Dated when they were charged, not when the journal was applied (seconds later with Redis).
      expect(rows.every((r) => r.charge_key === r.request_id && r.created_at <= answeredBy)).toBe(true);
      expect(await channelUsedQuota(gw, channelId)).toBe(spent);

      if (!redis) {
        expect(fs.readdirSync(dir)).toEqual([]);
        // The same journal read again (a crash after applying, before deleting) changes nothing.
        for (const [name, text] of saved) fs.writeFileSync(path.join(dir, name), text);
        const again = new FileChargeJournal(dir);
        let applied = 0;
        expect(
          await again.replayOrphans(async (c) => (applied += await gw.ctx.ledger.applyJournaled(c))),
        ).toBe(5);
        expect(applied).toBe(0);
      } else {
        // Redis follows SQL, and the journal is gone.
        expect(await gw.ctx.ledger.authority.userBalance(userId)).toBe(USER_QUOTA - spent);
        expect(await gw.ctx.redis!.keys(`${prefix}charges:*`)).toEqual([]);
      }
      expect((await balances(gw, userId, token.id)).user.quota).toBe(USER_QUOTA - spent);
    },
  );
});

/** writeCharges, whoever calls it twice for one charge (a replay, a commit whose answer was lost). */
describe('a charge applied twice', () => {
  let gw: RunningGateway;
  let logs: TestDatabase;
  let outboxGw: RunningGateway;

  beforeAll(async () => {
    gw = await startGateway({ noRedis: true, env: { LEDGER_FLUSH_MS: '60000' } });
    logs = await createTestDatabase();
    outboxGw = await startGateway({
      noRedis: true,
      env: { LOG_SQL_DSN: logs.dsn, LEDGER_FLUSH_MS: '60000' },
    });
  });
  afterAll(async () => {
    await gw.stop();
    await outboxGw.stop();
    await logs.drop();
  });

  async function newUser(target: RunningGateway, quota: number) {
    const name = `d${randomBytes(4).toString('hex')}`;
    await target.ctx.db.insertInto('users').values({ username: name, password: 'x', quota }).execute();
    return (
      await target.ctx.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', name)
        .executeTakeFirstOrThrow()
    ).id;
  }
  const charge = (userId: number, key: string, quota: number, logged: boolean) => ({
    requestId: key,
    epoch: '',
    userId,
    tokenId: null,
    tokenPays: false,
    channelId: 0,
    quota,
    at: 1_700_000_000,
    log: logged ? () => ({ user_id: userId, type: 2, quota, request_id: key }) : undefined,
  });

  it.each([
    { logged: true, where: 'its log row' },
    { logged: false, where: 'ledger_charges (consume logging off)' },
  ])('is applied once, keyed by $where', async ({ logged }) => {
    const userId = await newUser(gw, 1000);
    const first = [charge(userId, `k1-${userId}`, 30, logged), charge(userId, `k2-${userId}`, 20, logged)];
    expect(await gw.ctx.ledger.applyJournaled(first)).toBe(2);
    // Again, with one new charge among the known ones: only the new one is applied.
    const again = [...first, charge(userId, `k3-${userId}`, 5, logged)];
    expect(await gw.ctx.ledger.applyJournaled(again)).toBe(1);
    const user = await gw.ctx.db
      .selectFrom('users')
      .select(['quota', 'used_quota', 'request_count'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ quota: 945, used_quota: 55, request_count: 3 });
    const rows = await gw.ctx.logDb
      .selectFrom('logs')
      .select('quota')
      .where('user_id', '=', userId)
      .execute();
    expect(rows.map((r) => r.quota).sort((x, y) => x - y)).toEqual(logged ? [5, 20, 30] : []);
    const keys = await gw.ctx.db
      .selectFrom('ledger_charges')
      .select('charge_key')
      .where('charge_key', 'like', `%-${userId}`)
      .execute();
    expect(keys).toHaveLength(logged ? 0 : 3);
  });

  it('keeps charge keys for 30 days, then prunes them', async () => {
    const now = Math.floor(Date.now() / 1000);
    await gw.ctx.db
      .insertInto('ledger_charges')
      .values([
        { charge_key: 'prune-old', created_at: now - 31 * 86_400 },
        { charge_key: 'prune-recent', created_at: now - 29 * 86_400 },
      ])
      .execute();
    expect(await pruneChargeKeys(gw.ctx.db)).toBe(1);
    const left = await gw.ctx.db
      .selectFrom('ledger_charges')
      .select('charge_key')
      .where('charge_key', 'like', 'prune-%')
      .execute();
    expect(left).toEqual([{ charge_key: 'prune-recent' }]);
  });

  it('is applied once when its log rows go to a separate log database (outbox)', async () => {
    const userId = await newUser(outboxGw, 1000);
    const batch = [charge(userId, `o1-${userId}`, 40, true)];
    expect(await outboxGw.ctx.ledger.applyJournaled(batch)).toBe(1);
    expect(await outboxGw.ctx.ledger.applyJournaled(batch)).toBe(0);
    const user = await outboxGw.ctx.db
      .selectFrom('users')
      .select('quota')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(user.quota).toBe(960);
  });
});
