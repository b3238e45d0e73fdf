import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PARTS, staleParts, writeStamp } from './build-state.mjs';

/** A fake project tree on disk; every file gets an explicit time so the order is certain. */
describe('npm start: which parts need a rebuild', () => {
  let root: string;
  let clock: number;

  const write = (file: string, at = (clock += 10)) => {
    const full = path.join(root, file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, 'x');
    fs.utimesSync(full, at, at);
  };
  /** Builds a part as start.mjs does: its output, then its stamp, both after every source. */
  const build = (name: string) => {
    const part = PARTS.find((p) => p.name === name)!;
    write(part.output);
    writeStamp(root, part);
    const stamp = path.join(root, path.dirname(part.output), '.build-stamp');
    clock += 10;
    fs.utimesSync(stamp, clock, clock);
  };

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'keys-start-'));
    clock = 1_700_000_000;
    for (const file of [
      'tsconfig.base.json',
      'package-lock.json',
      'contract/src/index.ts',
      'contract/package.json',
      'server/src/main.ts',
      'server/src/relay/pipeline.ts',
      'web/src/main.tsx',
      'web/index.html',
    ]) {
      write(file);
    }
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('builds everything on a fresh clone, nothing once built', () => {
    expect(staleParts(root)).toEqual(['contract', 'server', 'web']);
    for (const name of ['contract', 'server', 'web']) build(name);
    expect(staleParts(root)).toEqual([]);
  });

  it('rebuilds only the parts whose inputs changed', () => {
    for (const name of ['contract', 'server', 'web']) build(name);
    write('server/src/relay/pipeline.ts');
    expect(staleParts(root)).toEqual(['server']);
    build('server');
    write('web/src/pages/New.tsx');
    expect(staleParts(root)).toEqual(['web']);
    build('web');
    // The contract is compiled into the server and bundled into the console.
    write('contract/src/index.ts');
    expect(staleParts(root)).toEqual(['contract', 'server', 'web']);
  });

  it('ignores test files, and rebuilds everything after a dependency or compiler change', () => {
    for (const name of ['contract', 'server', 'web']) build(name);
    write('server/src/relay/pipeline.test.ts');
    write('web/src/main.test.tsx');
    expect(staleParts(root)).toEqual([]);
    write('package-lock.json');
    expect(staleParts(root)).toEqual(['contract', 'server', 'web']);
  });

  it('counts a source saved while its part was building as newer than the build', () => {
    for (const name of ['contract', 'server', 'web']) build(name);
    const part = PARTS.find((p) => p.name === 'server')!;
    const startedMs = (clock += 10) * 1000;
    write('server/src/main.ts', (clock += 10)); // saved during the build
    write(part.output, (clock += 10));
    writeStamp(root, part, startedMs);
    expect(staleParts(root)).toEqual(['server']);
  });

  it('rebuilds a part whose output is gone, or that was built without a stamp', () => {
    for (const name of ['contract', 'server', 'web']) build(name);
    fs.rmSync(path.join(root, 'web/dist'), { recursive: true });
    expect(staleParts(root)).toEqual(['web']);
    build('web');
    fs.rmSync(path.join(root, 'server/dist/.build-stamp'));
    expect(staleParts(root)).toEqual(['server']);
  });
});
