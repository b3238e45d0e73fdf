import { useCallback } from 'react';
import { useSiteStatus } from '../api/site-queries';
import { formatQuota } from './format-quota';

/** formatQuota bound to the site's display settings. */
export function useQuotaFormatter() {
  const { display_in_currency, quota_per_unit } = useSiteStatus();
  return useCallback(
    (quota: number, digits?: number) =>
      formatQuota(quota, { displayInCurrency: display_in_currency, quotaPerUnit: quota_per_unit }, digits),
    [display_in_currency, quota_per_unit],
  );
}
