import type { AppContext } from './context.js';
import { updateAllBalances } from './modules/channels/balances.js';
import { ChannelService } from './modules/channels/service.js';
import { QUOTA_DATA_TICK_MS, quotaDataTask } from './modules/dashboard/job.js';
import { LeasedLoop } from './platform/jobs/leased-loop.js';
import { drainOutbox } from './modules/logs/outbox.js';
import { pruneChargeKeys } from './relay/billing/charge-write.js';
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
    new LeasedLoop(
      'prune-charge-keys',
      3_600_000,
      async () => void (await pruneChargeKeys(ctx.db)),
      redis,
      config.redisPrefix,
    ),
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
    // Short leases: a crashed job holder must not delay the money jobs by more than a round or two.
    const lease = config.balances.leaseSeconds * 1000;
    loops.push(
      new LeasedLoop(
        'reap-holds',
        lease,
        async () => {
          const reaped = await authority.reapDeadHolds();
          if (reaped.charges > 0)
            console.warn(`applied ${reaped.charges} charges a stopped instance had not written to SQL`);
          if (reaped.holds > 0) console.warn(`gave back ${reaped.holds} quota holds of a stopped instance`);
        },
        redis,
        config.redisPrefix,
        lease * 2,
      ),
      new LeasedLoop(
        'reconcile-balances',
        config.balances.reconcileSeconds * 1000,
        async () => {
          const fixed = await authority.reconcileAll();
          if (fixed > 0) console.warn(`set ${fixed} Redis balances from SQL (they had drifted)`);
        },
        redis,
        config.redisPrefix,
        Math.max(config.balances.reconcileSeconds * 2000, lease),
      ),
    );
  }
  if (config.logDb) {
    // Outbox rows left by an instance that stopped before copying them.
    loops.push(
      new LeasedLoop(
        'log-outbox',
        5000,
        async () => void (await drainOutbox(ctx.db, ctx.logDb, ctx.logDialect)),
        redis,
        config.redisPrefix,
        15_000,
      ),
    );
  }
  for (const loop of loops) loop.start();
  return () => loops.forEach((loop) => loop.stop());
}
