import type {
  CreateRedemptionRequest,
  Page,
  RedemptionView,
  UpdateRedemptionRequest,
  UpdateRedemptionStatusRequest,
} from '@gateway/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

/** Admin management of redemption codes (document 2, sections 2.4 and 7). */

export interface RedemptionListParams {
  /** An id or a name prefix; '' lists everything. */
  keyword: string;
  page: number;
  pageSize: number;
}

export const redemptionKeys = {
  all: ['redemptions'] as const,
  list: (params: RedemptionListParams) => ['redemptions', 'list', params] as const,
  one: (id: number) => ['redemptions', 'one', id] as const,
};

export function useRedemptionsQuery(params: RedemptionListParams) {
  return useQuery({
    queryKey: redemptionKeys.list(params),
    queryFn: () => {
      const query = { p: params.page, page_size: params.pageSize };
      return params.keyword
        ? api.get<Page<RedemptionView>>('/api/redemption/search', {
            query: { ...query, keyword: params.keyword },
          })
        : api.get<Page<RedemptionView>>('/api/redemption/', { query });
    },
    // Paging keeps the current rows on screen instead of flashing an empty table.
    placeholderData: keepPreviousData,
  });
}

/** The edit drawer reads the code afresh: it may have been used since the list was loaded. */
export function useRedemptionQuery(id: number | null) {
  return useQuery({
    queryKey: redemptionKeys.one(id ?? 0),
    queryFn: () => api.get<RedemptionView>(`/api/redemption/${id}`),
    enabled: id !== null,
    gcTime: 0,
  });
}

function useInvalidateRedemptions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: redemptionKeys.all });
}

/** Answers the generated keys, one per code. */
export function useCreateRedemptionsMutation() {
  const invalidate = useInvalidateRedemptions();
  return useMutation({
    mutationFn: (input: CreateRedemptionRequest) => api.post<string[]>('/api/redemption/', input),
    onSuccess: invalidate,
  });
}

export function useUpdateRedemptionMutation() {
  const invalidate = useInvalidateRedemptions();
  return useMutation({
    mutationFn: (input: UpdateRedemptionRequest) => api.put<RedemptionView>('/api/redemption/', input),
    onSuccess: invalidate,
  });
}

/** Enable (1) or disable (2); the server refuses both on used codes. */
export function useSetRedemptionStatusMutation() {
  const invalidate = useInvalidateRedemptions();
  return useMutation({
    mutationFn: (input: UpdateRedemptionStatusRequest) =>
      api.put<RedemptionView>('/api/redemption/', input, { query: { status_only: true } }),
    onSuccess: invalidate,
  });
}

export function useDeleteRedemptionMutation() {
  const invalidate = useInvalidateRedemptions();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/api/redemption/${id}/`),
    onSuccess: invalidate,
  });
}
