import type {
  CreateTokenRequest,
  Page,
  TokenView,
  UpdateTokenRequest,
  UpdateTokenStatusRequest,
  UserGroupMap,
} from '@gateway/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

/** The signed-in user's API keys (document 2, sections 2.3 and 7). */

export interface TokenListParams {
  /** Part of a token name; '' for any. */
  keyword: string;
  /** Part of a key (with or without sk-); '' for any. */
  key: string;
  page: number;
  pageSize: number;
}

export const tokenKeys = {
  /** Every token query, including the chat links' "first enabled key" lookup. */
  all: ['token'] as const,
  list: (params: TokenListParams) => ['token', 'list', params] as const,
  models: ['user', 'models'] as const,
  groups: ['user', 'self', 'groups'] as const,
};

export function useTokensQuery(params: TokenListParams) {
  return useQuery({
    queryKey: tokenKeys.list(params),
    queryFn: () => {
      const query = { p: params.page, size: params.pageSize };
      const searching = params.keyword !== '' || params.key !== '';
      return searching
        ? api.get<Page<TokenView>>('/api/token/search', {
            query: { ...query, keyword: params.keyword, token: params.key },
          })
        : api.get<Page<TokenView>>('/api/token/', { query });
    },
    // Paging keeps the current rows on screen instead of flashing an empty table.
    placeholderData: keepPreviousData,
  });
}

/** Models the user may limit a token to: those of enabled channels in the user's groups. */
export function useUserModelsQuery(enabled = true) {
  return useQuery({
    queryKey: tokenKeys.models,
    queryFn: () => api.get<string[]>('/api/user/models'),
    enabled,
    staleTime: 60_000,
  });
}

export function useSelfGroupsQuery(enabled = true) {
  return useQuery({
    queryKey: tokenKeys.groups,
    queryFn: () => api.get<UserGroupMap>('/api/user/self/groups'),
    enabled,
    staleTime: 60_000,
  });
}

function useInvalidateTokens() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: tokenKeys.all });
}

/** Answers the created tokens (several with `count`). */
export function useCreateTokensMutation() {
  const invalidate = useInvalidateTokens();
  return useMutation({
    mutationFn: (input: CreateTokenRequest) => api.post<TokenView[]>('/api/token/', input),
    onSuccess: invalidate,
  });
}

export function useUpdateTokenMutation() {
  const invalidate = useInvalidateTokens();
  return useMutation({
    mutationFn: (input: UpdateTokenRequest) => api.put<TokenView>('/api/token/', input),
    onSuccess: invalidate,
  });
}

/** Enable (1) or disable (2). The server refuses to enable an expired or exhausted token. */
export function useSetTokenStatusMutation() {
  const invalidate = useInvalidateTokens();
  return useMutation({
    mutationFn: (input: UpdateTokenStatusRequest) =>
      api.put<TokenView>('/api/token/', input, { query: { status_only: true } }),
    onSuccess: invalidate,
  });
}

export function useDeleteTokenMutation() {
  const invalidate = useInvalidateTokens();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/api/token/${id}/`),
    onSuccess: invalidate,
  });
}
