import type { SetupRequest, SetupStatus } from '@gateway/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from './client';

export function useSetupStatusQuery() {
  return useQuery({
    queryKey: ['setup'],
    // The page words this failure itself (获取初始化状态失败).
    queryFn: () => api.get<SetupStatus>('/api/setup', { quiet: true }),
    retry: false,
  });
}

export function useSetupMutation() {
  return useMutation({
    mutationFn: (input: SetupRequest) =>
      api.request<null>('POST', '/api/setup', { body: input, quiet: true }),
  });
}
