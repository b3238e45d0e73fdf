import type { ChannelView } from '@gateway/contract';
import { commaList } from './channel-display';

/** A channel as a table row. */
export interface ChannelRow extends ChannelView {
  kind: 'channel';
  key: string;
}

/** Tag-aggregation mode: one row per tag, expanding to its channels (spec 2 §2.2). */
export interface TagRow {
  kind: 'tag';
  key: string;
  tag: string;
  children: ChannelRow[];
  /** 'some' when only part of the tag's channels is enabled. */
  enabled: 'all' | 'none' | 'some';
  groups: string[];
  types: number[];
  /** The shared value, or null when the channels differ. */
  priority: number | null;
  weight: number | null;
  used_quota: number;
}

export type ListRow = ChannelRow | TagRow;

export const channelRow = (channel: ChannelView): ChannelRow => ({
  ...channel,
  kind: 'channel',
  key: String(channel.id),
});

const shared = (values: number[]) => (values.every((v) => v === values[0]) ? (values[0] ?? null) : null);
const unique = <T>(values: T[]) => [...new Set(values)];

function tagRow(tag: string, channels: ChannelView[]): TagRow {
  const enabledCount = channels.filter((c) => c.status === 1).length;
  return {
    kind: 'tag',
    key: `tag:${tag}`,
    tag,
    children: channels.map(channelRow),
    enabled: enabledCount === channels.length ? 'all' : enabledCount === 0 ? 'none' : 'some',
    groups: unique(channels.flatMap((c) => commaList(c.group))),
    types: unique(channels.map((c) => c.type)),
    priority: shared(channels.map((c) => c.priority)),
    weight: shared(channels.map((c) => c.weight)),
    used_quota: channels.reduce((sum, c) => sum + c.used_quota, 0),
  };
}

/**
 * The table's rows. In tag mode the server already pages by unit (a whole tag or an untagged
 * channel) and keeps each tag's channels together; here they become one expandable row per tag,
 * placed where the tag's first channel was.
 */
export function toListRows(channels: readonly ChannelView[], tagMode: boolean): ListRow[] {
  if (!tagMode) return channels.map(channelRow);
  const byTag = new Map<string, ChannelView[]>();
  for (const channel of channels) {
    if (!channel.tag) continue;
    const list = byTag.get(channel.tag) ?? [];
    list.push(channel);
    byTag.set(channel.tag, list);
  }
  const rows: ListRow[] = [];
  const placed = new Set<string>();
  for (const channel of channels) {
    if (!channel.tag) {
      rows.push(channelRow(channel));
    } else if (!placed.has(channel.tag)) {
      placed.add(channel.tag);
      rows.push(tagRow(channel.tag, byTag.get(channel.tag) ?? []));
    }
  }
  return rows;
}

/** The channel ids among selected row keys (tag rows have keys like "tag:x"). */
export const selectedChannelIds = (keys: readonly (string | number)[]) =>
  keys.map(Number).filter((id) => Number.isInteger(id) && id > 0);
