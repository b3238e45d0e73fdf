import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { createContext, type AppContext } from '../../server/src/context.js';
import { createTestDatabase, testRedisUrl, type TestDatabase } from './databases.js';

export interface GatewayOptions {
  /** Extra environment, e.g. { RETRY_TIMES: '2' }. */
  env?: Record<string, string>;
  /** Reuse a database (several instances over one database). */
  database?: TestDatabase;
  /** Share a Redis namespace with other instances of the same test. */
  redisPrefix?: string;
  /** Skip Redis even when the suite runs in its Redis flavour. */
  noRedis?: boolean;
  /** Reuse a data directory (its SQLite file and generated session secret) from a stopped gateway. */
  dataDir?: string;
}

export interface RunningGateway {
  url: string;
  app: FastifyInstance;
  ctx: AppContext;
  dataDir: string;
  database: TestDatabase;
  /** keepDatabase also keeps the data directory, so a later gateway can reopen both. */
  stop(options?: { keepDatabase?: boolean }): Promise<void>;
}

/**
 * A real gateway on a random loopback port: SQLite in a temporary directory, or a fresh
 * PostgreSQL/MySQL database when the suite runs on one (TEST_DB), plus Redis when asked.
 */
export async function startGateway(options: GatewayOptions = {}): Promise<RunningGateway> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-test-'));
  const database = options.database ?? (await createTestDatabase());
  const redis = options.noRedis ? null : testRedisUrl();
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SQL_DSN: database.dsn,
    SESSION_SECRET: 'test-session-secret',
    GLOBAL_API_RATE_LIMIT_ENABLE: 'false',
    LEDGER_FLUSH_MS: '50',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...(redis
      ? {
          REDIS_CONN_STRING: redis,
          REDIS_KEY_PREFIX: options.redisPrefix ?? `test${randomBytes(4).toString('hex')}:`,
        }
      : {}),
    ...options.env,
  });
  const ctx = await createContext(config);
  const app = await buildApp(ctx);
  app.log.level = 'warn';
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    ctx,
    dataDir,
    database,
    async stop(stopOptions = {}) {
      await app.close();
      await ctx.close();
      if (stopOptions.keepDatabase) return;
      if (!options.database) await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
