import type { OptionStore } from '../options/store.js';

/** Quota as log texts show it: "＄0.002000 额度" in currency mode, "1000 点额度" otherwise. */
export function formatLogQuota(quota: number, options: OptionStore): string {
  if (options.bool('DisplayInCurrencyEnabled')) {
    return `＄${(quota / options.num('QuotaPerUnit')).toFixed(6)} 额度`;
  }
  return `${quota} 点额度`;
}
