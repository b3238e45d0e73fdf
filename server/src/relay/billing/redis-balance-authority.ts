import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { BalanceAuthority, HoldOutcome, HoldRef, Payer } from './balance-authority.js';
import {
  BalanceKeys,
  loadedIds,
  reapDeadEpochs,
  reconcileBalances,
  repairDrift,
  type ApplyCharges,
} from './redis-reconcile.js';
import { BEAT, COMMIT, HOLD, REREGISTER, SETTLE, SETTLE_OVER } from './redis-scripts.js';

const FENCED = -3;
/** Registry entries per COMMIT script call. */
const COMMIT_CHUNK = 200;

export interface RedisAuthorityOptions {
  /** An epoch whose heartbeat is older than this is dead: its holds are reaped. */
  leaseSeconds: number;
}

/**
 * Several instances: balances in Redis, checked and taken atomically by scripts. The invariant
 * is bal = SQL − held, where held sums the registry entries of every live instance epoch (open
 * holds, and charges settled but not yet committed to SQL). Anything that breaks it (a crash
 * between an SQL commit and its COMMIT script, a reaped epoch whose charges reach SQL later, a
 * Redis restart) is repaired by setting the balance from SQL again (`reconcile`), which a leased
 * job does for every loaded balance. Fencing: each registration carries the epoch it was made
 * under; once an epoch is reaped, its scripts are refused, the instance starts a new epoch, and
 * the old epoch's charges go to SQL only, followed by a reconciliation of their balances.
 */
export class RedisBalanceAuthority implements BalanceAuthority {
  private readonly ttlSeconds = 3600;
  private readonly keys: BalanceKeys;
  private epoch: string = randomUUID();
  private heartbeat: NodeJS.Timeout | null = null;
  /** This instance's registry entries, to register again if Redis loses them. */
  private readonly entries = new Map<string, HoldRef>();
  private down = false;
  private reported = false;
  /** Applies a dead epoch's journaled charges to SQL (the ledger's, set at start-up). */
  applyJournaled: ApplyCharges = () => Promise.reject(new Error('no ledger to apply journaled charges'));

  constructor(
    private readonly redis: Redis,
    prefix: string,
    private readonly db: Kysely<Database>,
    private readonly options: RedisAuthorityOptions = { leaseSeconds: 30 },
  ) {
    this.keys = new BalanceKeys(prefix);
  }

  get currentEpoch() {
    return this.epoch;
  }

  async start() {
    // One line per outage, however many commands fail during it.
    this.redis.on('error', (err: Error) => {
      if (!this.reported) console.error(`Redis error (balances): ${err.message}`);
      this.reported = true;
    });
    this.redis.on('close', () => {
      this.down = true;
    });
    // After a reconnect: beat at once, which also registers the entries again if Redis lost them.
    this.redis.on('ready', () => {
      if (!this.down) return;
      this.down = false;
      this.reported = false;
      console.warn('Redis connection back (balances): checking the hold registry');
      void this.beat();
    });
    await this.beat();
    this.heartbeat = setInterval(() => void this.beat(), (this.options.leaseSeconds * 1000) / 3);
    this.heartbeat.unref();
  }

  private async beat(): Promise<void> {
    try {
      const epoch = this.epoch;
      const state = Number(
        await this.redis.eval(
          BEAT,
          3,
          this.keys.alive(epoch),
          this.keys.dead(epoch),
          this.keys.holds(epoch),
          String(this.options.leaseSeconds),
        ),
      );
      if (state === FENCED) this.fenced(epoch);
      else if (state === 0) await this.registerAgain();
    } catch (err) {
      console.error(`balance heartbeat failed: ${(err as Error).message}`);
    }
  }

  /** Our epoch was reaped while we were paused or cut off: continue under a new one. */
  private fenced(epoch: string) {
    if (epoch !== this.epoch) return;
    this.epoch = randomUUID();
    console.warn(
      'hold lease lost (this instance was paused or cut off): holds taken before settle into SQL only',
    );
    void this.beat();
  }

