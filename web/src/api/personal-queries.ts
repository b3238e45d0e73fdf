import type { AffTransferRequest, UpdateUserSettingRequest, UserSettingView } from '@gateway/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { selfKeys } from './self-queries';

const settingKey = ['user', 'setting'] as const;

/** GET /api/user/setting: notification and pricing preferences (the webhook secret stays on the server). */
export function useUserSettingQuery() {
  return useQuery({ queryKey: settingKey, queryFn: () => api.get<UserSettingView>('/api/user/setting') });
}

export function useSaveUserSettingMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateUserSettingRequest) => api.put<null>('/api/user/setting', input),
    onSuccess: () => client.invalidateQueries({ queryKey: settingKey }),
  });
}

/** POST /api/user/aff_transfer; the balance and earnings shown are read again afterwards. */
export function useAffTransferMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AffTransferRequest) => api.post<null>('/api/user/aff_transfer', input),
    onSuccess: () => client.invalidateQueries({ queryKey: selfKeys.self }),
  });
}
