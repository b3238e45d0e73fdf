/**
 * The fake OpenAI upstream in its own process (`node --import tsx bench/upstream.mjs`), so its
 * CPU is not charged to the system under test. Prints `READY <url>` once listening.
 */
import { startFakeUpstream } from '../test-support/src/fake-upstream/index.ts';
import { UPSTREAM_KEYS as KEYS } from './lib/constants.mjs';

/** Short reply split into a few deltas: role + 4 content + finish + usage + [DONE] when streamed. */
const REPLY = { content: 'Hello from the fake upstream, in a few short chunks.', chunkCount: 4 };

const upstream = await startFakeUpstream({ defaultScenario: REPLY });
upstream.scenario(KEYS.fast, REPLY);
// A little delay before every streamed event, so the first byte and the last byte are far apart
// and a proxy that buffers shows up as added time-to-first-byte.
upstream.scenario(KEYS.slow, { ...REPLY, chunkDelayMs: 10 });

// The fake keeps every request (body, headers) for test assertions; under load that would grow
// without bound and make the upstream slower and slower, so forget them regularly.
setInterval(() => upstream.requests.clear(), 500).unref();

process.on('SIGTERM', () => void upstream.close().finally(() => process.exit(0)));
console.log(`READY ${upstream.url}`);
