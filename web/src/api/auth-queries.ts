import { useMutation } from '@tanstack/react-query';
import type { StoredUser } from '../session/stored-user';
import { api } from './client';

export interface LoginInput {
  username: string;
  password: string;
}

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
    mutationFn: (input: LoginInput) =>
      api.post<StoredUser>('/api/user/login', input, { noAuthRedirect: true }),
  });
}

export function useRegisterMutation() {
  return useMutation({ mutationFn: (input: RegisterInput) => api.post<null>('/api/user/register', input) });
}

export function useSendVerificationCodeMutation() {
  return useMutation({
    mutationFn: (email: string) => api.get<null>('/api/verification', { query: { email } }),
  });
}

export function useLogoutMutation() {
  return useMutation({ mutationFn: () => api.get<null>('/api/user/logout', { noAuthRedirect: true }) });
}
