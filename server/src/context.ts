import type { onRequestAsyncHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { startBackgroundJobs } from './background-jobs.js';
import type { Config, SqlDialectName } from './config.js';
import { MemoryBus, RedisBus, type Bus } from './platform/cache/bus.js';
import { connectRedis } from './platform/cache/redis.js';
import { openDatabase, type DbHandle } from './platform/db/connect.js';
import { migrate } from './platform/db/migrate.js';
import { LOG_MIGRATIONS, MAIN_MIGRATIONS } from './platform/db/migrations/index.js';
import type { Database, LogDatabase } from './platform/db/schema.js';
import { makeGuards, type Guards } from './platform/http/auth.js';
import { resolveSessionSecret } from './platform/crypto/session-secret.js';
import { secretDigest } from './platform/crypto/random.js';
import { VerificationCodes } from './modules/auth/verification-codes.js';
import { LogWriter } from './modules/logs/writer.js';
import { QuotaWarnings } from './modules/notifications/quota-warnings.js';
import { drainOutbox } from './modules/logs/outbox.js';
import { OptionStore } from './modules/options/store.js';
import { SetupState } from './modules/setup/state.js';
import { UserRepo } from './modules/users/repo.js';
import { UserCache } from './modules/users/user-cache.js';
import { MemoryBalanceAuthority } from './relay/billing/balance-authority.js';
import { RedisBalanceAuthority } from './relay/billing/redis-balance-authority.js';
import { chargeJournalDir, FileChargeJournal } from './relay/billing/file-journal.js';
import { QuotaLedger } from './relay/billing/ledger.js';
import { Relay } from './relay/relay.js';

export const VERSION = process.env.npm_package_version ?? '0.1.0';

/** Everything a request handler may need; built once at start-up (the composition root). */
export interface AppContext {
  config: Config;
  version: string;
  startTime: number;
  db: Kysely<Database>;
  dialect: SqlDialectName;
  logDb: Kysely<LogDatabase>;
  logDialect: SqlDialectName;
  redis: Redis | null;
  bus: Bus;
  sessionSecret: string;
  /** Keys digests of stored secrets (CRYPTO_SECRET, else the session secret); shared by all instances. */
  cryptoSecret: string;
  options: OptionStore;
  setup: SetupState;
  users: { repo: UserRepo; cache: UserCache };
  guards: Guards;
  logs: LogWriter;
  /** Quota holds and charges; call adjustUserQuota/adjustTokenQuota after changing balances in SQL. */
  ledger: QuotaLedger;
  /** The gateway: token cache, routing table, health, upstream client. */
  relay: Relay;
  verificationCodes: VerificationCodes;
  /** Low-balance warnings after relay charges (mail or webhook, off the request path). */
  quotaWarnings: QuotaWarnings;
  /**
   * Route options of the shared strict per-IP bucket (login, register, mail, reset, OAuth,
   * redeem): spread into a route's options. Filled in by the /api plugin.
   */
  criticalRateLimit: { config: { rateLimit: false }; onRequest: onRequestAsyncHookHandler };
  /** Every /api route and who may call it, recorded as routes register (tests audit it). */
  apiRoutes: Array<{ method: string; url: string; access: 'public' | 'user' | 'admin' | 'root' }>;
  /** Flush queues and close connections, in order. */
  close(): Promise<void>;
}

export async function createContext(config: Config): Promise<AppContext> {
  const closers: Array<() => Promise<void>> = [];
  try {
    const main: DbHandle<Database> = await openDatabase<Database>(config.db, config.debug);
    closers.push(main.close);
    await migrate(main.db as Kysely<unknown>, main.dialect, MAIN_MIGRATIONS);

    let logDb = main.db as unknown as Kysely<LogDatabase>;
    let logDialect = main.dialect;
    if (config.logDb) {
      const logs = await openDatabase<LogDatabase>(config.logDb, config.debug);
      closers.push(logs.close);
      await migrate(logs.db as Kysely<unknown>, logs.dialect, LOG_MIGRATIONS, 'log_schema_migrations');
      logDb = logs.db;
      logDialect = logs.dialect;
    }

    const redis = config.redisUrl ? await connectRedis(config.redisUrl) : null;
    if (redis) closers.push(async () => void (await redis.quit().catch(() => undefined)));
    const bus: Bus = redis ? await RedisBus.create(redis, config.redisPrefix) : new MemoryBus();
    closers.push(() => bus.close());

    const options = new OptionStore(main.db, main.dialect, bus);
    await options.load();
    const setup = new SetupState(main.db, bus);
    await setup.load(VERSION);

    const repo = new UserRepo(main.db);
    const cache = new UserCache(repo, bus);
    const sessionSecret = resolveSessionSecret(config.sessionSecret, config.dataDir);
    const cryptoSecret = config.cryptoSecret ?? sessionSecret;
    const guards = makeGuards({
      users: cache,
      userIdByAccessToken: async (token) =>
        (await repo.findByAccessTokenHash(secretDigest(cryptoSecret, token)))?.id,
    });

    const logs = new LogWriter(logDb, config.ledgerFlushMs);
    logs.start();
    // With a separate log database, charges commit with their log rows in an outbox, drained at once.
    const drain = () =>
      void drainOutbox(main.db, logDb, logDialect).catch((err: Error) =>
        console.error(`copying logs to the log database failed, will retry: ${err.message}`),
      );
    const ledger = new QuotaLedger(
      main.db,
      config.ledgerFlushMs,
      config.logDb ? { kind: 'outbox' } : { kind: 'main', dialect: main.dialect },
      main.dialect,
      drain,
    );
    // Charges settled but not yet flushed survive a crash in a journal: with Redis beside the
    // holds (another instance applies them), else in a local file (the next start applies them).
    const journal = new FileChargeJournal(chargeJournalDir(config));
    if (redis) {
      const shared = new RedisBalanceAuthority(redis, config.redisPrefix, main.db, config.balances);
      shared.applyJournaled = (charges) => ledger.applyJournaled(charges);
      await shared.start();
      closers.push(() => shared.stop());
      ledger.authority = shared;
    } else {
      ledger.authority = new MemoryBalanceAuthority(ledger);
      ledger.journal = journal;
    }
    // Left by an earlier process (also one that ran without Redis).
    closers.push(await journal.startReplay((charges) => ledger.applyJournaled(charges)));
    ledger.start();

    const ctx = {
      config,
      version: VERSION,
      startTime: Math.floor(Date.now() / 1000),
      db: main.db,
      dialect: main.dialect,
      logDb,
      logDialect,
      redis,
      bus,
      sessionSecret,
      cryptoSecret,
      options,
      setup,
      users: { repo, cache },
      guards,
      logs,
      ledger,
      verificationCodes: new VerificationCodes(redis, config.redisPrefix),
      criticalRateLimit: { config: { rateLimit: false }, onRequest: async () => undefined },
      relay: undefined as unknown as Relay,
      quotaWarnings: undefined as unknown as QuotaWarnings,
      apiRoutes: [],
      async close() {
        await ctx.relay.close();
        await ctx.quotaWarnings.idle();
        await ledger.close();
        await logs.close();
        for (const close of closers.reverse()) await close().catch(() => undefined);
      },
    } satisfies AppContext as AppContext;
    ctx.quotaWarnings = new QuotaWarnings(ctx);
    ctx.relay = new Relay(ctx);
    await ctx.relay.start();
    const stopJobs = startBackgroundJobs(ctx);
    closers.push(async () => stopJobs());
    return ctx;
  } catch (err) {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    throw err;
  }
}
