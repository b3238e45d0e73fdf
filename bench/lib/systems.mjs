/**
 * The three processes of a benchmark: the fake upstream (load core) and the two systems under
 * test, the bare proxy and the gateway (SUT core). Both systems stay up for the whole session so
 * runs can alternate between them; the idle one costs nothing.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CORES, UPSTREAM_KEYS } from './constants.mjs';
import { provisionGateway } from './gateway-api.mjs';
import { freePort, spawnPinned, waitForHttp } from './processes.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const READY = /^READY (http:\/\/\S+)/;

/** A clean environment: nothing from the caller's shell (DEBUG, SQL_DSN...) leaks into a run. */
function baseEnv(extra) {
  return { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', ...extra };
}

export async function startUpstream() {
  // From the repository root, so `--import tsx` resolves whatever the caller's directory.
  const script = path.join(ROOT, 'bench/upstream.mjs');
  const proc = spawnPinned('upstream', CORES.load, ['--import', 'tsx', script], baseEnv(), ROOT);
  const [, url] = await proc.waitFor(READY);
  return { ...proc, url };
}

/** Node flags writing a CPU profile into `dir` when the process exits. */
const profileFlags = (dir) => (dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : []);

export async function startBare(upstreamUrl, { cpuProfileDir } = {}) {
  const port = await freePort();
  const script = path.join(ROOT, 'bench/bare-proxy.mjs');
  const proc = spawnPinned('bare', CORES.sut, [...profileFlags(cpuProfileDir), script], {
    ...baseEnv({ PORT: String(port), UPSTREAM: upstreamUrl }),
  });
  const [, url] = await proc.waitFor(READY);
  // The bare proxy has no keys of its own: clients send the upstream key that picks the scenario.
  return { ...proc, label: 'bare', url, keys: { fast: UPSTREAM_KEYS.fast, slow: UPSTREAM_KEYS.slow } };
}

/**
 * The built gateway (`npm run build` first) on a fresh data directory, provisioned through its
 * API. `cpuProfileDir` adds --cpu-prof; the profile is written when the process exits.
 */
export async function startGateway(upstreamUrl, { cpuProfileDir } = {}) {
  const main = path.join(ROOT, 'server/dist/main.js');
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-bench-'));
  const port = await freePort();
  const proc = spawnPinned('gateway', CORES.sut, [...profileFlags(cpuProfileDir), main], {
    ...baseEnv({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SESSION_SECRET: randomBytes(24).toString('hex'),
      // The per-IP API limit would reject a benchmark; the relay's own model limits stay at
      // their defaults (off). Billing and consume logs stay on: they are what we measure.
      GLOBAL_API_RATE_LIMIT_ENABLE: 'false',
      CRITICAL_RATE_LIMIT: '1000',
      // No console: the relay never serves it, and with web/dist present the current build
      // refuses to start (@fastify/static with wildcard:false already declares each file's route).
      WEB_DIST: path.join(dataDir, 'no-console'),
    }),
  });
  const url = `http://127.0.0.1:${port}`;
  // If the gateway dies during start-up, waitFor rejects at once with its last output lines.
  await Promise.race([waitForHttp(`${url}/api/status`), proc.exited.then(() => proc.waitFor(/^$/))]);
  const provisioned = await provisionGateway(url, upstreamUrl);
  return {
    ...proc,
    label: 'gateway',
    url,
    dataDir,
    keys: { fast: provisioned.apiKey, slow: provisioned.apiKey },
    billing: provisioned,
    async stop() {
      await proc.stop(30_000);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
