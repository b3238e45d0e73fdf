import type { Kysely, Transaction } from 'kysely';
import type { SqlDialectName } from '../../config.js';
import { writeLogRowsIn } from '../../modules/logs/outbox.js';
import { normalizeLogRow, type LogInput } from '../../modules/logs/writer.js';
import type { Database } from '../../platform/db/schema.js';
import { AsyncLock } from './async-lock.js';
import type { BalanceAuthority, BalanceSource, HoldRef } from './balance-authority.js';
import type { Charge, LogTarget, Shortfall } from './charge-batch.js';
import { writeCharges } from './charge-write.js';
import type { FileChargeJournal } from './file-journal.js';
import { journalEntry, journalFacts } from './journal-entry.js';
import { InsufficientQuotaError, QuotaHold, type HoldRequest, type Settlement } from './quota-hold.js';

export { InsufficientQuotaError, QuotaHold, type HoldRequest, type Settlement };

/** The hold a committed charge settled, as the authority registered it (amount: the charge). */
function settledRef(c: Charge): HoldRef {
  return {
    holdId: c.requestId,
    epoch: c.epoch,
    userId: c.userId,
    tokenId: c.tokenPays ? c.tokenId : null,
    amount: c.quota,
  };
}

/**
 * Holds, settles and releases quota. The admission view lives in a BalanceAuthority (memory or
 * Redis); only final charges reach the database, batched off the request path together with
 * their log rows, in one transaction: a logged charge is always applied and an applied charge
 * always logged. A hold never touches the database.
 */
