import type { AppContext } from '../../context.js';
import { badRequest } from '../../platform/http/api-error.js';

/**
 * What an online top-up costs and credits. Money is computed in exact decimals (BigInt), never
 * in binary floating point: 10 × 7.3 must be 73.00, not 72.99999999999999.
 */

/** A finite, non-negative number as digits × 10^-scale, taken from its shortest decimal form. */
function exactDecimal(value: number): { digits: bigint; scale: number } {
  const match = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value));
  if (!match) throw new Error(`not a non-negative finite number: ${value}`);
  const [, whole, fraction = '', exponent = '0'] = match;
  const scale = fraction.length - Number(exponent);
  const digits = BigInt(whole + fraction);
  return scale >= 0 ? { digits, scale } : { digits: digits * 10n ** BigInt(-scale), scale: 0 };
}

/** round(amount × price × ratio ÷ divisor, 2 decimals, half up), in cents. */
export function priceInCents(amount: number, price: number, ratio: number, divisor: number): bigint {
  const factors = [amount, price, ratio, 100].map(exactDecimal);
  const d = exactDecimal(divisor);
  let numerator = d.digits === 0n ? 0n : 10n ** BigInt(d.scale);
  let denominator = d.digits === 0n ? 1n : d.digits;
  for (const f of factors) {
    numerator *= f.digits;
    denominator *= 10n ** BigInt(f.scale);
  }
  return (2n * numerator + denominator) / (2n * denominator);
}

/** "73.00" */
export function formatCents(cents: bigint): string {
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

export interface TopUpQuote {
  /** As entered, in display units. */
  amount: number;
  /** Quota the order credits once paid. */
  quota: number;
  /** Price to pay, 2 decimals. */
  money: string;
}

/**
 * amount is in display units: currency units when DisplayInCurrencyEnabled (so it credits
 * amount × QuotaPerUnit), raw quota otherwise (it credits itself and costs amount ÷ QuotaPerUnit
 * units). The price per unit is Price × TopupGroupRatio of the user's group (missing or 0 → 1).
 */
export function quoteTopUp(ctx: AppContext, group: string, amount: number): TopUpQuote {
  const inCurrency = ctx.options.bool('DisplayInCurrencyEnabled');
  const quotaPerUnit = ctx.options.num('QuotaPerUnit');
  const minTopUp = inCurrency
    ? ctx.options.num('MinTopUp')
    : Math.trunc(ctx.options.num('MinTopUp') * quotaPerUnit);
  if (amount < minTopUp) throw badRequest(`充值数量不能小于 ${minTopUp}`);

  const ratios = ctx.options.json<Record<string, unknown> | null>('TopupGroupRatio') ?? {};
  const ratio = Object.hasOwn(ratios, group) ? Number(ratios[group]) : NaN;
  const price = Math.max(0, ctx.options.num('Price'));
  const cents = priceInCents(
    amount,
    price,
    Number.isFinite(ratio) && ratio > 0 ? ratio : 1,
    inCurrency ? 1 : quotaPerUnit,
  );
  if (cents < 1n) throw badRequest('充值金额过低');

  const quota = inCurrency ? amount * quotaPerUnit : amount;
  if (!Number.isSafeInteger(quota)) throw badRequest('充值数量过大');
  return { amount, quota, money: formatCents(cents) };
}
