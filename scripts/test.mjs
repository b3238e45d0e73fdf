#!/usr/bin/env node
// The whole test run: lint and types, unit, integration on every configured database, console
// component tests, then browser tests. With CI set, a missing database or browser fails the run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const ci = Boolean(process.env.CI);
const only = process.argv.slice(2);
const want = (step) => only.length === 0 || only.includes(step);

function run(title, cmd, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `--- ${title}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function need(variable, what) {
  if (process.env[variable]) return true;
  if (ci) {
    console.error(`CI is set but ${variable} is not: ${what} cannot be skipped in CI`);
    process.exit(1);
  }
  console.log(`(skipping ${what}: ${variable} is not set)`);
  return false;
}

if (want('lint')) run('lint', 'npx', ['eslint', '.']);
if (want('format')) run('format', 'npx', ['prettier', '--check', '.']);
if (want('types')) run('type check', 'npm', ['run', 'typecheck']);
if (want('unit')) run('unit tests', 'npx', ['vitest', 'run', '--project', 'unit']);
if (want('integration')) {
  run('integration (SQLite)', 'npx', ['vitest', 'run', '--project', 'integration'], { TEST_DB: 'sqlite' });
  if (need('TEST_POSTGRES_URL', 'integration on PostgreSQL')) {
    run('integration (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'integration'], {
      TEST_DB: 'postgres',
    });
  }
  if (need('TEST_MYSQL_URL', 'integration on MySQL')) {
    run('integration (MySQL)', 'npx', ['vitest', 'run', '--project', 'integration'], { TEST_DB: 'mysql' });
  }
  if (need('TEST_REDIS_URL', 'integration with Redis')) {
    const db = process.env.TEST_POSTGRES_URL ? 'postgres' : 'sqlite';
    run(`integration (${db} + Redis)`, 'npx', ['vitest', 'run', '--project', 'integration'], {
      TEST_DB: db,
      TEST_WITH_REDIS: '1',
    });
  }
}
if (want('web')) run('console component tests', 'npx', ['vitest', 'run', '--project', 'web']);
if (want('e2e')) {
  const browser = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (fs.existsSync(browser)) {
    run('build', 'npm', ['run', 'build']);
    run('browser tests', 'npx', ['vitest', 'run', '--project', 'e2e'], { CHROMIUM_PATH: browser });
  } else if (ci) {
    console.error(`CI is set but no browser at ${browser}`);
    process.exit(1);
  } else {
    console.log(`(skipping browser tests: no browser at ${browser})`);
  }
}
console.log('\nall tests passed');
