import type { Page, TaskView } from '@gateway/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { TaskQuery } from './task-filters';

/** Admins read every task through /api/task/, users their own through /api/task/self. */
export function useTasksQuery(admin: boolean, query: TaskQuery, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['task', 'list', admin, query, page, pageSize],
    queryFn: () =>
      api.get<Page<TaskView>>(admin ? '/api/task/' : '/api/task/self', {
        query: { ...query, p: page, page_size: pageSize },
      }),
    placeholderData: keepPreviousData,
  });
}
