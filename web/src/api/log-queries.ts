import type { LogStat, LogView, Page, UserView } from '@gateway/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './client';

/**
 * Usage logs (document 2, sections 2.6 and 7): admins read every log through /api/log/, users
 * their own through /api/log/self/; the filters are the same apart from channel and username.
 */

export type LogQueryParams = Record<string, string | number>;

export const logKeys = {
  all: ['log'] as const,
  list: (admin: boolean, query: LogQueryParams, page: number, pageSize: number) =>
    ['log', 'list', admin, query, page, pageSize] as const,
  stat: (admin: boolean, query: LogQueryParams) => ['log', 'stat', admin, query] as const,
  user: (id: number) => ['log', 'user', id] as const,
};

export function useLogsQuery(admin: boolean, query: LogQueryParams, page: number, pageSize: number) {
  return useQuery({
    queryKey: logKeys.list(admin, query, page, pageSize),
    queryFn: () =>
      api.get<Page<LogView>>(admin ? '/api/log/' : '/api/log/self/', {
        query: { ...query, p: page, page_size: pageSize },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useLogStatQuery(admin: boolean, query: LogQueryParams) {
  return useQuery({
    queryKey: logKeys.stat(admin, query),
    queryFn: () => api.get<LogStat>(admin ? '/api/log/stat' : '/api/log/self/stat', { query }),
    placeholderData: keepPreviousData,
  });
}

/**
 * One user's account for the admin's user popup. Quiet: a server without the admin user API
 * answers 404, and the popup then shows what the log row itself recorded.
 */
export function useLogUserQuery(id: number | null) {
  return useQuery({
    queryKey: logKeys.user(id ?? 0),
    queryFn: () => api.get<UserView>(`/api/user/${id}`, { quiet: true }),
    enabled: id !== null,
  });
}
