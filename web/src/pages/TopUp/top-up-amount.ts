import type { SiteStatus } from '@gateway/contract';

/** Amount rules of the online top-up (document 2, section 5; document 1, section 9). */

type AmountStatus = Pick<SiteStatus, 'min_topup' | 'display_in_currency' | 'quota_per_unit'>;

/**
 * The smallest amount the server accepts, in the units the user types. The status gives MinTopUp
 * in currency units; without currency display amounts are raw quota, so the server (and this)
 * multiply it by the quota per unit.
 */
export function minimumTopUp(status: AmountStatus): number {
  const minimum = status.display_in_currency
    ? status.min_topup
    : Math.trunc(status.min_topup * status.quota_per_unit);
  return Math.max(1, minimum);
}

/**
 * What the amount field keeps after an edit: whole numbers of at least 1. An empty field stays
 * empty while the user types; it becomes 1 when the field is left.
 */
export function raiseAmount(value: number | string): number | '' {
  if (value === '') return '';
  const n = Math.trunc(Number(value));
  return Number.isFinite(n) && n >= 1 ? n : 1;
}
