import type { RelayCaller } from '../auth/relay-auth.js';
import type { QuotaHold, QuotaLedger } from './ledger.js';

/**
 * Holds `amount` for a relay caller: on its user and, unless unlimited (or absent, as for the
 * playground's session callers), on its API key. Refusals throw the ledger's
 * InsufficientQuotaError; each protocol words it in its own error shape.
 */
export function holdForCaller(
  ledger: QuotaLedger,
  caller: RelayCaller,
  amount: number,
  requestId: string,
): Promise<QuotaHold> {
  return ledger.hold({
    requestId,
    userId: caller.user.id,
    tokenId: caller.token?.id ?? null,
    tokenUnlimited: caller.token?.unlimited ?? true,
    amount,
  });
}
