import type { ChannelView, Page } from '@gateway/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from './client';

/** What the channel list shows: one page, optionally filtered (spec 2 §7 channel list and search). */
export interface ChannelListParams {
  page: number;
  pageSize: number;
  idSort: boolean;
  tagMode: boolean;
  keyword: string;
  group: string;
  model: string;
}

export const channelKeys = {
  all: ['channels'] as const,
  list: (params: ChannelListParams) => ['channels', 'list', params] as const,
  one: (id: number) => ['channels', 'one', id] as const,
  groups: ['groups', 'all'] as const,
};

export const isSearching = (p: Pick<ChannelListParams, 'keyword' | 'group' | 'model'>) =>
  Boolean(p.keyword.trim() || p.group || p.model.trim());

/** `/api/channel/search` when any filter is set (it pages the same way), else `/api/channel/`. */
export function fetchChannelPage(params: ChannelListParams): Promise<Page<ChannelView>> {
  const query = {
    p: params.page,
    page_size: params.pageSize,
    id_sort: params.idSort,
    tag_mode: params.tagMode,
  };
  if (!isSearching(params)) return api.get<Page<ChannelView>>('/api/channel/', { query });
  return api.get<Page<ChannelView>>('/api/channel/search', {
    query: { ...query, keyword: params.keyword.trim(), group: params.group, model: params.model.trim() },
  });
}

export function useChannelPageQuery(params: ChannelListParams) {
  return useQuery({
    queryKey: channelKeys.list(params),
    queryFn: () => fetchChannelPage(params),
    // Paging and inline edits keep the old rows on screen instead of flashing an empty table.
    placeholderData: keepPreviousData,
  });
}

/** One channel with every field but the key (the drawer reads it fresh rather than from the list). */
export function useChannelQuery(id: number | null) {
  return useQuery({
    queryKey: channelKeys.one(id ?? 0),
    queryFn: () => api.get<ChannelView>(`/api/channel/${id}`),
    enabled: id !== null,
    // Always fresh when the drawer opens: another admin may have changed it.
    staleTime: 0,
    gcTime: 0,
  });
}

/** Group names (the keys of GroupRatio) for the group filter and the channel's group list. */
export function useGroupsQuery() {
  return useQuery({
    queryKey: channelKeys.groups,
    queryFn: () => api.get<string[]>('/api/group/'),
    staleTime: 60_000,
  });
}

/** Reloads every channel list and channel shown after a write. */
export function useRefreshChannels() {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: channelKeys.all }), [client]);
}
