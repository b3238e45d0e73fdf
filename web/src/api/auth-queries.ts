import { useMutation } from '@tanstack/react-query';
import type { StoredUser } from '../session/stored-user';
import { api } from './client';

export interface LoginInput {
  username: string;
  password: string;
}

/** A human-check token, sent as the `turnstile` query parameter when the check is on. */
const humanCheck = (turnstile?: string) => (turnstile ? { turnstile } : undefined);

export interface RegisterInput {
  username: string;
  password: string;
  password2: string;
  email?: string;
  verification_code?: string;
  aff_code?: string;
}

export function useLoginMutation() {
  return useMutation({
    // A 401 here is "wrong credentials", shown as an error rather than an expired session.
    mutationFn: ({ turnstile, ...input }: LoginInput & { turnstile?: string }) =>
      api.post<StoredUser>('/api/user/login', input, { noAuthRedirect: true, query: humanCheck(turnstile) }),
  });
}

export function useRegisterMutation() {
  return useMutation({
    mutationFn: ({ turnstile, ...input }: RegisterInput & { turnstile?: string }) =>
      api.post<null>('/api/user/register', input, { query: humanCheck(turnstile) }),
  });
}

export function useSendVerificationCodeMutation() {
  return useMutation({
    mutationFn: ({ email, turnstile }: { email: string; turnstile?: string }) =>
      api.get<null>('/api/verification', { query: { email, ...humanCheck(turnstile) } }),
  });
}

export function useLogoutMutation() {
  return useMutation({ mutationFn: () => api.get<null>('/api/user/logout', { noAuthRedirect: true }) });
}
