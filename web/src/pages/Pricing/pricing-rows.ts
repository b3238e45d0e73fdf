import { QuotaType, type PricingModel } from '@gateway/contract';
import { abbreviateQuota } from '../../quota/format-quota';

export interface PricingRow extends PricingModel {
  /** The viewed group has an enabled channel for this model. */
  available: boolean;
}

/**
 * Case-insensitive subsequence match ("g4m" finds "gpt-4o-mini"), so a half-remembered name still
 * finds its model; spaces in the query are ignored.
 */
export function fuzzyMatch(query: string, name: string): boolean {
  const q = query.toLowerCase().replace(/\s+/g, '');
  if (!q) return true;
  const n = name.toLowerCase();
  let at = 0;
  for (const ch of q) {
    at = n.indexOf(ch, at);
    if (at < 0) return false;
    at++;
  }
  return true;
}

/**
 * The table's rows for one viewed group (spec 3 §2.3): models the group can use first, then per
 * call before per usage, then gpt-… names, then by name.
 */
export function pricingRows(models: PricingModel[], group: string, query: string): PricingRow[] {
  return models
    .filter((m) => fuzzyMatch(query, m.model_name))
    .map((m) => ({ ...m, available: m.enable_groups.includes(group) }))
    .sort((a, b) => {
      if (a.available !== b.available) return a.available ? -1 : 1;
      if (a.quota_type !== b.quota_type) return b.quota_type - a.quota_type;
      const aGpt = a.model_name.startsWith('gpt');
      const bGpt = b.model_name.startsWith('gpt');
      if (aGpt !== bGpt) return aGpt ? -1 : 1;
      return a.model_name.localeCompare(b.model_name);
    });
}

export interface PriceDisplay {
  displayInCurrency: boolean;
  quotaPerUnit: number;
}

/** USD with up to 6 decimals and no trailing zeros ("$0.15", "$2.5", "$0.000375"). */
export function usd(amount: number): string {
  return `$${Number(amount.toFixed(6))}`;
}

export type PriceLine =
  { kind: 'perCall'; amount: string } | { kind: 'input' | 'output'; amount: string; perMillion: true };

/**
 * What one model costs in the viewed group. Per usage, 1M input tokens cost ratio × 1M quota,
 * which is ratio × 2 USD at the default 500 000 quota per USD; output tokens cost the completion
 * ratio times that. Per call, the fixed price. Without currency display the amounts are in quota.
 */
export function priceLines(model: PricingModel, groupRatio: number, display: PriceDisplay): PriceLine[] {
  const money = (dollars: number) =>
    display.displayInCurrency ? usd(dollars) : abbreviateQuota(Math.round(dollars * display.quotaPerUnit));
  if (model.quota_type === QuotaType.PerCall) {
    return [{ kind: 'perCall', amount: money(model.model_price * groupRatio) }];
  }
  const input = ((model.model_ratio * 1_000_000) / display.quotaPerUnit) * groupRatio;
  return [
    { kind: 'input', amount: money(input), perMillion: true },
    { kind: 'output', amount: money(input * model.completion_ratio), perMillion: true },
  ];
}
