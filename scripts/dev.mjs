#!/usr/bin/env node
// npm run dev: the gateway (tsx watch, restarted on every server change) and the console's Vite
// dev server (which proxies /api, /v1 and /pg to the gateway on port 3000) side by side.
// Ctrl-C, or either of them stopping, stops both.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const onWindows = process.platform === 'win32';

const children = [
  start('server', ['tsx', 'watch', 'server/src/main.ts'], root),
  start('web', ['vite'], new URL('../web/', import.meta.url)),
];
let stopping = false;

function start(name, args, cwd) {
  const child = spawn('npx', ['--no-install', ...args], {
    cwd,
    stdio: 'inherit',
    shell: onWindows,
    // Own process group, so stopping reaches npx's children (tsx, its node, vite) as well.
    detached: !onWindows,
    env: process.env,
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.log(`[dev] ${name} stopped (${signal ?? `exit code ${code}`}); stopping the other one`);
    stopAll(code ?? 1);
  });
  return child;
}

function stopAll(exitCode) {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    try {
      if (onWindows) child.kill();
      else process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  // Leave tsx a moment to close the database and flush logs before the terminal returns.
  setTimeout(() => process.exit(exitCode), 1500).unref();
  Promise.all(children.map((child) => new Promise((resolve) => child.once('exit', resolve)))).then(() =>
    process.exit(exitCode),
  );
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopAll(0));