  private async registerAgain() {
    let added = 0;
    for (const ref of this.entries.values()) {
      if (ref.epoch !== this.epoch) continue;
      const code = Number(
        await this.redis.eval(
          REREGISTER,
          6,
          this.keys.holds(ref.epoch),
          this.keys.held('user', ref.userId),
          this.keys.held('token', ref.tokenId),
          this.keys.dead(ref.epoch),
          this.keys.bal('user', ref.userId),
          ref.tokenId === null ? '' : this.keys.bal('token', ref.tokenId),
          ref.holdId,
          `${ref.userId}|${ref.tokenId ?? ''}|${ref.amount}`,
        ),
      );
      if (code === FENCED) return this.fenced(ref.epoch);
      added += code;
    }
    if (added > 0) console.warn(`registered ${added} quota holds again (Redis had lost them)`);
  }

  async stop() {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    // Shutdown waited for requests in flight: anything still registered is reaped by another instance.
    await this.redis.del(this.keys.alive(this.epoch)).catch(() => undefined);
  }

  private refKeys(ref: HoldRef): string[] {
    return [
      this.keys.bal('user', ref.userId),
      ref.tokenId === null ? '' : this.keys.bal('token', ref.tokenId),
      this.keys.holds(ref.epoch),
      this.keys.held('user', ref.userId),
      this.keys.held('token', ref.tokenId),
      this.keys.dead(ref.epoch),
      this.keys.charges(ref.epoch),
    ];
  }

  async hold(userId: number, tokenId: number | null, amount: number, holdId: string): Promise<HoldOutcome> {
    for (let attempt = 0; attempt < 4; attempt++) {
      const ref: HoldRef = { holdId, epoch: this.epoch, userId, tokenId, amount };
      const [code, value] = (await this.redis.eval(
        HOLD,
        7,
        ...this.refKeys(ref),
        String(amount),
        String(this.ttlSeconds),
        holdId,
        `${userId}|${tokenId ?? ''}|`,
      )) as [number, number];
      if (code === 1) {
        this.entries.set(holdId, ref);
        return { ok: true, epoch: ref.epoch };
      }
      if (code === 0) return { ok: false, payer: 'user', available: Number(value) };
      if (code === 2) return { ok: false, payer: 'token', available: Number(value) };
      if (code === FENCED) this.fenced(ref.epoch);
      if (code === -1) await this.load('user', userId);
      if (code === -2 && tokenId !== null) await this.load('token', tokenId);
    }
    throw new Error('could not load balances into Redis');
  }

  async settle(ref: HoldRef, charge: number, journal = ''): Promise<void> {
    const entry = this.entries.get(ref.holdId);
    if (entry) entry.amount = charge;
    const code = Number(
      await this.redis.eval(SETTLE, 7, ...this.refKeys(ref), ref.holdId, String(charge), journal),
    );
    if (code === FENCED) this.fenced(ref.epoch);
  }

  async release(ref: HoldRef): Promise<void> {
    this.entries.delete(ref.holdId);
    const code = Number(await this.redis.eval(SETTLE, 7, ...this.refKeys(ref), ref.holdId, '-1', ''));
    if (code === FENCED) this.fenced(ref.epoch);
  }

