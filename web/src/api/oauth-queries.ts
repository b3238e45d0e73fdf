import { useMutation } from '@tanstack/react-query';
import type { StoredUser } from '../session/stored-user';
import { api } from './client';

export type OAuthProvider = 'github' | 'oidc' | 'linuxdo';

/** A state bound to this browser's session, for one authorise round trip. */
export const fetchOAuthState = (aff: string | null) =>
  api.get<string>('/api/oauth/state', { query: { aff: aff || undefined } });

/**
 * The callback page's call, with everything the provider sent back. Signed in, the identity is
 * bound and the message is "bind"; otherwise the answer is the signed-in user.
 */
export const completeOAuth = (provider: OAuthProvider, search: string) =>
  api.request<StoredUser | null>('GET', `/api/oauth/${provider}${search}`, { noAuthRedirect: true });

export type TelegramFields = Record<string, string | number>;
const telegramQuery = (fields: TelegramFields) =>
  Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, String(value)]));

export function useWeChatLoginMutation() {
  return useMutation({
    mutationFn: (code: string) =>
      api.get<StoredUser>('/api/oauth/wechat', { query: { code }, noAuthRedirect: true }),
  });
}

export function useTelegramLoginMutation() {
  return useMutation({
    mutationFn: (fields: TelegramFields) =>
      api.get<StoredUser>('/api/oauth/telegram/login', {
        query: telegramQuery(fields),
        noAuthRedirect: true,
      }),
  });
}

export function useWeChatBindMutation() {
  return useMutation({
    mutationFn: (code: string) => api.get<null>('/api/oauth/wechat/bind', { query: { code } }),
  });
}

export function useTelegramBindMutation() {
  return useMutation({
    mutationFn: (fields: TelegramFields) =>
      api.get<null>('/api/oauth/telegram/bind', { query: telegramQuery(fields) }),
  });
}

export function useEmailBindMutation() {
  return useMutation({
    mutationFn: (input: { email: string; code: string }) =>
      api.get<null>('/api/oauth/email/bind', { query: input }),
  });
}
