import type { PricingAnswer } from '@gateway/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './client';

/**
 * GET /api/pricing. Its group fields sit beside `data` in the envelope, so the whole answer is
 * read. Public: a guest gets the default group's view, and a 401 never redirects.
 */
export function usePricingQuery() {
  return useQuery({
    queryKey: ['pricing'],
    queryFn: async () => {
      const envelope = (await api.request<PricingAnswer['data']>('GET', '/api/pricing', {
        noAuthRedirect: true,
      })) as unknown as PricingAnswer;
      return envelope;
    },
  });
}
