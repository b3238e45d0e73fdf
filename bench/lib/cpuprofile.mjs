/**
 * Summarises a V8 .cpuprofile (node --cpu-prof): where the busy time goes by area (GC, Node core,
 * each package, the gateway's own files) and the hottest functions, self and inclusive. Gateway
 * frames are mapped from server/dist back to server/src through the build's source maps.
 *
 *   node bench/lib/cpuprofile.mjs <file.cpuprofile> [skip-ms]
 */
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

const sourceMaps = new Map();

/**
 * `server/src/relay/x.ts:12` for a frame in server/dist, else the frame's own location. `line`
 * (1-based, generated file) asks for one line inside the function instead of its start.
 */
function location(frame, line) {
  const { url } = frame;
  // A line without a column: the last mapping on that line names the source line well enough.
  const lineNumber = line === undefined ? frame.lineNumber : line - 1;
  const columnNumber = line === undefined ? frame.columnNumber : 10_000;
  if (!url) return '';
  const file = url.startsWith('file://') ? fileURLToPath(url) : url;
  const distAt = file.indexOf('/server/dist/');
  if (distAt >= 0) {
    if (!sourceMaps.has(file)) {
      let map = null;
      try {
        map = new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')));
      } catch {
        // no map: keep the dist location
      }
      sourceMaps.set(file, map);
    }
    const entry = sourceMaps.get(file)?.findEntry(lineNumber, columnNumber);
    if (entry?.originalSource) {
      const src = entry.originalSource.replace(/^.*?\/src\//, 'server/src/');
      return `${src}:${entry.originalLine + 1}`;
    }
    return `${file.slice(distAt + 1)}:${lineNumber + 1}`;
  }
  const pkg = file.lastIndexOf('/node_modules/');
  const short = pkg >= 0 ? file.slice(pkg + '/node_modules/'.length) : file;
  return `${short}:${lineNumber + 1}`;
}

/** Coarse owner of a frame, so the summary says "undici 12%" rather than 40 undici functions. */
function area(frame) {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName === '(garbage collector)') return 'garbage collector';
    if (functionName === '(idle)' || functionName === '(program)') return functionName;
    return 'native / V8 builtins';
  }
  if (url.startsWith('node:')) {
    const m = /^node:(?:internal\/)?([a-z_]+)/.exec(url);
    return `node:${m?.[1] ?? 'other'}`;
  }
  const pkg = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (pkg) return pkg[1];
  const own = /\/(server|contract)\/dist\/(?:(relay|modules|platform)\/([^/]+))?/.exec(url);
  if (own) return own[2] ? `${own[1]}: ${own[2]}/${own[3]}` : `${own[1]}: (top level)`;
  return 'other';
}

/**
 * `skipMs` drops the first samples (start-up and provisioning), so the summary describes the
 * process under load only.
 */
export function summarise(profile, { skipMs = 0, top = 25 } = {}) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfSamples = new Map();
  let elapsedUs = 0;
  const samples = [];
  profile.samples.forEach((id, i) => {
    elapsedUs += profile.timeDeltas[i] ?? 0;
    if (elapsedUs < skipMs * 1000) return;
    samples.push(id);
    selfSamples.set(id, (selfSamples.get(id) ?? 0) + 1);
  });
  // Line-level hits only exist for whole profiles; they still point at where time goes.
  const lineTicks = new Map();
  const idle = profile.nodes
    .filter((n) => n.callFrame.functionName === '(idle)')
    .reduce((sum, n) => sum + (selfSamples.get(n.id) ?? 0), 0);
  const busy = samples.length - idle;
  const pct = (n) => `${((n / busy) * 100).toFixed(1)}%`;

  const areas = new Map();
  const self = new Map();
  const inclusive = new Map();
  const key = (f) => `${f.functionName || '(anonymous)'} ${location(f)}`;

  // Depth-first walk keeping the functions on the current path, so a recursive function's time
  // is counted once in its inclusive total.
  const root = profile.nodes[0];
  const stack = [[root, new Set()]];
  while (stack.length) {
    const [node, onPath] = stack.pop();
    const k = key(node.callFrame);
    const n = selfSamples.get(node.id) ?? 0;
    const path = new Set(onPath).add(k);
    if (n > 0 && node.callFrame.functionName !== '(idle)') {
      const a = area(node.callFrame);
      areas.set(a, (areas.get(a) ?? 0) + n);
      self.set(k, (self.get(k) ?? 0) + n);
      for (const fn of path) inclusive.set(fn, (inclusive.get(fn) ?? 0) + n);
    }
    for (const { line, ticks } of node.positionTicks ?? []) {
      const at = `${location(node.callFrame, line)} (${node.callFrame.functionName || 'anonymous'})`;
      if (at.startsWith('server/src/')) lineTicks.set(at, (lineTicks.get(at) ?? 0) + ticks);
    }
    for (const child of node.children ?? []) stack.push([byId.get(child), path]);
  }

  const sorted = (map) => [...map].sort((a, b) => b[1] - a[1]);
  const ownCode = ([k]) => k.includes('server/src/') && !k.startsWith('(root)');
  const lineTotal = [...lineTicks.values()].reduce((a, b) => a + b, 0) || 1;
  const lines = [
    `busy samples: ${busy} of ${samples.length} (${((busy / samples.length) * 100).toFixed(0)}% busy)`,
    '',
    'self time by area:',
    ...sorted(areas)
      .slice(0, top)
      .map(([a, n]) => `  ${pct(n).padStart(6)}  ${a}`),
    '',
    'hottest functions, self time:',
    ...sorted(self)
      .slice(0, top)
      .map(([k, n]) => `  ${pct(n).padStart(6)}  ${k}`),
    '',
    'gateway functions, inclusive time (self + callees):',
    ...sorted(inclusive)
      .filter(ownCode)
      .slice(0, top)
      .map(([k, n]) => `  ${pct(n).padStart(6)}  ${k}`),
    '',
    'hottest gateway source lines (share of the self time spent in gateway code):',
    ...sorted(lineTicks)
      .slice(0, top)
      .map(([k, n]) => `  ${`${((n / lineTotal) * 100).toFixed(1)}%`.padStart(6)}  ${k}`),
  ];
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: node bench/lib/cpuprofile.mjs <file.cpuprofile> [skip-ms]');
  const skipMs = Number(process.argv[3] ?? 0);
  console.log(summarise(JSON.parse(fs.readFileSync(file, 'utf8')), { skipMs }));
}
