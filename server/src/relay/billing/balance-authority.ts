/** Which balance refused a hold. */
export type Payer = 'user' | 'token';

export type HoldOutcome = { ok: true; epoch: string } | { ok: false; payer: Payer; available: number };

/** Reads a balance from the database (plus writes not yet flushed). */
export interface BalanceSource {
  userQuota(userId: number): Promise<number>;
  tokenQuota(tokenId: number): Promise<number>;
}

/** A hold as the authority registered it. `tokenId` is the paying token (null when unlimited). */
export interface HoldRef {
  holdId: string;
  /** The instance epoch the hold was registered under (fencing: see RedisBalanceAuthority). */
  epoch: string;
  userId: number;
  tokenId: number | null;
  amount: number;
}

/**
 * The admission view of balances: database value minus holds in flight and charges not yet in
 * the database. It decides whether a request may start; the database stays the ledger.
 */
export interface BalanceAuthority {
  /** Takes `amount` from the user and, when tokenId is given, from the token, or from neither. */
  hold(userId: number, tokenId: number | null, amount: number, holdId: string): Promise<HoldOutcome>;
  /**
   * Ends a hold with a charge within it: the rest goes back; the charge stays pending until
   * committed. `journal` (journal-entry.ts: the charge's facts) lets an authority shared by
   * several instances keep the charge, so that another instance can apply it if this one dies.
   */
  settle(hold: HoldRef, charge: number, journal?: string): Promise<void>;
  /**
   * Ends a hold whose final charge exceeds it: takes up to `extra` more from the user (and the
   * token), never below zero, atomically with other holds and charges. Returns what was taken.
   */
  settleOver(hold: HoldRef, extra: number, journal?: string): Promise<number>;
  /** Gives the whole hold back (the request failed). */
  release(hold: HoldRef): Promise<void>;
  /** The charges of these settled holds are now committed to the database. */
  committed(holds: HoldRef[]): Promise<void>;
  userBalance(userId: number): Promise<number>;
  tokenBalance(tokenId: number): Promise<number>;
  /**
   * A balance changed in the database outside the relay (top-up, admin edit), already committed:
   * the admission view follows (no-op when it is not loaded).
   */
  adjust(kind: Payer, id: number, delta: number): Promise<void>;
  /**
   * The database could not pay a charge this view had admitted (it cut the charge, leaving the
   * payer at zero): the view believed in more than there is and must follow the database.
   */
  overdrawn(kind: Payer, id: number): Promise<void>;
}

export function mayHold(balance: number, amount: number): boolean {
  // A free request may run at zero balance; a priced one needs a positive balance covering it.
  return amount <= 0 || (balance > 0 && balance >= amount);
}

/** Single instance: balances in process memory. */
export class MemoryBalanceAuthority implements BalanceAuthority {
  private users = new Map<number, number>();
  private tokens = new Map<number, number>();
  private loading = new Map<string, Promise<number>>();

  constructor(private readonly source: BalanceSource) {}

  private async load(kind: Payer, id: number): Promise<number> {
    const map = kind === 'user' ? this.users : this.tokens;
    const hit = map.get(id);
    if (hit !== undefined) return hit;
    const key = `${kind}:${id}`;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = (kind === 'user' ? this.source.userQuota(id) : this.source.tokenQuota(id)).finally(() =>
        this.loading.delete(key),
      );
      this.loading.set(key, pending);
    }
    const value = await pending;
    // Another caller may have loaded and already changed it while we waited.
    const now = map.get(id);
    if (now !== undefined) return now;
    map.set(id, value);
    return value;
  }

  async hold(userId: number, tokenId: number | null, amount: number, _holdId: string): Promise<HoldOutcome> {
    const user = await this.load('user', userId);
    const token = tokenId === null ? null : await this.load('token', tokenId);
    // Re-read after the awaits: the synchronous section below is the atomic check-and-take.
    const u = this.users.get(userId) ?? user;
    if (!mayHold(u, amount)) return { ok: false, payer: 'user', available: u };
    if (tokenId !== null) {
      const t = this.tokens.get(tokenId) ?? token ?? 0;
      if (!mayHold(t, amount)) return { ok: false, payer: 'token', available: t };
      this.tokens.set(tokenId, t - amount);
    }
    this.users.set(userId, u - amount);
    return { ok: true, epoch: '' };
  }

  private giveBack(userId: number, tokenId: number | null, delta: number) {
    const u = this.users.get(userId);
    if (u !== undefined) this.users.set(userId, u + delta);
    if (tokenId !== null) {
      const t = this.tokens.get(tokenId);
      if (t !== undefined) this.tokens.set(tokenId, t + delta);
    }
  }

  async settle(hold: HoldRef, charge: number): Promise<void> {
    this.giveBack(hold.userId, hold.tokenId, hold.amount - charge);
  }

  async release(hold: HoldRef): Promise<void> {
    this.giveBack(hold.userId, hold.tokenId, hold.amount);
  }

  async settleOver(hold: HoldRef, extra: number): Promise<number> {
    const { userId, tokenId } = hold;
    // Balances stay loaded while a hold is open; a missing one can pay nothing.
    const u = this.users.get(userId) ?? 0;
    let taken = Math.min(extra, Math.max(0, u));
    if (tokenId !== null) taken = Math.min(taken, Math.max(0, this.tokens.get(tokenId) ?? 0));
    if (taken > 0) {
      this.users.set(userId, u - taken);
      if (tokenId !== null) this.tokens.set(tokenId, (this.tokens.get(tokenId) ?? 0) - taken);
    }
    return taken;
  }

  // The memory view counts a charge from its settlement on, flushed or not.
  async committed(): Promise<void> {}

  userBalance(userId: number) {
    return this.load('user', userId);
  }
  tokenBalance(tokenId: number) {
    return this.load('token', tokenId);
  }
  async adjust(kind: Payer, id: number, delta: number) {
    const map = kind === 'user' ? this.users : this.tokens;
    const v = map.get(id);
    if (v !== undefined) map.set(id, v + delta);
  }
  // The database balance is zero now, so nothing priced may start until a top-up.
  async overdrawn(kind: Payer, id: number) {
    const map = kind === 'user' ? this.users : this.tokens;
    const v = map.get(id);
    if (v !== undefined) map.set(id, Math.min(v, 0));
  }
}
