import type {
  ApiEnvelope,
  ChannelBalanceResult,
  ChannelCreateRequest,
  ChannelUpdateRequest,
  ChannelView,
  FixAbilitiesResult,
  UpdateAllBalancesResult,
} from '@gateway/contract';
import { api } from './client';
import type { RequestOptions } from './http-client';

/**
 * The channel writes and maintenance calls of spec 2 §7. Failures reject after the client has
 * shown the server's message as a toast (unless `quiet`), so callers only handle success.
 */

/** One channel per key line; answers the channels created. */
export const createChannels = (body: ChannelCreateRequest, options?: RequestOptions) =>
  api.post<ChannelView[]>('/api/channel/', body, options);

/** Full edits, and the inline status / priority / weight changes (id plus that one field). */
export const updateChannel = (body: ChannelUpdateRequest) => api.put<ChannelView>('/api/channel/', body);

/** A server-side copy (the key included; it never reaches the console); answers the new channel. */
export const copyChannel = (id: number, options?: RequestOptions) =>
  api.post<ChannelView>(`/api/channel/copy/${id}`, {}, options);

export const deleteChannel = (id: number) => api.delete<null>(`/api/channel/${id}/`);

/** Returns how many channels were deleted. */
export const deleteChannels = (ids: number[]) => api.post<number>('/api/channel/batch', { ids });

export const deleteDisabledChannels = () => api.delete<number>('/api/channel/disabled');

/** Returns how many channels got the tag. */
export const tagChannels = (ids: number[], tag: string) =>
  api.post<number>('/api/channel/batch/tag', { ids, tag });

/** PUT /api/channel/tag: only the fields given change; returns how many channels the tag has. */
export interface TagEditBody {
  tag: string;
  new_tag?: string;
  priority?: number;
  weight?: number;
  model_mapping?: string;
  models?: string;
  groups?: string;
}
export const editTag = (body: TagEditBody) => api.put<number>('/api/channel/tag', body);

export const setTagStatus = (tag: string, enabled: boolean) =>
  api.post<number>(`/api/channel/tag/${enabled ? 'enabled' : 'disabled'}`, { tag });

export const fixAbilities = () => api.post<FixAbilitiesResult>('/api/channel/fix');

export const updateAllBalances = () => api.get<UpdateAllBalancesResult>('/api/channel/update_balance');

export const updateBalance = (id: number) =>
  api.get<ChannelBalanceResult>(`/api/channel/update_balance/${id}/`);

/** Starts testing every channel in the background; the results land in the list later. */
export const testAllChannels = () => api.request<null>('GET', '/api/channel/test');

/**
 * Sends one small request through the channel. The answer carries `time` (seconds) beside the
 * envelope; a failed test rejects with the upstream's reason (shown as a toast unless quiet).
 */
export async function testChannel(id: number, model = '', options: { quiet?: boolean } = {}) {
  const envelope = await api.request<never>('GET', `/api/channel/test/${id}`, {
    query: { model: model || undefined },
    quiet: options.quiet,
  });
  return { time: Number((envelope as ApiEnvelope & { time?: number }).time ?? 0) };
}

/** Models offered by the upstream: a saved channel's own credentials, or credentials not saved yet. */
export const fetchSavedChannelModels = (id: number) => api.get<string[]>(`/api/channel/fetch_models/${id}`);

export const fetchUpstreamModels = (body: { type: number; base_url: string; key: string }) =>
  api.post<string[]>('/api/channel/fetch_models', body);
