import { chargeQuota, type Usage } from '../billing/pricing.js';
import { RelayError } from '../errors.js';
import type { SessionInput } from './session.js';

/**
 * A session is held at its start for a small amount, then runs as long as the client likes: after
 * each response it must still be payable. Once its cost passes the hold, the payer's free balance
 * (user, and a limited key) must cover the difference, else the session is cut off.
 */
export class SessionBudget {
  private checking = false;
  private latest: Usage | null = null;
  private cut = false;
  private shortBy: { payer: 'user' | 'token'; available: number; needed: number } | null = null;

  constructor(
    private readonly s: Pick<SessionInput, 'relay' | 'caller' | 'price' | 'hold'>,
    private readonly onExhausted: () => void,
  ) {}

  /**
   * Called after each response.done with the session's usage so far. Checks run one at a time;
   * usage that arrives during a check is checked right after it, so no response goes unchecked.
   */
  check(usage: Usage): void {
    this.latest = usage;
    if (this.cut || this.checking) return;
    this.checking = true;
    void this.drain()
      .catch(() => undefined)
      .finally(() => (this.checking = false));
  }

  private async drain(): Promise<void> {
    while (this.latest && !this.cut) {
      const usage = this.latest;
      this.latest = null;
      const extra = chargeQuota(this.s.price, usage) - this.s.hold.request.amount;
      if (extra <= 0 || (await this.covered(extra))) continue;
      this.cut = true;
      this.onExhausted();
    }
  }

  /** The error event the client gets when the session is cut off. */
  refusal(): RelayError {
    const short = this.shortBy ?? { payer: 'user', available: 0, needed: 0 };
    const token = short.payer === 'token';
    return new RelayError(
      403,
      `${token ? '令牌' : '用户'}额度不足：剩余 ${short.available}，需要 ${short.needed}`,
      token ? 'pre_consume_token_quota_failed' : 'insufficient_user_quota',
    );
  }

  private async covered(extra: number): Promise<boolean> {
    const { relay, caller } = this.s;
    const authority = relay.ctx.ledger.authority;
    const user = await authority.userBalance(caller.user.id);
    if (user < extra) {
      this.shortBy = { payer: 'user', available: user, needed: extra };
      return false;
    }
    const token = caller.token;
    if (token && !token.unlimited) {
      const left = await authority.tokenBalance(token.id);
      if (left < extra) {
        this.shortBy = { payer: 'token', available: left, needed: extra };
        return false;
      }
    }
    return true;
  }
}
