export interface QuotaDisplay {
  displayInCurrency: boolean;
  quotaPerUnit: number;
}

/** 12345 → "12.3k", 2500000 → "2.5M"; below 10 000 the plain number (document 1, section 9). */
export function abbreviateQuota(quota: number): string {
  const sign = quota < 0 ? '-' : '';
  const n = Math.abs(quota);
  if (n >= 1e9) return `${sign}${(n / 1e9).toFixed(1)}B`;
  if (n >= 1e6) return `${sign}${(n / 1e6).toFixed(1)}M`;
  if (n >= 1e4) return `${sign}${(n / 1e3).toFixed(1)}k`;
  return `${sign}${n}`;
}

/** Most decimals a tiny amount is given before it is shown as zero ($0.000001 at 500 000/unit). */
const MAX_DECIMALS = 6;

/**
 * Dollars with `digits` decimals; an amount too small for them gets just enough more decimals to
 * stay visible, so a cheap call never reads as $0.00.
 */
export function currencyQuota(quota: number, quotaPerUnit: number, digits = 2): string {
  const perUnit = quotaPerUnit > 0 ? quotaPerUnit : 500000;
  const amount = quota / perUnit;
  let decimals = digits;
  while (decimals < MAX_DECIMALS && amount !== 0 && Number(Math.abs(amount).toFixed(decimals)) === 0) {
    decimals += 1;
  }
  const text = Math.abs(amount).toFixed(decimals);
  return `${amount < 0 ? '-' : ''}$${text}`;
}

export function formatQuota(quota: number, display: QuotaDisplay, digits = 2): string {
  return display.displayInCurrency
    ? currencyQuota(quota, display.quotaPerUnit, digits)
    : abbreviateQuota(quota);
}
