/**
 * Child processes pinned to a core, and what /proc says about them (CPU time, resident memory).
 * Linux only: the benchmark relies on taskset and /proc.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import readline from 'node:readline';

/** Clock ticks per second of utime/stime in /proc/<pid>/stat (100 almost everywhere). */
const CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** Pins this process and all its threads (libuv pool, GC helpers) to one core. */
export function pinSelf(core) {
  execFileSync('taskset', ['-a', '-p', '-c', String(core), String(process.pid)], { stdio: 'ignore' });
}

/** A port free right now on loopback (the child binds it a moment later). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `node <args>` on one core. taskset execs node in place, so the child's pid is node's
 * pid and /proc/<pid> describes the process we measure. Output goes to our stderr with a prefix
 * (stdout is reserved for the results) except lines the caller waits for.
 */
export function spawnPinned(name, core, nodeArgs, env, cwd = process.cwd()) {
  const child = spawn('taskset', ['-c', String(core), process.execPath, ...nodeArgs], {
    env,
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = [];
  const waiters = [];
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      lines.push(line);
      if (lines.length > 200) lines.shift();
      const hit = waiters.find((w) => w.pattern.test(line));
      if (hit) {
        waiters.splice(waiters.indexOf(hit), 1);
        hit.resolve(line.match(hit.pattern));
      } else if (process.env.BENCH_VERBOSE) console.error(`[${name}] ${line}`);
    });
  }
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return {
    name,
    pid: child.pid,
    /** performance.now() at spawn: lets a CPU profile skip the process's start-up. */
    spawnedAt: performance.now(),
    child,
    exited,
    /** Resolves with the match of the first output line matching `pattern`. */
    waitFor(pattern, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => fail(`no line matching ${pattern} within ${timeoutMs} ms`), timeoutMs);
        const fail = (why) => reject(new Error(`${name}: ${why}\n--- last output ---\n${lines.join('\n')}`));
        waiters.push({
          pattern,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
        void exited.then(({ code, signal }) => {
          clearTimeout(timer);
          fail(`exited (code ${code}, signal ${signal}) before printing ${pattern}`);
        });
      });
    },
    /** SIGTERM, then SIGKILL if it does not exit in time. */
    async stop(timeoutMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls until `url` answers at all (any status): the server is accepting connections. */
export async function waitForHttp(url, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fetch(url);
      return;
    } catch (err) {
      if (Date.now() > deadline) {
        throw new Error(`${url} did not answer within ${timeoutMs} ms`, { cause: err });
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** User + system CPU seconds a process (all its threads) has used so far. */
export function cpuSeconds(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name may contain spaces and parentheses: fields start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state), so utime (14) and stime (15) are at 11 and 12.
  return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
}

/** This process's CPU seconds (the load generator and the TTFB client live here). */
export function selfCpuSeconds() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

function statusKb(pid, field) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return m ? Number(m[1]) : 0;
}

/**
 * Peak resident memory during one run. VmHWM is the peak over the process's whole life (and the
 * processes live through every run), so we sample VmRSS instead; 50 ms is far below the time
 * any run spends at its peak.
 */
export function sampleRss(pid, everyMs = 50) {
  let peakKb = statusKb(pid, 'VmRSS');
  const timer = setInterval(() => {
    try {
      peakKb = Math.max(peakKb, statusKb(pid, 'VmRSS'));
    } catch {
      // the process exited; its crash is reported elsewhere
    }
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return peakKb / 1024;
    },
  };
}

/** Lifetime peak resident memory (MB), for the end-of-run summary. */
export function lifetimePeakMb(pid) {
  return statusKb(pid, 'VmHWM') / 1024;
}
