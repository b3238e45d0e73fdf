import type { ChannelView } from '@gateway/contract';
import { describe, expect, it } from 'vitest';
import { selectedChannelIds, toListRows, type TagRow } from './tag-rows';
import { channelView } from './test-fixtures';

describe('toListRows', () => {
  const channels: ChannelView[] = [
    channelView({ id: 5, tag: 'team', status: 1, priority: 2, group: 'default,vip', used_quota: 10 }),
    channelView({ id: 4, tag: null }),
    channelView({ id: 3, tag: 'team', status: 2, priority: 2, group: 'default', type: 3, used_quota: 5 }),
  ];

  it('keeps one row per channel outside tag mode', () => {
    expect(toListRows(channels, false).map((r) => r.key)).toEqual(['5', '4', '3']);
  });

  it('folds a tag into one expandable row where its first channel was', () => {
    const rows = toListRows(channels, true);
    expect(rows.map((r) => r.key)).toEqual(['tag:team', '4']);
    const tag = rows[0] as TagRow;
    expect(tag.children.map((c) => c.id)).toEqual([5, 3]);
    expect(tag).toMatchObject({
      enabled: 'some',
      groups: ['default', 'vip'],
      types: [1, 3],
      priority: 2,
      weight: 0,
      used_quota: 15,
    });
  });

  it('keeps only channel ids from selected keys', () => {
    expect(selectedChannelIds(['tag:team', '5', 3])).toEqual([5, 3]);
  });
});
