import type { AppContext } from './context.js';
import { updateAllBalances } from './modules/channels/balances.js';
import { ChannelService } from './modules/channels/service.js';
import { QUOTA_DATA_TICK_MS, quotaDataTask } from './modules/dashboard/job.js';
import { LeasedLoop } from './platform/jobs/leased-loop.js';
import { RedisBalanceAuthority } from './relay/billing/redis-balance-authority.js';
import { testAllChannels } from './relay/channel-test.js';
import { pollSunoTasks } from './relay/suno/poll.js';
import { pollMidjourneyTasks } from './relay/midjourney/poll.js';

/**
 * Periodic work (channel tests, balance updates, dashboard aggregates, giving back holds of
 * crashed instances), each on one instance at a time. Returns a function that stops them.
 */
export function startBackgroundJobs(ctx: AppContext): () => void {
  const { config, redis } = ctx;
  // One switch and one interval for every asynchronous task family (drawing, music).
  const taskPollMs = config.jobs.updateTask ? config.jobs.taskPollMs : 0;
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
    new LeasedLoop('quota-data', QUOTA_DATA_TICK_MS, quotaDataTask(ctx), redis, config.redisPrefix),
    new LeasedLoop('suno-tasks', taskPollMs, () => pollSunoTasks(ctx), redis, config.redisPrefix),
    new LeasedLoop(
      'midjourney-poll',
      taskPollMs,
      async () => void (await pollMidjourneyTasks(ctx)),
      redis,
      config.redisPrefix,
    ),
  ];
  const { authority } = ctx.ledger;
  if (authority instanceof RedisBalanceAuthority) {
    loops.push(
      new LeasedLoop(
        'reap-holds',
        30_000,
        async () => {
          const reaped = await authority.reapDeadHolds();
          if (reaped > 0) console.warn(`gave back ${reaped} quota holds of a stopped instance`);
        },
        redis,
        config.redisPrefix,
      ),
    );
  }
  for (const loop of loops) loop.start();
  return () => loops.forEach((loop) => loop.stop());
}
