/**
 * Other work on the machine. The two cores are shared (tests, browsers, builds may run at any
 * time) and anything else running skews every number, so each run records how much CPU other
 * processes took, and runs start only once the machine has been quiet for a moment.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** Busy CPU seconds of the whole machine (all cores) since boot. */
export function machineBusySeconds() {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0];
  // cpu user nice system idle iowait irq softirq steal ...: idle and iowait are not busy.
  const [, ...ticks] = line.trim().split(/\s+/).map(Number);
  const total = ticks.slice(0, 8).reduce((a, b) => a + b, 0);
  return (total - ticks[3] - ticks[4]) / CLK_TCK;
}

/**
 * Waits until processes other than ours (`ownCpuSeconds()`) use less than `maxPct` of a core for
 * `quietSec` in a row. Gives up after `maxWaitSec` and says so: the run's own record of foreign
 * CPU then tells how disturbed it was.
 */
export async function waitForQuiet(ownCpuSeconds, log, { maxPct = 10, quietSec = 2, maxWaitSec = 300 } = {}) {
  const started = Date.now();
  let quietFor = 0;
  let warned = false;
  while (quietFor < quietSec) {
    const busy0 = machineBusySeconds();
    const own0 = ownCpuSeconds();
    await new Promise((r) => setTimeout(r, 1000));
    const foreignPct = (machineBusySeconds() - busy0 - (ownCpuSeconds() - own0)) * 100;
    quietFor = foreignPct < maxPct ? quietFor + 1 : 0;
    const waited = (Date.now() - started) / 1000;
    if (quietFor === 0 && !warned && waited > 5) {
      log(`other processes use ${foreignPct.toFixed(0)}% CPU; waiting up to ${maxWaitSec} s for quiet`);
      warned = true;
    }
    if (waited > maxWaitSec) {
      log(`machine still busy (${foreignPct.toFixed(0)}% foreign CPU); running anyway`);
      return;
    }
  }
}
