/** Markdown tables and target verdicts from the medians of the measured runs. */
import os from 'node:os';

const TARGETS = {
  minRpsRatio: 0.5,
  maxCpuRatio: 2,
  maxAddedP50Ms: 0.5,
  /** "No added delay": far below the 10 ms the upstream waits per event, i.e. nothing held back. */
  maxAddedTtfbMs: 1,
};

const fmt = (v, digits = 2) => (Number.isFinite(v) ? v.toFixed(digits) : '–');
const ratio = (g, b) => (Number.isFinite(g / b) ? `${(g / b).toFixed(2)}×` : '–');
const repeats = (runs) => String(runs.reduce((t, r) => t + (r.attempts ?? 1) - 1, 0));
const diff = (g, b) => (Number.isFinite(g - b) ? `${g - b >= 0 ? '+' : ''}${(g - b).toFixed(3)} ms` : '–');

export function machineInfo() {
  const cpus = os.cpus();
  return {
    cpu: `${cpus[0]?.model ?? 'unknown'} × ${cpus.length}`,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    kernel: `${os.type()} ${os.release()}`,
    node: process.version,
  };
}

/** One table row: a label and a value per system, compared as a ratio or a difference. */
function row(label, m, key, digits, compare) {
  const b = m.bare[key];
  const g = m.gateway[key];
  return [label, fmt(b, digits), fmt(g, digits), compare ? compare(g, b) : ''];
}

const perRun = (runs, pick) => runs.map(pick).join(' / ');

function scenarioTable({ scenario, median: m, runs }) {
  const rows = [
    row('requests/s', m, 'rps', 0, ratio),
    row('p50 latency (ms)', m, 'p50', 3, diff),
    row('p99 latency (ms)', m, 'p99', 3, diff),
  ];
  if (scenario.kind === 'ttfb') {
    rows.push(
      row('response headers p50 (ms)', m, 'headersP50', 3, diff),
      row('first body byte p50 (ms)', m, 'ttfbP50', 3, diff),
      row('first body byte p99 (ms)', m, 'ttfbP99', 3, diff),
    );
  }
  // What one core could serve if the load side were never the limit: 1000 / CPU ms per request.
  const capacity = (r) => 1000 / r.cpuMsPerReq;
  rows.push(
    row('peak RSS (MB)', m, 'peakRssMb', 1, ratio),
    row('CPU per request (ms)', m, 'cpuMsPerReq', 3, ratio),
    [
      'capacity of one core (req/s)',
      fmt(capacity(m.bare), 0),
      fmt(capacity(m.gateway), 0),
      ratio(capacity(m.gateway), capacity(m.bare)),
    ],
    row('system core busy (%)', m, 'sutCpuPct', 0),
    row('load core busy (%)', m, 'loadCpuPct', 0),
    row('other processes (% of a core)', m, 'foreignCpuPct', 0),
    ['runs repeated (disturbed)', repeats(runs.bare), repeats(runs.gateway), ''],
    [
      'requests/s of each run',
      perRun(runs.bare, (r) => fmt(r.rps, 0)),
      perRun(runs.gateway, (r) => fmt(r.rps, 0)),
      '',
    ],
  );
  return [
    `### ${scenario.title} (\`${scenario.id}\`)`,
    '',
    '| metric | bare proxy | gateway | gateway vs bare |',
    '| --- | ---: | ---: | ---: |',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
    '',
  ].join('\n');
}

/** Each target with the measured value and a verdict. */
export function verdicts(results) {
  const out = [];
  for (const { scenario, median: m } of results) {
    const rpsRatio = m.gateway.rps / m.bare.rps;
    const cpuRatio = m.gateway.cpuMsPerReq / m.bare.cpuMsPerReq;
    if (scenario.kind === 'load') {
      out.push({
        target: `${scenario.id}: gateway ≥ ${TARGETS.minRpsRatio * 100}% of bare requests/s`,
        value: `${(rpsRatio * 100).toFixed(0)}%`,
        met: rpsRatio >= TARGETS.minRpsRatio,
      });
    }
    out.push({
      target: `${scenario.id}: CPU per request ≤ ${TARGETS.maxCpuRatio}× bare`,
      value: `${cpuRatio.toFixed(2)}×`,
      met: cpuRatio <= TARGETS.maxCpuRatio,
    });
    if (scenario.id === 'chat-c1') {
      const added = m.gateway.p50 - m.bare.p50;
      out.push({
        target: `added p50 at 1 connection < ${TARGETS.maxAddedP50Ms} ms`,
        value: `${added.toFixed(3)} ms`,
        met: added < TARGETS.maxAddedP50Ms,
      });
    }
    if (scenario.kind === 'ttfb') {
      const added = m.gateway.ttfbP50 - m.bare.ttfbP50;
      out.push({
        target: `no added delay before the first streamed byte (added p50 < ${TARGETS.maxAddedTtfbMs} ms)`,
        value: `${added.toFixed(3)} ms`,
        met: added < TARGETS.maxAddedTtfbMs,
      });
    }
  }
  return out;
}

export function renderMarkdown({ meta, results }) {
  const lines = [
    `Run ${meta.startedAt}: ${meta.machine.cpu}, ${meta.machine.memoryGb} GB, ${meta.machine.kernel}, Node ${meta.machine.node}.`,
    `${meta.runs} measured runs per system and scenario (after one discarded warm-up), ${meta.durationSec} s each; medians shown.`,
    `A run during which other processes used more than ${meta.maxForeignPct}% of a core was repeated (at most 3 times).`,
    '',
    ...results.map(scenarioTable),
    '### Targets',
    '',
    '| target | measured | met |',
    '| --- | ---: | :---: |',
    ...verdicts(results).map((v) => `| ${v.target} | ${v.value} | ${v.met ? 'yes' : '**NO**'} |`),
    '',
  ];
  return lines.join('\n');
}
