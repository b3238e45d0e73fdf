import type { QuotaDataRow } from '@gateway/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './client';

export interface DashboardRange {
  start: number;
  end: number;
  /** Admins only: one user's rows instead of everyone's. */
  username?: string;
}

/** Admins read /api/data/ (everyone, or one username), users /api/data/self. */
export function useQuotaDataQuery(range: DashboardRange, admin: boolean) {
  return useQuery({
    queryKey: ['quota-data', admin, range],
    queryFn: () =>
      api.get<QuotaDataRow[]>(admin ? '/api/data/' : '/api/data/self', {
        query: {
          start_timestamp: range.start,
          end_timestamp: range.end,
          username: admin && range.username ? range.username : undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });
}