export class QuotaLedger implements BalanceSource {
  /** Settled holds' charges, waiting for the flush (the authority learns when they commit). */
  private charges: Charge[] = [];
  /** Settled holds committed to SQL whose authority update failed: retried at the next flush. */
  private uncommitted: HoldRef[] = [];
  /** Serialises flushes with balance loads, so a load never misses or double-counts a batch. */
  private readonly lock = new AsyncLock();
  private timer: NodeJS.Timeout | null = null;
  authority!: BalanceAuthority;
  /** Without Redis: the local journal of settled charges (Redis keeps them with the holds). */
  journal: FileChargeJournal | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly flushMs: number,
    private readonly logTarget: LogTarget = { kind: 'main', dialect: 'sqlite' },
    private readonly dialect: SqlDialectName = logTarget.kind === 'main' ? logTarget.dialect : 'sqlite',
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
      return (row?.quota ?? 0) - this.pending((c) => c.userId === userId);
    });
  }
  tokenQuota(tokenId: number): Promise<number> {
    return this.lock.run(async () => {
      const row = await this.db
        .selectFrom('tokens')
        .select('remain_quota')
        .where('id', '=', tokenId)
        .executeTakeFirst();
      return (row?.remain_quota ?? 0) - this.pending((c) => c.tokenPays && c.tokenId === tokenId);
    });
  }

  private pending(match: (c: Charge) => boolean): number {
    let sum = 0;
    for (const c of this.charges) if (match(c)) sum += c.quota;
    return sum;
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
    const { request } = hold;
    // One object per charge, kept small: it waits a flush interval, long enough to be promoted
    // by the GC. Its quota is what is finally charged (set below).
    const charge: Charge = {
      requestId: request.requestId,
      epoch: hold.epoch,
      userId: request.userId,
      tokenId: request.tokenId,
      tokenPays: !request.tokenUnlimited,
      channelId: settlement.channelId,
      quota: Math.max(0, Math.trunc(settlement.quota)),
      at: Math.floor(Date.now() / 1000),
      log: settlement.log,
    };
    let quota = charge.quota;
    // Journaled before the answer leaves, so that a crash before the flush loses no charge.
    const facts = journalFacts(charge, settlement.log?.(quota) ?? null);
    try {
      quota =
        quota <= ref.amount
          ? (await this.authority.settle(ref, quota, facts), quota)
          : ref.amount + (await this.authority.settleOver(ref, quota - ref.amount, facts));
    } catch (err) {
      // Without an answer only the hold is certain to be payable: charge it (capped to the hold).
      console.error(`balance update failed: ${(err as Error).message}`);
      if (quota > ref.amount) {
        quota = ref.amount;
        void this.authority.settle(ref, quota, facts).catch(() => undefined);
      }
    }
    charge.quota = quota;
    this.journal?.append(charge.requestId, journalEntry(quota, facts));
    // Queued with its log row synchronously after the journal: no flush can split them.
    this.charges.push(charge);
    return quota;
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

  /**
   * Writes a log row inside a caller's transaction of the main database (a refund's), where the
   * ledger's own rows go: the logs table, or the outbox with a separate log database. `key` makes
   * it the one row of that fact (logs.charge_key). Call logRowsCommitted() after the commit.
   */
  async logRowIn(tx: Transaction<Database>, key: string, row: LogInput): Promise<void> {
    await writeLogRowsIn(tx, this.logTarget, [{ ...normalizeLogRow(row), charge_key: key }]);
  }

  /** Outbox rows written by logRowIn are copied to the log database at once. */
  logRowsCommitted(): void {
    if (this.logTarget.kind === 'outbox') this.afterOutbox();
  }

  get pendingCount() {
    return this.charges.length;
  }

  /**
   * Writes every pending charge and log row in one transaction; a deadlock or serialization
   * failure (the whole transaction rolled back) is retried a few times; on other failures the
   * batch stays queued for the next flush.
   */
  flush(): Promise<void> {
    return this.lock.run(async () => {
      await this.tellAuthority();
      if (this.charges.length === 0) return;
      const charges = this.charges;
      this.charges = [];
      let shortfall: Shortfall;
      try {
        shortfall = await this.write(charges);
      } catch (err) {
        this.charges.unshift(...charges);
        console.error(`flushing quota changes failed, will retry: ${(err as Error).message}`);
        throw err;
      }
      if (this.logTarget.kind === 'outbox' && charges.some((c) => c.log)) this.afterOutbox();
      this.journal?.committed(charges.map((c) => c.requestId));
      for (const c of charges) this.uncommitted.push(settledRef(c));
      await this.tellAuthority();
      await this.tellShortfall(shortfall);
    });
  }

  /** Returns what the database could not pay. */
  private async write(charges: Charge[]): Promise<Shortfall> {
    return (await writeCharges(this.db, this.dialect, charges, this.logTarget)).shortfall;
  }

  /**
   * Applies charges another instance settled and journaled but did not flush (it died), each at
   * most once whoever else applies it, and lets the admission view follow. Serialised with
   * flushes and balance loads, like a flush.
   */
  applyJournaled(charges: Charge[]): Promise<number> {
    return this.lock.run(async () => {
      const { applied, charged, shortfall } = await writeCharges(
        this.db,
        this.dialect,
        charges,
        this.logTarget,
      );
      if (this.logTarget.kind === 'outbox' && applied.some((c) => c.log)) this.afterOutbox();
      for (const [i, c] of applied.entries()) {
        await this.authority.adjust('user', c.userId, -charged[i]!);
        if (c.tokenPays && c.tokenId !== null) await this.authority.adjust('token', c.tokenId, -charged[i]!);
      }
      await this.tellShortfall(shortfall);
      return applied.length;
    });
  }

  /** The admission view admitted charges the database then cut: it follows the database. */
  private async tellShortfall(shortfall: Shortfall) {
    try {
      for (const id of shortfall.users.keys()) await this.authority.overdrawn('user', id);
      for (const id of shortfall.tokens.keys()) await this.authority.overdrawn('token', id);
    } catch (err) {
      console.error(`balance update after a capped charge failed: ${(err as Error).message}`);
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

  async close() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush().catch(() => undefined);
    this.journal?.close();
  }
}
