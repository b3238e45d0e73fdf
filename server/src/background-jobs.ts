import type { AppContext } from './context.js';
import { updateAllBalances } from './modules/channels/balances.js';
import { ChannelService } from './modules/channels/service.js';
import { LeasedLoop } from './platform/jobs/leased-loop.js';
import { testAllChannels } from './relay/channel-test.js';

/**
 * Periodic work (channel tests, balance updates), each on one instance at a time. Returns a
 * function that stops them.
 */
export function startBackgroundJobs(ctx: AppContext): () => void {
  const { config, redis } = ctx;
  const loops = [
    new LeasedLoop(
      'channel-test',
      config.jobs.channelTestMinutes * 60_000,
      () => testAllChannels(ctx.relay),
      redis,
      config.redisPrefix,
    ),
    new LeasedLoop(
      'channel-balance',
      config.jobs.channelBalanceMinutes * 60_000,
      async () => void (await updateAllBalances(new ChannelService(ctx))),
      redis,
      config.redisPrefix,
    ),
  ];
  for (const loop of loops) loop.start();
  return () => loops.forEach((loop) => loop.stop());
}
