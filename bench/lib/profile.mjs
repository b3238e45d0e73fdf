/**
 * `--profile`: one system alone under `node --cpu-prof`, driven by the chosen scenarios. The
 * profiler slows the process down, so these runs are for finding hot spots, never for numbers.
 */
import fs from 'node:fs';
import path from 'node:path';
import { summarise } from './cpuprofile.mjs';
import { runScenario } from './scenarios.mjs';

export async function profileSystem({ system, upstream, scenarios, profileDir, durationSec, log }) {
  // Everything before the first request is start-up and provisioning: leave it out of the summary.
  const skipMs = performance.now() - system.spawnedAt;
  for (const scenario of scenarios) {
    const r = await runScenario({ system, upstream, scenario, durationSec });
    log(
      `profiled ${system.label} ${scenario.id}: ${r.rps.toFixed(0)} rps, ${r.cpuMsPerReq.toFixed(3)} ms CPU/request`,
    );
  }
  // V8 writes the profile when the process exits; both systems exit cleanly on SIGTERM.
  await system.stop();
  const files = fs.existsSync(profileDir)
    ? fs.readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile'))
    : [];
  if (!files.length) throw new Error(`no .cpuprofile in ${profileDir}: did ${system.label} exit cleanly?`);
  const file = path.join(profileDir, files[0]);
  const summary = summarise(JSON.parse(fs.readFileSync(file, 'utf8')), { skipMs });
  fs.writeFileSync(path.join(profileDir, 'summary.txt'), `${summary}\n`);
  console.log(summary);
  log(`profile: ${file} (Chrome DevTools > Performance opens it); summary in ${profileDir}/summary.txt`);
}
