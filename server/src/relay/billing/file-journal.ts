import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.js';
import type { Charge } from './charge-batch.js';
import { chargeOfEntry } from './journal-entry.js';

interface Segment {
  path: string;
  fd: number | null;
  openedAt: number;
  /** Entries appended here whose charges are not in SQL yet. */
  open: number;
}

/** A segment takes appends for this long; then the next one starts. */
const ROTATE_MS = 10_000;
/** A segment untouched for this long belongs to no live instance (its owner rotates sooner). */
const STALE_MS = 3 * ROTATE_MS;
const REPLAY_CHUNK = 500;
const REPLAY_EVERY_MS = STALE_MS;

/**
 * Without Redis, an instance's settled charges wait in its memory for the next flush; a crash
 * (kill -9) would lose them. Each charge is therefore appended to a local journal before its
 * answer leaves (one write(2): the page cache survives the process), and its segment file is
 * deleted once every charge in it is committed to SQL. Segments a dead process left behind are
 * applied to SQL by the next instance on the same data directory (at start-up and every half
 * minute after), idempotently: a charge whose key is already in SQL is skipped.
 * Files: `<pid>-<instance>-<n>.jsonl`, one entry per line (journal-entry.ts).
 */
export class FileChargeJournal {
  private readonly instance = randomBytes(4).toString('hex');
  private current: Segment | null = null;
  private readonly segmentOf = new Map<string, Segment>();
  private seq = 0;
  private failing = false;

  constructor(readonly dir: string) {
    fs.mkdirSync(dir, { recursive: true });
  }

  /** Journals one settled charge; a failure is reported once and the charge waits in memory only. */
  append(key: string, entry: string): void {
    try {
      let segment = this.current;
      if (!segment || Date.now() - segment.openedAt > ROTATE_MS) segment = this.rotate();
      fs.writeSync(segment.fd!, `${entry}\n`);
      segment.open++;
      this.segmentOf.set(key, segment);
      this.failing = false;
    } catch (err) {
      if (!this.failing) console.error(`charge journal write failed: ${(err as Error).message}`);
      this.failing = true;
    }
  }

  /** These charges are in SQL: a segment goes once none of its charges is pending. */
  committed(keys: readonly string[]): void {
    for (const key of keys) {
      const segment = this.segmentOf.get(key);
      if (!segment) continue;
      this.segmentOf.delete(key);
      segment.open--;
      if (segment.open === 0 && segment !== this.current) remove(segment);
    }
    const idle = this.current;
    if (idle && idle.open === 0 && Date.now() - idle.openedAt > ROTATE_MS) {
      remove(idle);
      this.current = null;
    }
  }

  private rotate(): Segment {
    const old = this.current;
    if (old) {
      if (old.open === 0) remove(old);
      else closeFd(old);
    }
    const file = path.join(this.dir, `${process.pid}-${this.instance}-${++this.seq}.jsonl`);
    this.current = { path: file, fd: fs.openSync(file, 'a'), openedAt: Date.now(), open: 0 };
    return this.current;
  }

  /**
   * Applies the segments of processes that are gone, then deletes them; returns how many entries
   * were read. `apply` must be idempotent per charge (writeCharges is).
   */
  async replayOrphans(apply: (charges: Charge[]) => Promise<unknown>): Promise<number> {
    let read = 0;
    for (const name of fs.readdirSync(this.dir)) {
      const file = path.join(this.dir, name);
      if (!name.endsWith('.jsonl') || !this.orphaned(name, file)) continue;
      const charges: Charge[] = [];
      let unreadable = 0;
      for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
        if (!line) continue;
        const charge = chargeOfEntry(line);
        if (charge) charges.push(charge);
        else unreadable++;
      }
      if (unreadable > 0) console.error(`charge journal ${name}: ${unreadable} unreadable entries skipped`);
      for (let i = 0; i < charges.length; i += REPLAY_CHUNK) await apply(charges.slice(i, i + REPLAY_CHUNK));
      fs.rmSync(file, { force: true });
      read += charges.length;
    }
    return read;
  }

  /** A segment of another instance whose process is gone (or that nobody touched for a while). */
  private orphaned(name: string, file: string): boolean {
    const [pid, instance] = name.split('-');
    if (instance === this.instance) return false;
    // A restarted container often gets the same pid: then the file is an earlier process's.
    if (Number(pid) === process.pid || !processAlive(Number(pid))) return true;
    try {
      return Date.now() - fs.statSync(file).mtimeMs > STALE_MS;
    } catch {
      return false;
    }
  }

  /**
   * Replays orphaned segments now and every REPLAY_EVERY_MS after (a process on the same data
   * directory may die while this one runs). Returns the function that stops the timer.
   */
  async startReplay(apply: (charges: Charge[]) => Promise<number>): Promise<() => Promise<void>> {
    const run = async () => {
      let applied = 0;
      const read = await this.replayOrphans(async (charges) => void (applied += await apply(charges)));
      if (read > 0)
        console.warn(
          `charge journal: ${read} charges of a stopped process read, ${applied} were not in SQL yet`,
        );
    };
    const guarded = () =>
      run().catch((err: Error) => console.error(`charge journal replay failed, will retry: ${err.message}`));
    await guarded();
    const timer = setInterval(() => void guarded(), REPLAY_EVERY_MS);
    timer.unref();
    return async () => clearInterval(timer);
  }

  /** After the last flush: the segments whose charges are all committed go. */
  close(): void {
    for (const segment of new Set([...this.segmentOf.values(), ...(this.current ? [this.current] : [])])) {
      if (segment.open === 0) remove(segment);
      else closeFd(segment);
    }
    this.current = null;
  }
}

function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function closeFd(segment: Segment) {
  if (segment.fd === null) return;
  fs.closeSync(segment.fd);
  segment.fd = null;
}

function remove(segment: Segment) {
  closeFd(segment);
  fs.rmSync(segment.path, { force: true });
}

/** One journal directory per database, so that a changed SQL_DSN never replays into another one. */
export function chargeJournalDir(config: Pick<Config, 'dataDir' | 'db'>): string {
  const database = createHash('sha256').update(`${config.db.dialect}:${config.db.url}`).digest('hex');
  return path.join(config.dataDir, 'ledger-journal', database.slice(0, 16));
}
