import type { EpayPurchase, Page, PaymentMethod, TopUpView } from '@gateway/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { selfKeys } from './self-queries';

/** The wallet's calls (document 2, sections 2.5 and 7). */

export const topUpKeys = {
  all: ['topup'] as const,
  price: (amount: number) => ['topup', 'price', amount] as const,
  orders: (page: number, pageSize: number) => ['topup', 'orders', page, pageSize] as const,
};

/** POST /api/user/topup: redeems a code, answers the quota added; the balance is read again. */
export function useRedeemCodeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => api.post<number>('/api/user/topup', { key }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: selfKeys.self }),
  });
}

/**
 * What `amount` (display units) costs, as the server's 2-decimal string. Quiet: the wallet shows
 * the error itself, prefixed "错误：", next to the amount rather than as a toast per keystroke.
 */
export function useTopUpPriceQuery(amount: number, enabled: boolean) {
  return useQuery({
    queryKey: topUpKeys.price(amount),
    queryFn: () => api.post<string>('/api/user/amount', { amount, top_up_code: '' }, { quiet: true }),
    enabled,
    staleTime: 30_000,
  });
}

/** Places a pending order; the answer is the signed form for the payment gateway. Quiet, as above. */
export function usePayMutation() {
  return useMutation({
    mutationFn: ({ amount, method }: { amount: number; method: PaymentMethod }) =>
      api.post<EpayPurchase>(
        '/api/user/pay',
        { amount, top_up_code: '', payment_method: method },
        { quiet: true },
      ),
  });
}

/** The caller's own online top-up orders, newest first. */
export function useMyTopUpsQuery(page: number, pageSize: number) {
  return useQuery({
    queryKey: topUpKeys.orders(page, pageSize),
    queryFn: () =>
      api.get<Page<TopUpView>>('/api/user/topup/self', { query: { p: page, page_size: pageSize } }),
    placeholderData: keepPreviousData,
  });
}
