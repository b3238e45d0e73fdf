import type { Kysely } from 'kysely';
import { normalizeLogRow, type LogInput } from '../../modules/logs/writer.js';
import type { Database } from '../../platform/db/schema.js';
import { AsyncLock } from './async-lock.js';
import type { BalanceAuthority, BalanceSource, HoldRef, Payer } from './balance-authority.js';
import {
  batchCommitted,
  isRetryable,
  writeChargeBatch,
  type ChargeBatch,
  type LogTarget,
  type TokenDelta,
  type UserDelta,
} from './charge-batch.js';

export class InsufficientQuotaError extends Error {
  constructor(
    readonly payer: Payer,
    readonly available: number,
    readonly needed: number,
  ) {
    super(`${payer} quota is not enough: have ${available}, need ${needed}`);
  }
}

export interface HoldRequest {
  requestId: string;
  userId: number;
  tokenId: number | null;
  /** Unlimited tokens are not held or decremented, only counted in used_quota. */
  tokenUnlimited: boolean;
  amount: number;
}

export interface Settlement {
  /** Final charge (integer quota). */
  quota: number;
  channelId: number;
  /**
   * The charge's log row, built from what was actually charged (null: none). It is written in
   * the same transaction as the charge, so neither exists without the other.
   */
  log?: (charged: number) => LogInput | null;
}

/** One request's reservation. It ends exactly once: settled or released. */
export class QuotaHold {
  state: 'held' | 'settled' | 'released' = 'held';
  constructor(
    readonly request: HoldRequest,
    /** The balance authority's epoch the hold was registered under. */
    readonly epoch = '',
  ) {}

  get ref(): HoldRef {
    const { requestId, userId, tokenId, tokenUnlimited, amount } = this.request;
    return { holdId: requestId, epoch: this.epoch, userId, tokenId: tokenUnlimited ? null : tokenId, amount };
  }
}

/** Attempts of one flush transaction that failed on a deadlock or serialization error. */
const FLUSH_ATTEMPTS = 4;

/**
 * Holds, settles and releases quota. The admission view lives in a BalanceAuthority (memory or
 * Redis); only final charges reach the database, batched off the request path together with
 * their log rows, in one transaction: a logged charge is always applied and an applied charge
 * always logged. A hold never touches the database.
 */
