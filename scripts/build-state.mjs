// Which parts of the project `npm start` must rebuild: a part is stale when its build output is
// missing, or any of its inputs (sources, configs, the lock file) is newer than the stamp written
// after its last successful build. Test files are not inputs: they never reach the build.
import fs from 'node:fs';
import path from 'node:path';

/** Build order matters: the server and the console compile against the contract. */
export const PARTS = [
  {
    name: 'contract',
    inputs: ['contract/src', 'contract/package.json', 'contract/tsconfig.json'],
    output: 'contract/dist/index.js',
  },
  {
    name: 'server',
    inputs: ['server/src', 'server/package.json', 'server/tsconfig.json', 'contract/src'],
    output: 'server/dist/main.js',
  },
  {
    name: 'web',
    inputs: [
      'web/src',
      'web/public',
      'web/index.html',
      'web/package.json',
      'web/vite.config.ts',
      'web/tsconfig.json',
      'contract/src',
    ],
    output: 'web/dist/index.html',
  },
];

/** Inputs every part shares: the compiler settings and the installed dependencies. */
const SHARED_INPUTS = ['tsconfig.base.json', 'package-lock.json'];

const isTestFile = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

/** The newest modification time (ms) under `target`, a file or a directory; 0 when absent. */
export function newestMtime(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (!entry.isDirectory() && isTestFile(entry.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** Where the stamp of a part lives: inside its output directory, so a clean (rm -rf dist) resets it. */
export const stampPath = (root, part) => path.join(root, path.dirname(part.output), '.build-stamp');

/**
 * Records a successful build of `part` that started at `startedMs`: the stamp carries the start
 * time, so a source saved while the build ran still counts as newer than the build.
 */
export function writeStamp(root, part, startedMs = Date.now()) {
  const file = stampPath(root, part);
  fs.writeFileSync(file, `${new Date(startedMs).toISOString()}\n`);
  fs.utimesSync(file, startedMs / 1000, startedMs / 1000);
}

/** The parts to rebuild, in build order. */
export function staleParts(root, parts = PARTS) {
  const stale = [];
  for (const part of parts) {
    const built = fs.existsSync(path.join(root, part.output)) ? newestMtime(stampPath(root, part)) : 0;
    const inputs = [...part.inputs, ...SHARED_INPUTS].map((p) => newestMtime(path.join(root, p)));
    if (built === 0 || Math.max(...inputs) > built) stale.push(part.name);
  }
  return stale;
}
