import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { AsyncLock } from './async-lock.js';
import type { BalanceAuthority, BalanceSource, Payer } from './balance-authority.js';

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
}

/** One request's reservation. It ends exactly once: settled or released. */
export class QuotaHold {
  state: 'held' | 'settled' | 'released' = 'held';
  constructor(readonly request: HoldRequest) {}
}

interface UserDelta {
  quota: number;
  used: number;
  requests: number;
}
interface TokenDelta {
  remain: number;
  used: number;
  accessed: number;
}

/**
 * Holds, settles and releases quota. The admission view lives in a BalanceAuthority (memory or
 * Redis); only final charges reach the database, as `col = col + delta` updates batched off the
 * request path. A hold never touches the database, so a crash can lose at most one flush
 * interval of charges and never strands a hold.
 */
export class QuotaLedger implements BalanceSource {
  private users = new Map<number, UserDelta>();
  private tokens = new Map<number, TokenDelta>();
  private channels = new Map<number, number>();
  /** Serialises flushes with balance loads, so a load never misses or double-counts a batch. */
  private readonly lock = new AsyncLock();
  private timer: NodeJS.Timeout | null = null;
  authority!: BalanceAuthority;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly flushMs: number,
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
      return (row?.quota ?? 0) + (this.users.get(userId)?.quota ?? 0);
    });
  }
  tokenQuota(tokenId: number): Promise<number> {
    return this.lock.run(async () => {
      const row = await this.db
        .selectFrom('tokens')
        .select('remain_quota')
        .where('id', '=', tokenId)
        .executeTakeFirst();
      return (row?.remain_quota ?? 0) + (this.tokens.get(tokenId)?.remain ?? 0);
    });
  }

  async hold(request: HoldRequest): Promise<QuotaHold> {
    const amount = Math.max(0, Math.ceil(request.amount));
    const tokenId = request.tokenUnlimited ? null : request.tokenId;
    const outcome = await this.authority.hold(request.userId, tokenId, amount, request.requestId);
    if (!outcome.ok) throw new InsufficientQuotaError(outcome.payer, outcome.available, amount);
    return new QuotaHold({ ...request, amount });
  }

  /**
   * Charges the final amount and returns the rest of the hold; a second call does nothing (null).
   * A charge above the hold is capped by what the user (and a limited token) can still pay, so no
   * balance goes negative; the result is what was actually charged.
   */
  async settle(hold: QuotaHold, settlement: Settlement): Promise<number | null> {
    if (hold.state !== 'held') return null;
    hold.state = 'settled';
    const { userId, tokenId, tokenUnlimited, amount } = hold.request;
    const payingToken = tokenUnlimited ? null : tokenId;
    let quota = Math.trunc(settlement.quota);
    if (quota <= amount) {
      // The usual case: the hold covers the charge; the refund needs no answer.
      void this.authority
        .finish(hold.request.requestId, userId, payingToken, amount - quota)
        .catch((err: Error) => console.error(`balance update failed: ${err.message}`));
    } else {
      try {
        quota =
          amount +
          (await this.authority.finishOver(hold.request.requestId, userId, payingToken, quota - amount));
      } catch (err) {
        // Without an answer only the hold is certain to be payable: charge it, forget the hold.
        console.error(`balance update failed: ${(err as Error).message}`);
        quota = amount;
        void this.authority.finish(hold.request.requestId, userId, payingToken, 0).catch(() => undefined);
      }
    }

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
      this.channels.set(settlement.channelId, (this.channels.get(settlement.channelId) ?? 0) + quota);
    }
    return quota;
  }

  /** Gives the whole hold back (the request failed); a second call does nothing. */
  release(hold: QuotaHold): boolean {
    if (hold.state !== 'held') return false;
    hold.state = 'released';
    const { userId, tokenId, tokenUnlimited, amount } = hold.request;
    void this.authority
      .finish(hold.request.requestId, userId, tokenUnlimited ? null : tokenId, amount)
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
    let d = this.users.get(id);
    if (!d) this.users.set(id, (d = { quota: 0, used: 0, requests: 0 }));
    return d;
  }
  private tokenDelta(id: number): TokenDelta {
    let d = this.tokens.get(id);
    if (!d) this.tokens.set(id, (d = { remain: 0, used: 0, accessed: 0 }));
    return d;
  }

  get pendingCount() {
    return this.users.size + this.tokens.size + this.channels.size;
  }

  /** Writes every pending delta in one transaction; on failure they stay queued. */
  flush(): Promise<void> {
    return this.lock.run(async () => {
      if (this.pendingCount === 0) return;
      const users = this.users;
      const tokens = this.tokens;
      const channels = this.channels;
      this.users = new Map();
      this.tokens = new Map();
      this.channels = new Map();
      try {
        await this.db.transaction().execute(async (tx) => {
          for (const [id, d] of users) {
            await tx
              .updateTable('users')
              .set((eb) => ({
                quota: eb('quota', '+', d.quota),
                used_quota: eb('used_quota', '+', d.used),
                request_count: eb('request_count', '+', d.requests),
              }))
              .where('id', '=', id)
              .execute();
          }
          for (const [id, d] of tokens) {
            await tx
              .updateTable('tokens')
              .set((eb) => ({
                remain_quota: eb('remain_quota', '+', d.remain),
                used_quota: eb('used_quota', '+', d.used),
                ...(d.accessed ? { accessed_time: d.accessed } : {}),
              }))
              .where('id', '=', id)
              .execute();
          }
          for (const [id, used] of channels) {
            await tx
              .updateTable('channels')
              .set((eb) => ({ used_quota: eb('used_quota', '+', used) }))
              .where('id', '=', id)
              .execute();
          }
        });
      } catch (err) {
        this.mergeBack(users, tokens, channels);
        console.error(`flushing quota changes failed, will retry: ${(err as Error).message}`);
        throw err;
      }
    });
  }

  private mergeBack(
    users: Map<number, UserDelta>,
    tokens: Map<number, TokenDelta>,
    channels: Map<number, number>,
  ) {
    for (const [id, d] of users) {
      const cur = this.userDelta(id);
      cur.quota += d.quota;
      cur.used += d.used;
      cur.requests += d.requests;
    }
    for (const [id, d] of tokens) {
      const cur = this.tokenDelta(id);
      cur.remain += d.remain;
      cur.used += d.used;
      cur.accessed = Math.max(cur.accessed, d.accessed);
    }
    for (const [id, used] of channels) this.channels.set(id, (this.channels.get(id) ?? 0) + used);
  }

  async close() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush().catch(() => undefined);
  }
}
