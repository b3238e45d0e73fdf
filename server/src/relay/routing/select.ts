import { ChannelStatus } from '@gateway/contract';
import type { Tier } from './routing-table.js';
import type { RuntimeChannel } from './runtime-channel.js';

/**
 * Picks a channel: the highest-priority tier that still has an untried enabled channel, then a
 * weighted random choice inside it. Weights are proportional; weight-0 channels are chosen only
 * when every remaining channel of the tier has weight 0 (so they act as a tier's standby).
 */
export function pickChannel(
  tiers: readonly Tier[],
  exclude: ReadonlySet<number>,
  random: () => number = Math.random,
): RuntimeChannel | null {
  for (const tier of tiers) {
    const candidates = tier.members.filter(
      (m) => !exclude.has(m.channel.id) && m.channel.status === ChannelStatus.Enabled,
    );
    if (candidates.length === 0) continue;
    const total = candidates.reduce((sum, m) => sum + m.weight, 0);
    if (total === 0) return candidates[Math.floor(random() * candidates.length)]!.channel;
    let point = random() * total;
    for (const m of candidates) {
      if (m.weight === 0) continue;
      point -= m.weight;
      if (point < 0) return m.channel;
    }
    return candidates.findLast((m) => m.weight > 0)!.channel;
  }
  return null;
}