  async settleOver(ref: HoldRef, extra: number, journal = ''): Promise<number> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const [code, taken] = (await this.redis.eval(
        SETTLE_OVER,
        7,
        ...this.refKeys(ref),
        ref.holdId,
        String(Math.trunc(extra)),
        journal,
        String(ref.amount),
      )) as [number, number];
      if (code === 1) {
        const entry = this.entries.get(ref.holdId);
        if (entry) entry.amount = ref.amount + Number(taken);
        return Number(taken);
      }
      // Reaped or lost: only the hold is known to be payable (the caller charges it, into SQL).
      if (code === 0) return 0;
      if (code === FENCED) {
        this.fenced(ref.epoch);
        return 0;
      }
      if (code === -1) await this.load('user', ref.userId);
      if (code === -2 && ref.tokenId !== null) await this.load('token', ref.tokenId);
    }
    throw new Error('could not load balances into Redis');
  }

  async committed(refs: HoldRef[]): Promise<void> {
    const missing: HoldRef[] = [];
    // Forgotten locally before Redis drops them: a heartbeat in between must not register them again.
    const local = refs.map((ref) => [ref.holdId, this.entries.get(ref.holdId)] as const);
    for (const ref of refs) this.entries.delete(ref.holdId);
    try {
      await this.commitChunks(refs, missing);
    } catch (err) {
      for (const [id, entry] of local) if (entry) this.entries.set(id, entry);
      throw err;
    }
    // Charges of a reaped epoch (or lost by Redis) reached SQL only: set their balances from SQL.
    if (missing.length > 0) {
      await this.reconcile(
        'user',
        missing.map((r) => r.userId),
      );
      await this.reconcile(
        'token',
        missing.flatMap((r) => (r.tokenId === null ? [] : [r.tokenId])),
      );
    }
  }

  private async commitChunks(refs: HoldRef[], missing: HoldRef[]) {
    for (let i = 0; i < refs.length; i += COMMIT_CHUNK) {
      const chunk = refs.slice(i, i + COMMIT_CHUNK);
      const keys = chunk.flatMap((ref) => [
        this.keys.holds(ref.epoch),
        this.keys.held('user', ref.userId),
        this.keys.held('token', ref.tokenId),
        this.keys.gen('user', ref.userId),
        this.keys.gen('token', ref.tokenId),
        this.keys.charges(ref.epoch),
      ]);
      const absent = (await this.redis.eval(
        COMMIT,
        keys.length,
        ...keys,
        ...chunk.map((ref) => ref.holdId),
        String(this.ttlSeconds),
      )) as number[];
      for (const position of absent) missing.push(chunk[position - 1]!);
    }
  }

  /** Top-ups and admin edits are committed in SQL already: the balance is set from SQL. */
  async adjust(kind: Payer, id: number, delta: number) {
    if (delta === 0) return;
    await this.reconcile(kind, [id], 'xx');
  }

  async overdrawn(kind: Payer, id: number) {
    await this.reconcile(kind, [id], 'xx');
  }

  private async load(kind: Payer, id: number): Promise<void> {
    await this.reconcile(kind, [id], 'nx');
  }

  /** Sets balances from SQL (bal = SQL − held); see reconcileBalances. Returns how many changed. */
  async reconcile(kind: Payer, ids: number[], mode: 'set' | 'nx' | 'xx' = 'xx'): Promise<number> {
    return (await reconcileBalances(this.redis, this.db, this.keys, kind, ids, mode, this.ttlSeconds)).size;
  }

  /** Repairs every loaded balance that drifted from SQL − held (the leased job); returns how many. */
  async reconcileAll(): Promise<number> {
    let changed = 0;
    for (const kind of ['user', 'token'] as const) {
      const ids = await loadedIds(this.redis, this.keys, kind);
      changed += await repairDrift(this.redis, this.db, this.keys, kind, ids, this.ttlSeconds);
    }
    return changed;
  }

  private async balance(kind: Payer, id: number): Promise<number> {
    const raw = await this.redis.get(this.keys.bal(kind, id));
    if (raw !== null) return Number(raw);
    await this.load(kind, id);
    return Number((await this.redis.get(this.keys.bal(kind, id))) ?? 0);
  }
  userBalance(userId: number) {
    return this.balance('user', userId);
  }
  tokenBalance(tokenId: number) {
    return this.balance('token', tokenId);
  }

  /**
   * Applies the journaled charges and gives back the holds of instance epochs whose heartbeat
   * stopped; returns how many of each.
   */
  reapDeadHolds(): Promise<{ holds: number; charges: number }> {
    return reapDeadEpochs(this.redis, this.db, this.keys, this.epoch, this.ttlSeconds, this.applyJournaled);
  }
}
