import type { UserView } from '@gateway/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from './client';

export const selfKeys = {
  self: ['user', 'self'] as const,
  aff: ['user', 'aff'] as const,
};

export function useSelfQuery(enabled = true) {
  return useQuery({ queryKey: selfKeys.self, queryFn: () => api.get<UserView>('/api/user/self'), enabled });
}

export function useAffCodeQuery() {
  return useQuery({ queryKey: selfKeys.aff, queryFn: () => api.get<string>('/api/user/aff') });
}

/** The server re-issues this session and ends the user's other sessions. */
export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: (input: { password: string; original_password: string }) =>
      api.put<null>('/api/user/self', input),
  });
}

/** Deregisters the signed-in user; the server refuses it for the super admin. */
export function useDeleteSelfMutation() {
  return useMutation({ mutationFn: () => api.delete<null>('/api/user/self') });
}

export function useGenerateAccessTokenMutation() {
  return useMutation({ mutationFn: () => api.get<string>('/api/user/token') });
}
