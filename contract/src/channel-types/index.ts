import { OPENAI_ENDPOINTS, type RelayEndpoint } from './endpoints.js';
import type { ChannelTypeInfo } from './entry.js';
import { NATIVE_TYPES } from './native.js';
import { OPENAI_COMPATIBLE_TYPES } from './openai-compatible.js';

/**
 * Upstream channel types. Ids are those of the existing gateways so that exported channel
 * lists and client scripts keep working. Each type's facts live once, in its descriptor.
 */
export type { RelayEndpoint } from './endpoints.js';
export type { ChannelTypeInfo } from './entry.js';

const ENTRIES = [...OPENAI_COMPATIBLE_TYPES, ...NATIVE_TYPES].sort((a, b) => a.id - b.id);

/**
 * OpenAI-protocol types serve every OpenAI endpoint unless they list theirs; others list theirs or
 * serve nothing yet.
 */
export const CHANNEL_TYPES: readonly ChannelTypeInfo[] = ENTRIES.map(({ modelList, ...entry }) => {
  const openAIPaths = entry.protocol === 'openai' && !entry.urlLayout;
  const list = modelList ?? (openAIPaths ? 'openai' : 'none');
  return {
    ...entry,
    endpoints: entry.endpoints ?? (entry.protocol === 'openai' ? OPENAI_ENDPOINTS : []),
    ...(list === 'none' ? {} : { modelList: list }),
  };
});

const byId = new Map(CHANNEL_TYPES.map((t) => [t.id, t]));
export const channelTypeInfo = (id: number): ChannelTypeInfo | undefined => byId.get(id);

/**
 * Whether the relay can serve `endpoint` through a channel of this type. Unknown type ids are
 * treated as OpenAI-compatible, as the relay's adapter registry does.
 */
export function channelTypeServes(type: number, endpoint: RelayEndpoint): boolean {
  const info = byId.get(type);
  return info ? info.endpoints.includes(endpoint) : OPENAI_ENDPOINTS.includes(endpoint);
}
