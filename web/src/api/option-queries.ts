import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from './client';
import { siteKeys } from './site-queries';

export interface OptionEntry {
  key: string;
  value: string;
}

export const optionKeys = { all: ['options'] as const };

/** GET /api/option/ as a key → value map (secrets are never in it). */
export function useOptionsQuery() {
  return useQuery({
    queryKey: optionKeys.all,
    queryFn: async () => {
      const list = await api.get<OptionEntry[]>('/api/option/');
      return Object.fromEntries(list.map((o) => [o.key, o.value])) as Record<string, string>;
    },
  });
}

/** PUT /api/option/ for one key. The client toasts the server's message when it refuses. */
export function putOption(key: string, value: string): Promise<null> {
  return api.put<null>('/api/option/', { key, value });
}

/** After a save: reload the options and the public site status (name, logo, flags). */
export function useRefreshOptions() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.refetchQueries({ queryKey: optionKeys.all }),
      queryClient.invalidateQueries({ queryKey: siteKeys.status }),
    ]);
  }, [queryClient]);
}
