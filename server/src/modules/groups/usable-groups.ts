import { OWN_GROUP_DESC, type UserGroupMap } from '@gateway/contract';
import type { OptionStore } from '../options/store.js';

/**
 * The groups a user may run requests in: the selectable groups that still have a ratio (the relay
 * refuses the others), plus the user's own group, which is always allowed.
 */
export function usableGroups(options: OptionStore, ownGroup: string): UserGroupMap {
  const selectable = options.json<Record<string, string>>('UserUsableGroups') ?? {};
  const ratios = options.json<Record<string, number>>('GroupRatio') ?? {};
  const groups: UserGroupMap = {};
  for (const [group, desc] of Object.entries(selectable)) {
    if (group in ratios) groups[group] = { desc, ratio: ratios[group] };
  }
  const own = ownGroup || 'default';
  if (!(own in groups)) {
    groups[own] = { desc: selectable[own] ?? OWN_GROUP_DESC, ratio: ratios[own] ?? 1 };
  }
  return groups;
}
