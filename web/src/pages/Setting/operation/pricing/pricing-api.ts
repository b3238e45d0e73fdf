import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../api/client';

export const enabledModelKeys = { all: ['channel', 'models_enabled'] as const };

/** GET /api/channel/models_enabled: model names that have an enabled channel. */
export function useEnabledModelsQuery() {
  return useQuery({
    queryKey: enabledModelKeys.all,
    queryFn: () => api.get<string[]>('/api/channel/models_enabled', { quiet: true }),
  });
}

/** POST /api/option/rest_model_ratio (the server keeps the reference's spelling). */
export function resetModelRatios(): Promise<null> {
  return api.post<null>('/api/option/rest_model_ratio');
}
