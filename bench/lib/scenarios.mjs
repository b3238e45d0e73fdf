/**
 * What one run does to one system, and what is measured around it. Every run reports the same
 * fields so the report can take medians without caring about the kind of run.
 */
import autocannon from 'autocannon';
import { Agent, request } from 'undici';
import { MODELS } from './constants.mjs';
import { assertBilled, billingSnapshot } from './gateway-api.mjs';
import { machineBusySeconds } from './machine.mjs';
import { cpuSeconds, sampleRss, selfCpuSeconds } from './processes.mjs';
import { Samples } from './stats.mjs';

export const SCENARIOS = [
  { id: 'chat-c50', title: 'Non-streaming chat, 50 connections', kind: 'load', connections: 50 },
  { id: 'chat-c200', title: 'Non-streaming chat, 200 connections', kind: 'load', connections: 200 },
  {
    id: 'stream-c100',
    title: 'Streaming chat (8 SSE events per response), 100 connections',
    kind: 'load',
    connections: 100,
    stream: true,
  },
  { id: 'chat-c1', title: 'Non-streaming chat, 1 connection (added latency)', kind: 'load', connections: 1 },
  {
    id: 'ttfb',
    title: 'Streaming time to first byte, 1 connection, upstream waits 10 ms before each event',
    kind: 'ttfb',
    connections: 1,
    stream: true,
  },
];

/** A typical small chat request. Clients ask for usage themselves, so both systems relay the same stream. */
function chatBody(model, stream) {
  return JSON.stringify({
    model,
    messages: [
      { role: 'system', content: 'You are a helpful assistant.' },
      { role: 'user', content: 'Write one short sentence about load testing.' },
    ],
    max_tokens: 64,
    ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
  });
}

function headersFor(system, kind) {
  return { authorization: `Bearer ${system.keys[kind]}`, 'content-type': 'application/json' };
}

/** autocannon for `durationSec`, with every 2xx latency kept raw (its own histogram rounds to 1 ms). */
async function loadRun(system, scenario, durationSec) {
  const latencies = new Samples();
  const instance = autocannon({
    url: `${system.url}/v1/chat/completions`,
    method: 'POST',
    connections: scenario.connections,
    duration: durationSec,
    timeout: 10,
    headers: headersFor(system, 'fast'),
    body: chatBody(MODELS.fast, scenario.stream),
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    if (status >= 200 && status < 300) latencies.add(ms);
  });
  const result = await instance;
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) {
    throw new Error(
      `${system.label} ${scenario.id}: ${result.non2xx} non-2xx, ${result.errors} errors, ` +
        `${result.timeouts} timeouts (${JSON.stringify(result.statusCodeStats)})`,
    );
  }
  return { ok: latencies.length, latencies, extra: {} };
}

/**
 * Sequential streamed requests on one keep-alive connection, timing the response headers, the
 * first body chunk and the end. The upstream waits before every event, so a proxy that holds
 * back data would show up here as added time to first byte.
 */
async function ttfbRun(system, _scenario, durationSec) {
  const agent = new Agent({ connections: 1 });
  const url = `${system.url}/v1/chat/completions`;
  const options = {
    method: 'POST',
    headers: headersFor(system, 'slow'),
    body: chatBody(MODELS.slow, true),
    dispatcher: agent,
  };
  const firstByte = new Samples();
  const headers = new Samples();
  const latencies = new Samples();
  const deadline = performance.now() + durationSec * 1000;
  try {
    while (performance.now() < deadline) {
      const start = performance.now();
      const res = await request(url, options);
      headers.add(performance.now() - start);
      let first = 0;
      let text = '';
      for await (const chunk of res.body) {
        first ||= performance.now();
        text += chunk;
      }
      if (res.statusCode !== 200 || !text.includes('"usage":{') || !text.endsWith('data: [DONE]\n\n')) {
        throw new Error(`${system.label} ttfb: status ${res.statusCode}, body ${text.slice(-300)}`);
      }
      firstByte.add(first - start);
      latencies.add(performance.now() - start);
    }
  } finally {
    await agent.close();
  }
  const fb = firstByte.percentiles([50, 99]);
  const hd = headers.percentiles([50]);
  return { ok: latencies.length, latencies, extra: { ttfbP50: fb.p50, ttfbP99: fb.p99, headersP50: hd.p50 } };
}

/**
 * One measured run: the system's CPU time and peak RSS, the load side's CPU (to see whether the
 * shared load core, not the system, was the limit) and, for the gateway, proof of billing.
 */
export async function runScenario({ system, upstream, scenario, durationSec }) {
  const billedBefore = system.billing ? await billingSnapshot(system.billing) : null;
  const cpu0 = cpuSeconds(system.pid);
  const load0 = selfCpuSeconds() + cpuSeconds(upstream.pid);
  const machine0 = machineBusySeconds();
  const rss = sampleRss(system.pid);
  const start = performance.now();
  const run = scenario.kind === 'ttfb' ? ttfbRun : loadRun;
  let out;
  let peakRssMb;
  try {
    out = await run(system, scenario, durationSec);
  } finally {
    peakRssMb = rss.stop();
  }
  const wallSec = (performance.now() - start) / 1000;
  const cpuSec = cpuSeconds(system.pid) - cpu0;
  const loadSec = selfCpuSeconds() + cpuSeconds(upstream.pid) - load0;
  const foreignSec = machineBusySeconds() - machine0 - cpuSec - loadSec;
  if (out.ok === 0) throw new Error(`${system.label} ${scenario.id}: no successful responses`);

  let billed = null;
  if (billedBefore) {
    // Charges and log rows are flushed in batches (LEDGER_FLUSH_MS, 200 ms by default).
    await new Promise((r) => setTimeout(r, 1000));
    billed = assertBilled(billedBefore, await billingSnapshot(system.billing), out.ok, scenario.connections);
  }
  const { p50, p99 } = out.latencies.percentiles([50, 99]);
  return {
    requests: out.ok,
    rps: out.ok / wallSec,
    p50,
    p99,
    peakRssMb,
    cpuMsPerReq: (cpuSec * 1000) / out.ok,
    sutCpuPct: (cpuSec / wallSec) * 100,
    loadCpuPct: (loadSec / wallSec) * 100,
    // Other processes on the machine during the run (% of one core); near 0 for a clean run.
    foreignCpuPct: Math.max(0, (foreignSec / wallSec) * 100),
    ...out.extra,
    billed,
  };
}
