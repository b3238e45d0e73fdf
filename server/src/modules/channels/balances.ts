import type { ChannelBalanceResult, UpdateAllBalancesResult } from '@gateway/contract';
import type { ChannelRow } from '../../platform/db/schema.js';
import type { ChannelService } from './service.js';
import { fetchBalance, firstKeyLine, supportsBalance } from './upstream-info.js';

/** How many balance APIs "update all" queries at once. */
const BALANCE_CONCURRENCY = 4;
const LOW_BALANCE_REASON = '余额不足';

export async function refreshBalance(
  service: ChannelService,
  channel: ChannelRow,
): Promise<ChannelBalanceResult> {
  const balance = await fetchBalance(channel.type, channel.base_url, firstKeyLine(channel.key));
  const time = await service.saveBalance(channel.id, balance);
  return { id: channel.id, balance, balance_updated_time: time };
}

/**
 * Every enabled channel with a balance API; a balance ≤ 0 auto-disables the channel. Run by
 * GET /api/channel/update_balance and, every CHANNEL_UPDATE_FREQUENCY minutes, in the background.
 */
export async function updateAllBalances(service: ChannelService): Promise<UpdateAllBalancesResult> {
  const channels = (await service.repo.findEnabled()).filter((c) => supportsBalance(c.type));
  const result: UpdateAllBalancesResult = { updated: 0, failed: [], disabled: [] };
  let next = 0;
  const worker = async () => {
    while (next < channels.length) {
      const channel = channels[next++]!;
      try {
        const { balance } = await refreshBalance(service, channel);
        result.updated++;
        if (balance <= 0) {
          await service.autoDisable(channel, LOW_BALANCE_REASON);
          result.disabled.push(channel.id);
        }
      } catch (err) {
        result.failed.push({ id: channel.id, name: channel.name, message: (err as Error).message });
      }
    }
  };
  await Promise.all(Array.from({ length: BALANCE_CONCURRENCY }, worker));
  if (result.updated > 0) service.changed();
  result.disabled.sort((a, b) => a - b);
  result.failed.sort((a, b) => a.id - b.id);
  return result;
}
