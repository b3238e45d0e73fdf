import type { MidjourneyView, Page } from '@gateway/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { MjQuery } from './mj-filters';

/** Drawing tasks: admins read /api/mj/ (every user, with channel), users /api/mj/self. */
export function useMjTasksQuery(admin: boolean, query: MjQuery, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['mj', 'list', admin, query, page, pageSize] as const,
    queryFn: () =>
      api.get<Page<MidjourneyView>>(admin ? '/api/mj/' : '/api/mj/self', {
        query: { ...query, p: page, page_size: pageSize },
      }),
    placeholderData: keepPreviousData,
  });
}
