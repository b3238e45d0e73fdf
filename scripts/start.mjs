#!/usr/bin/env node
// npm start: rebuild only the parts whose sources changed since their last build (all of them on
// a fresh clone), then run the server in this process. `--build-only` stops after the build;
// `--force` rebuilds every part (npm run build), stamping them so the next start is immediate.
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PARTS, staleParts, writeStamp } from './build-state.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const stale = process.argv.includes('--force') ? PARTS.map((p) => p.name) : staleParts(root);

for (const name of stale) {
  const started = Date.now();
  console.log(`[start] building ${name}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', name], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) {
    console.error(`[start] building ${name} failed`);
    process.exit(result.status ?? 1);
  }
  writeStamp(
    root,
    PARTS.find((p) => p.name === name),
    started,
  );
  console.log(`[start] built ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
if (stale.length === 0) console.log('[start] build is current');

if (!process.argv.includes('--build-only')) {
  await import(pathToFileURL(`${root}server/dist/main.js`).href);
}
