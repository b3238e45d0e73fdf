import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addChannel,
  addToken,
  createTestDatabase,
  putOptions,
  setupAndLoginRoot,
  startFakeUpstream,
  startGateway,
  testDbKind,
  testRedisUrl,
  type FakeUpstream,
  type RunningGateway,
  type TestDatabase,
} from '@gateway/test-support';
import { FaultLoad, type LoadTarget } from './support/fault-load.js';
import { checkCharges } from './support/fault-oracle.js';
import { launchGateway, RedisProcess, waitForHttp, type GatewayProcess } from './support/processes.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const LEASE_SECONDS = 3;
const USER_QUOTA = 200_000;
const TIGHT_QUOTA = 3_000;
/** FAULTS_LONG=1: the long form (longer phases, more clients), run by hand; see docs/faults.md. */
const LONG = process.env.FAULTS_LONG === '1';
const SCALE = LONG ? 10 : 1;

/**
 * Two gateway processes over one PostgreSQL/MySQL database and a Redis of the test's own, under
 * load with client aborts and a fault-injecting upstream, while one instance is frozen past its
 * hold lease, Redis restarts empty, and the instance is killed with -9. Afterwards every account
 * must match its log rows exactly and Redis must equal SQL minus open holds.
 * Runs in the Redis flavour of the suite only (it is the slowest test).
 */
