/**
 * Charge lag: how long after a request finished its charge is in the SQL balances, with two
 * gateway instances (the built server/dist/main.js) over one PostgreSQL database and one Redis,
 * under `--concurrency` (100) concurrent non-streamed chat calls spread over both instances.
 *
 *   npm run build
 *   node bench/charge-lag.mjs [--seconds 20] [--concurrency 100] [--flush-ms 200]
 *        [--pg postgres://postgres@127.0.0.1:5432/postgres] [--poll-ms 10]
 *
 * A poller reads, in one statement (one snapshot), the consume log rows added since its last
 * read and the payer's SQL balance. Each call's lag is the time from the client having the whole
 * answer to the poll that first sees its log row (its charge_key; the row and the balance update
 * commit in one transaction). Every poll also checks that the balance equals the initial quota
 * minus the logged charges (log and balance never lag each other) and counts the calls finished
 * but not yet charged. Polling adds up to `--poll-ms` (plus one query) to every figure.
 * Creates and drops a database `perf_lag_<random>`; Redis is a private redis-server.
 */
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { MODELS } from './lib/constants.mjs';
import { provisionGateway } from './lib/gateway-api.mjs';
import { freePort, spawnPinned, waitForHttp } from './lib/processes.mjs';
import { startUpstream } from './lib/systems.mjs';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '100' },
    'flush-ms': { type: 'string', default: '200' },
    'poll-ms': { type: 'string', default: '10' },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const log = (msg) => console.error(`[charge-lag] ${msg}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function startRedis() {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    const { default: Redis } = await import('ioredis');
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0 });
    const up = await probe.connect().then(
      () => true,
      () => false,
    );
    probe.disconnect();
    if (up) return { url, stop: () => child.kill('SIGTERM') };
    await sleep(100);
  }
  throw new Error('redis-server did not start');
}

function startInstance(name, core, env) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `charge-lag-${name}-`));
  return (async () => {
    const port = await freePort();
    const proc = spawnPinned(name, core, [path.join(ROOT, 'server/dist/main.js')], {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-console'),
      GLOBAL_API_RATE_LIMIT_ENABLE: 'false',
      CRITICAL_RATE_LIMIT: '1000',
      ...env,
    });
    const url = `http://127.0.0.1:${port}`;
    await waitForHttp(`${url}/api/status`, 60_000);
    return { ...proc, url, dataDir };
  })();
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

const admin = new pg.Client({ connectionString: args.pg });
await admin.connect();
const dbName = `perf_lag_${randomBytes(4).toString('hex')}`;
await admin.query(`CREATE DATABASE ${dbName}`);
const dsn = new URL(args.pg);
dsn.pathname = `/${dbName}`;
const redis = await startRedis();
const upstream = await startUpstream();
const env = {
  SQL_DSN: dsn.toString(),
  REDIS_CONN_STRING: redis.url,
  REDIS_KEY_PREFIX: `${dbName}:`,
  SESSION_SECRET: randomBytes(24).toString('hex'),
  LEDGER_FLUSH_MS: args['flush-ms'],
};
const instances = [];
let db;
try {
  // One at a time: the first creates the schema.
  instances.push(await startInstance('gateway-a', 0, env));
  instances.push(await startInstance('gateway-b', 0, env));
  const { apiKey } = await provisionGateway(instances[0].url, upstream.url);
  db = new pg.Client({ connectionString: dsn.toString() });
  await db.connect();
  const call = async (url) => {
    const res = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
      body: JSON.stringify({ model: MODELS.fast, messages: [{ role: 'user', content: 'hi' }] }),
    });
    await res.arrayBuffer();
    return { status: res.status, id: res.headers.get('x-oneapi-request-id'), at: Date.now() };
  };
  // Both instances serve the channel (the second learns it through Redis), then settle down.
  for (const inst of instances) {
    for (let i = 0; (await call(inst.url)).status !== 200; i++) {
      if (i > 100) throw new Error(`${inst.url} does not relay`);
      await sleep(100);
    }
  }
  await sleep(1000);

  const snapshot = async (afterId) => {
    const { rows } = await db.query(
      `SELECT (SELECT quota FROM users WHERE id = 1) AS balance,
              (SELECT coalesce(sum(quota), 0) FROM logs WHERE type = 2) AS logged,
              (SELECT coalesce(json_agg(json_build_array(id, charge_key)), '[]') FROM logs
                 WHERE type = 2 AND id > $1) AS fresh`,
      [afterId],
    );
    return rows[0];
  };
  const start = await snapshot(0);
  const initial = Number(start.balance) + Number(start.logged);
  let lastId = Math.max(0, ...start.fresh.map(([id]) => id));

  const finished = new Map(); // request id -> when the client had the answer
  const charged = new Map(); // request id -> when a poll first saw its charge
  const uncharged = new Set(); // finished, charge not seen yet
  let failures = 0;
  let drift = 0;
  let maxUncharged = 0;
  let running = true;
  const deadline = Date.now() + Number(args.seconds) * 1000;
  const worker = async (n) => {
    while (Date.now() < deadline) {
      const r = await call(instances[n % 2].url).catch(() => ({ status: 0 }));
      if (r.status === 200 && r.id) {
        finished.set(r.id, r.at);
        if (!charged.has(r.id)) uncharged.add(r.id);
      } else failures++;
    }
  };
  const poller = (async () => {
    while (running) {
      const s = await snapshot(lastId);
      const seenAt = Date.now();
      for (const [id, key] of s.fresh) {
        lastId = Math.max(lastId, id);
        if (key) charged.set(key, seenAt);
        uncharged.delete(key);
      }
      if (initial - Number(s.balance) !== Number(s.logged)) drift++;
      maxUncharged = Math.max(maxUncharged, uncharged.size);
      await sleep(Number(args['poll-ms']));
    }
  })();
  log(
    `${args.concurrency} clients for ${args.seconds} s over 2 instances, flush every ${args['flush-ms']} ms`,
  );
  await Promise.all(Array.from({ length: Number(args.concurrency) }, (_, n) => worker(n)));
  const ended = Date.now();
  while (uncharged.size > 0 && Date.now() - ended < 15_000) await sleep(50);
  running = false;
  await poller;

  const lags = [...finished].map(([id, at]) => (charged.get(id) ?? Infinity) - at).sort((a, b) => a - b);
  const missing = lags.filter((l) => l === Infinity).length;
  const result = {
    calls: finished.size,
    failures,
    rps: Math.round(finished.size / Number(args.seconds)),
    flushMs: Number(args['flush-ms']),
    lagMs: { p50: quantile(lags, 0.5), p99: quantile(lags, 0.99), max: lags.at(-1 - missing) ?? 0 },
    maxFinishedUncharged: maxUncharged,
    neverCharged: missing,
    pollsWithBalanceNotEqualLog: drift,
  };
  console.log(JSON.stringify(result, null, 2));
} finally {
  await db?.end().catch(() => undefined);
  for (const inst of instances) {
    await inst.stop();
    fs.rmSync(inst.dataDir, { recursive: true, force: true });
  }
  await upstream.stop();
  redis.stop();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  await admin.end();
}
