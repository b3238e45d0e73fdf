import type { LogInput } from '../../modules/logs/writer.js';
import type { HoldRef, Payer } from './balance-authority.js';

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