describe.skipIf(testDbKind() === 'sqlite' || !testRedisUrl())(
  'money under crashes, freezes and Redis restarts',
  () => {
    let database: TestDatabase;
    let redis: RedisProcess;
    let upstream: FakeUpstream;
    let admin: RunningGateway;
    let a: GatewayProcess;
    let b: GatewayProcess;
    const prefix = `faults${randomBytes(3).toString('hex')}:`;
    const users: number[] = [];
    const tokens: Array<{ id: number; apiKey: string; limited: boolean; initial: number }> = [];

    const env = () => ({
      SQL_DSN: database.dsn,
      REDIS_CONN_STRING: redis.url,
      REDIS_KEY_PREFIX: prefix,
      SESSION_SECRET: 'faults-session-secret',
      GLOBAL_API_RATE_LIMIT_ENABLE: 'false',
      LEDGER_FLUSH_MS: '100',
      BALANCE_LEASE_SECONDS: String(LEASE_SECONDS),
      BALANCE_RECONCILE_SECONDS: '1',
      RETRY_TIMES: '1',
    });

    beforeAll(async () => {
      database = await createTestDatabase();
      redis = await RedisProcess.start();
      upstream = await startFakeUpstream();
      // An in-process instance for setup and for reading the results (it also reaps and reconciles).
      admin = await startGateway({ database, env: env() });
      const root = await setupAndLoginRoot(admin.url);
      const models = ['f-ok', 'f-slow', 'f-err', 'f-break', 'f-nousage', 'f-drop'];
      await putOptions(root, { ModelRatio: JSON.stringify(Object.fromEntries(models.map((m) => [m, 1]))) });
      upstream.scenario('f-ok', { usage: { prompt: 30, completion: 20 }, delayMs: 30 });
      upstream.scenario('f-slow', { usage: { prompt: 40, completion: 25 }, chunkCount: 6, chunkDelayMs: 80 });
      upstream.scenario('f-err', { error: { status: 500, message: 'boom' } });
      upstream.scenario('f-break', {
        usage: { prompt: 40, completion: 25 },
        chunkCount: 8,
        breakAfterChunks: 3,
        chunkDelayMs: 20,
      });
      upstream.scenario('f-nousage', { usage: 'none', chunkDelayMs: 10 });
      upstream.scenario('f-drop', { dropConnection: true, delayMs: 50 });
      for (const model of models)
        await addChannel(admin, { key: model, baseUrl: upstream.url, models: [model] });
      for (let i = 0; i < 4; i++) {
        const name = `faulty${i}`;
        const quota = i === 3 ? TIGHT_QUOTA : USER_QUOTA;
        await admin.ctx.db.insertInto('users').values({ username: name, password: 'x', quota }).execute();
        const { id } = await admin.ctx.db
          .selectFrom('users')
          .select('id')
          .where('username', '=', name)
          .executeTakeFirstOrThrow();
        users.push(id);
        const limited = i % 2 === 0;
        const token = await addToken(admin, id, limited ? { remainQuota: quota } : { unlimited: true });
        tokens.push({ id: token.id, apiKey: token.apiKey, limited, initial: limited ? quota : 0 });
      }
      [a, b] = await Promise.all([launchGateway(env()), launchGateway(env())]);
      await Promise.all([waitForHttp(`${a.url}/api/status`), waitForHttp(`${b.url}/api/status`)]);
    }, 180_000);

    afterAll(async () => {
      for (const p of [a, b]) if (p && p.child.exitCode === null) p.child.kill('SIGKILL');
      await admin?.stop({ keepDatabase: true });
      await upstream?.close();
      await redis?.stop();
      await database?.drop();
    });

    it(
      'keeps every account equal to its log rows, and Redis equal to SQL minus open holds',
      { timeout: LONG ? 900_000 : 180_000 },
      async () => {
        const targets: LoadTarget[] = [
          { url: a.url, up: true },
          { url: b.url, up: true },
        ];
        const load = new FaultLoad(
          targets,
          tokens.map((t) => t.apiKey),
          ['f-ok', 'f-ok', 'f-slow', 'f-err', 'f-break', 'f-nousage', 'f-drop'],
          LONG ? 64 : 16,
        );
        const started = Date.now();
        load.start();
        await sleep(3000 * SCALE);

        // Frozen longer than its lease: its holds are reaped while its requests still run.
        targets[1]!.up = false;
        b.child.kill('SIGSTOP');
        await sleep((LEASE_SECONDS * 3 + 1) * 1000);
        b.child.kill('SIGCONT');
        targets[1]!.up = true;
        await sleep(3000 * SCALE);

        // Redis restarts empty under load.
        await redis.restart(500);
        await sleep(4000 * SCALE);

        // kill -9 in the middle of the load.
        targets[1]!.up = false;
        b.child.kill('SIGKILL');
        await sleep(3000 * SCALE);
        await load.stop();
        const seconds = Math.round((Date.now() - started) / 1000);
        console.warn(`fault load in ${seconds} s: ${JSON.stringify(load.stats)}`);
        expect(load.stats.answered).toBeGreaterThan(100);

        // Convergence: queued charges flushed, the dead instance's holds reaped, balances reconciled.
        await expect
          .poll(async () => (await mismatches()).join('; '), { timeout: 30_000, interval: 500 })
          .toBe('');

        // Money: every account equals its log rows exactly.
        const logRows = await admin.ctx.logDb
          .selectFrom('logs')
          .select(['user_id', 'token_id', 'channel_id', 'quota'])
          .where('type', '=', 2)
          .execute();
        const sum = (rows: typeof logRows) => rows.reduce((s, r) => s + Number(r.quota), 0);
        // Independently: what each call should have cost, from the upstream's answers and what
        // the clients saw, priced by hand (support/fault-oracle.ts), summed per user.
        const verdicts = checkCharges({
          calls: load.calls,
          upstream: upstream.requests.all(),
          rows: await admin.ctx.logDb
            .selectFrom('logs')
            .select(['request_id', 'user_id', 'quota', 'other'])
            .where('type', '=', 2)
            .execute(),
          userOfKey: new Map(tokens.map((t, i) => [t.apiKey, users[i]!])),
        });
        console.warn(`oracle: ${JSON.stringify(Object.fromEntries(verdicts))}`);
        for (const [i, userId] of users.entries()) {
          const user = await admin.ctx.db
            .selectFrom('users')
            .select(['quota', 'used_quota'])
            .where('id', '=', userId)
            .executeTakeFirstOrThrow();
          const logged = sum(logRows.filter((r) => r.user_id === userId));
          const initial = i === 3 ? TIGHT_QUOTA : USER_QUOTA;
          expect(user.quota).toBeGreaterThanOrEqual(0);
          const oracle = verdicts.get(userId);
          expect({ user: userId, spent: initial - user.quota }).toEqual({
            user: userId,
            spent: oracle?.expected ?? 0,
          });
          // A charge is only ever cut for an account that ran dry (the tight one; in the long form
          // every account does): one with quota left never has a charge cut.
          if (user.quota > 1000) expect(oracle?.overdraft ?? 0).toBe(0);
          expect({ user: userId, spent: initial - user.quota, used: user.used_quota }).toEqual({
            user: userId,
            spent: logged,
            used: logged,
          });
        }
        for (const token of tokens) {
          const row = await admin.ctx.db
            .selectFrom('tokens')
            .select(['remain_quota', 'used_quota'])
            .where('id', '=', token.id)
            .executeTakeFirstOrThrow();
          const logged = sum(logRows.filter((r) => r.token_id === token.id));
          expect(row.used_quota).toBe(logged);
          if (token.limited) {
            expect(row.remain_quota).toBeGreaterThanOrEqual(0);
            expect(token.initial - row.remain_quota).toBe(logged);
          }
        }
        const channels = await admin.ctx.db
          .selectFrom('channels')
          .select((eb) => eb.fn.sum<number>('used_quota').as('used'))
          .executeTakeFirstOrThrow();
        expect(Number(channels.used)).toBe(sum(logRows));
        expect(sum(logRows)).toBeGreaterThan(0);
        const outputs = a.output() + b.output();
        expect(outputs).not.toMatch(/deadlock|flushing quota changes failed/i);
        // The freeze cost the frozen instance its lease (the fencing path ran), and the survivor
        // noticed Redis coming back and reloaded its caches.
        expect(b.output()).toContain('hold lease lost');
        expect(a.output()).toContain('Redis connection back (change notifications)');
        console.warn(`fault totals: ${logRows.length} consume rows, ${sum(logRows)} quota, zero drift`);
      },
    );

    /** Balances whose Redis value differs from SQL minus the registry (nothing is in flight now). */
    async function mismatches(): Promise<string[]> {
      const r = admin.ctx.redis!;
      const out: string[] = [];
      const check = async (kind: 'u' | 't', id: number, sql: number) => {
        const [bal, held] = await r.mget(`${prefix}bal:${kind}:${id}`, `${prefix}held:${kind}:${id}`);
        if (held !== null) out.push(`${kind}${id} held ${held}`);
        if (bal !== null && Number(bal) !== sql - Number(held ?? 0))
          out.push(`${kind}${id} redis ${bal} sql ${sql}`);
      };
      for (const id of users) {
        const row = await admin.ctx.db
          .selectFrom('users')
          .select('quota')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        await check('u', id, row.quota);
      }
      for (const t of tokens.filter((t) => t.limited)) {
        const row = await admin.ctx.db
          .selectFrom('tokens')
          .select('remain_quota')
          .where('id', '=', t.id)
          .executeTakeFirstOrThrow();
        await check('t', t.id, row.remain_quota);
      }
      return out;
    }
  },
);