export class QuotaLedger implements BalanceSource {
  private batch: ChargeBatch = emptyBatch();
  /** Settled holds whose charges are in the pending batch (the authority learns when they commit). */
  private settled: HoldRef[] = [];
  /** Settled holds committed to SQL whose authority update failed: retried at the next flush. */
  private uncommitted: HoldRef[] = [];
  /** Serialises flushes with balance loads, so a load never misses or double-counts a batch. */
  private readonly lock = new AsyncLock();
  private timer: NodeJS.Timeout | null = null;
  authority!: BalanceAuthority;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly flushMs: number,
    private readonly logTarget: LogTarget = { kind: 'main', dialect: 'sqlite' },
    /** Called after a batch whose log rows went to the outbox committed. */
    private readonly afterOutbox: () => void = () => undefined,
  ) {}

  start() {
    this.timer ??= setInterval(() => void this.flush().catch(() => undefined), this.flushMs);
    this.timer.unref();
  }

  // BalanceSource: the database value plus what has not been flushed yet.
  userQuota(userId: number): Promise<number> {
    return this.lock.run(async () => {
      const row = await this.db
        .selectFrom('users')
        .select('quota')
        .where('id', '=', userId)
        .executeTakeFirst();
      return (row?.quota ?? 0) + (this.batch.users.get(userId)?.quota ?? 0);
    });
  }
  tokenQuota(tokenId: number): Promise<number> {
    return this.lock.run(async () => {
      const row = await this.db
        .selectFrom('tokens')
        .select('remain_quota')
        .where('id', '=', tokenId)
        .executeTakeFirst();
      return (row?.remain_quota ?? 0) + (this.batch.tokens.get(tokenId)?.remain ?? 0);
    });
  }

  async hold(request: HoldRequest): Promise<QuotaHold> {
    const amount = Math.max(0, Math.ceil(request.amount));
    const tokenId = request.tokenUnlimited ? null : request.tokenId;
    const outcome = await this.authority.hold(request.userId, tokenId, amount, request.requestId);
    if (!outcome.ok) throw new InsufficientQuotaError(outcome.payer, outcome.available, amount);
    return new QuotaHold({ ...request, amount }, outcome.epoch);
  }

  /**
   * Charges the final amount and returns the rest of the hold; a second call does nothing (null).
   * A charge above the hold is capped by what the user (and a limited token) can still pay, so no
   * balance goes negative; the result is what was actually charged.
   */
  async settle(hold: QuotaHold, settlement: Settlement): Promise<number | null> {
    if (hold.state !== 'held') return null;
    hold.state = 'settled';
    const ref = hold.ref;
    let quota = Math.max(0, Math.trunc(settlement.quota));
    if (quota <= ref.amount) {
      // The usual case: the hold covers the charge; the refund needs no answer.
      void this.authority
        .settle(ref, quota)
        .catch((err: Error) => console.error(`balance update failed: ${err.message}`));
    } else {
      try {
        quota = ref.amount + (await this.authority.settleOver(ref, quota - ref.amount));
      } catch (err) {
        // Without an answer only the hold is certain to be payable: charge it.
        console.error(`balance update failed: ${(err as Error).message}`);
        quota = ref.amount;
        void this.authority.settle(ref, quota).catch(() => undefined);
      }
    }
    this.record(hold.request, quota, settlement);
    this.settled.push({ ...ref, amount: quota });
    return quota;
  }

  /** Queues the charge and its log row together (synchronously: no flush can split them). */
  private record(request: HoldRequest, quota: number, settlement: Settlement) {
    const { userId, tokenId, tokenUnlimited } = request;
    const u = this.userDelta(userId);
    u.quota -= quota;
    u.used += quota;
    u.requests += 1;
    if (tokenId !== null) {
      const t = this.tokenDelta(tokenId);
      if (!tokenUnlimited) t.remain -= quota;
      t.used += quota;
      t.accessed = Math.floor(Date.now() / 1000);
    }
    if (quota !== 0 && settlement.channelId > 0) {
      const { channels } = this.batch;
      channels.set(settlement.channelId, (channels.get(settlement.channelId) ?? 0) + quota);
    }
    const row = settlement.log?.(quota);
    if (row) this.batch.logs.push({ ...normalizeLogRow(row), charge_key: request.requestId });
  }

  /** Gives the whole hold back (the request failed); a second call does nothing. */
  release(hold: QuotaHold): boolean {
    if (hold.state !== 'held') return false;
    hold.state = 'released';
    void this.authority
      .release(hold.ref)
      .catch((err: Error) => console.error(`balance update failed: ${err.message}`));
    return true;
  }

  /**
   * Tell the admission view about a quota change already committed to the database (top-up,
   * redemption, admin edit, token edit). Pass the delta, not the new value: in-flight holds
   * stay accounted for.
   */
  async adjustUserQuota(userId: number, delta: number): Promise<void> {
    if (delta !== 0) await this.authority.adjust('user', userId, Math.trunc(delta));
  }
  async adjustTokenQuota(tokenId: number, delta: number): Promise<void> {
    if (delta !== 0) await this.authority.adjust('token', tokenId, Math.trunc(delta));
  }

  private userDelta(id: number): UserDelta {
    let d = this.batch.users.get(id);
    if (!d) this.batch.users.set(id, (d = { quota: 0, used: 0, requests: 0 }));
    return d;
  }
  private tokenDelta(id: number): TokenDelta {
    let d = this.batch.tokens.get(id);
    if (!d) this.batch.tokens.set(id, (d = { remain: 0, used: 0, accessed: 0 }));
    return d;
  }

  get pendingCount() {
    const b = this.batch;
    return b.users.size + b.tokens.size + b.channels.size + b.logs.length;
  }

  /**
   * Writes every pending charge and log row in one transaction; a deadlock or serialization
   * failure (the whole transaction rolled back) is retried a few times; on other failures the
   * batch stays queued for the next flush.
   */
  flush(): Promise<void> {
    return this.lock.run(async () => {
      await this.tellAuthority();
      if (this.pendingCount === 0) return;
      const batch = this.batch;
      const settled = this.settled;
      this.batch = emptyBatch();
      this.settled = [];
      try {
        await this.write(batch);
      } catch (err) {
        this.mergeBack(batch, settled);
        console.error(`flushing quota changes failed, will retry: ${(err as Error).message}`);
        throw err;
      }
      if (this.logTarget.kind === 'outbox' && batch.logs.length > 0) this.afterOutbox();
      this.uncommitted.push(...settled);
      await this.tellAuthority();
    });
  }

  private async write(batch: ChargeBatch) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await writeChargeBatch(this.db, batch, this.logTarget);
      } catch (err) {
        if (isRetryable(err) && attempt < FLUSH_ATTEMPTS) {
          await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * attempt));
          continue;
        }
        // A connection lost at COMMIT leaves the outcome unknown: the log rows tell.
        if (!isRetryable(err) && (await batchCommitted(this.db, batch, this.logTarget).catch(() => false)))
          return;
        throw err;
      }
    }
  }

  private async tellAuthority() {
    if (this.uncommitted.length === 0) return;
    const refs = this.uncommitted;
    this.uncommitted = [];
    try {
      await this.authority.committed(refs);
    } catch (err) {
      this.uncommitted.unshift(...refs);
      console.error(`balance update after a flush failed, will retry: ${(err as Error).message}`);
    }
  }

  private mergeBack(batch: ChargeBatch, settled: HoldRef[]) {
    for (const [id, d] of batch.users) {
      const cur = this.userDelta(id);
      cur.quota += d.quota;
      cur.used += d.used;
      cur.requests += d.requests;
    }
    for (const [id, d] of batch.tokens) {
      const cur = this.tokenDelta(id);
      cur.remain += d.remain;
      cur.used += d.used;
      cur.accessed = Math.max(cur.accessed, d.accessed);
    }
    const { channels } = this.batch;
    for (const [id, used] of batch.channels) channels.set(id, (channels.get(id) ?? 0) + used);
    this.batch.logs.unshift(...batch.logs);
    this.settled.unshift(...settled);
  }

  async close() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush().catch(() => undefined);
  }
}

function emptyBatch(): ChargeBatch {
  return { users: new Map(), tokens: new Map(), channels: new Map(), logs: [] };
}
