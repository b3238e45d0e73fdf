import type { UserView } from '@gateway/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from './client';

export const selfKeys = {
  self: ['user', 'self'] as const,
  aff: ['user', 'aff'] as const,
};

export function useSelfQuery() {
  return useQuery({ queryKey: selfKeys.self, queryFn: () => api.get<UserView>('/api/user/self') });
}

export function useAffCodeQuery() {
  return useQuery({ queryKey: selfKeys.aff, queryFn: () => api.get<string>('/api/user/aff') });
}

export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: (password: string) => api.put<null>('/api/user/self', { password }),
  });
}

export function useGenerateAccessTokenMutation() {
  return useMutation({ mutationFn: () => api.get<string>('/api/user/token') });
}
