import { useMutation } from '@tanstack/react-query';
import { api } from './client';

/** GET /api/reset_password: mails a reset link (spec 2 §7). */
export function useRequestPasswordResetMutation() {
  return useMutation({
    mutationFn: (input: { email: string; turnstile: string }) =>
      api.get<null>('/api/reset_password', { query: input }),
  });
}

/** POST /api/user/reset: answers the new password. */
export function useConfirmPasswordResetMutation() {
  return useMutation({
    mutationFn: (input: { email: string; token: string }) => api.post<string>('/api/user/reset', input),
  });
}
