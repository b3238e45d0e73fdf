import type {
  AdminCreateUserRequest,
  AdminUpdateUserRequest,
  ManageUserResult,
  Page,
  UserManageAction,
  UserView,
} from '@gateway/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { selfKeys } from './self-queries';

/** Admin management of users (document 1: manage users, edit-user drawer). */

export interface UserListParams {
  /** Matched against ID, username, display name and email; '' lists everyone. */
  keyword: string;
  /** Exact group; '' for every group. */
  group: string;
  page: number;
  pageSize: number;
}

export const userAdminKeys = {
  all: ['users'] as const,
  list: (params: UserListParams) => ['users', 'list', params] as const,
  one: (id: number) => ['users', 'one', id] as const,
};

export function useUsersQuery(params: UserListParams) {
  return useQuery({
    queryKey: userAdminKeys.list(params),
    queryFn: () => {
      const query = { p: params.page, page_size: params.pageSize };
      return params.keyword || params.group
        ? api.get<Page<UserView>>('/api/user/search', {
            query: { ...query, keyword: params.keyword, group: params.group },
          })
        : api.get<Page<UserView>>('/api/user/', { query });
    },
    // Paging keeps the current rows on screen instead of flashing an empty table.
    placeholderData: keepPreviousData,
  });
}

/** The editor reads the user afresh: quota and names may have changed since the list loaded. */
export function useUserQuery(id: number | null) {
  return useQuery({
    queryKey: userAdminKeys.one(id ?? 0),
    queryFn: () => api.get<UserView>(`/api/user/${id}`),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

function useInvalidateUsers() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: userAdminKeys.all });
}

export function useCreateUserMutation() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (input: AdminCreateUserRequest) => api.post<{ id: number }>('/api/user/', input),
    onSuccess: invalidate,
  });
}

export function useUpdateUserMutation() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (input: AdminUpdateUserRequest) => api.put<null>('/api/user/', input),
    onSuccess: invalidate,
  });
}

/** Answers the row's role and status afterwards, which the list shows without a reload. */
export function useManageUserMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; action: UserManageAction }) =>
      api.post<ManageUserResult>('/api/user/manage', input),
    onSuccess: (result, { id, action }) => {
      client.setQueriesData<Page<UserView>>({ queryKey: ['users', 'list'] }, (page) =>
        page
          ? {
              ...page,
              items: page.items.map((user) =>
                user.id === id
                  ? {
                      ...user,
                      ...result,
                      DeletedAt: action === 'delete' ? Math.floor(Date.now() / 1000) : user.DeletedAt,
                    }
                  : user,
              ),
            }
          : page,
      );
    },
  });
}

/** The signed-in user's own details (username, display name, password with the current one). */
export function useUpdateSelfMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      username?: string;
      display_name?: string;
      password?: string;
      original_password?: string;
    }) => api.put<null>('/api/user/self', input),
    onSuccess: () => client.invalidateQueries({ queryKey: selfKeys.self }),
  });
}
