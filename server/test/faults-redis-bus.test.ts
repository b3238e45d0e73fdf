import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '@gateway/test-support';
import { RedisBus } from '../src/platform/cache/bus.js';
import { connectRedis } from '../src/platform/cache/redis.js';
import { RedisProcess } from './support/processes.js';

/** Change notifications published while Redis was away are lost: caches start over after it. */
describe.skipIf(!testRedisUrl())('the bus after a Redis restart', () => {
  let redis: RedisProcess;
  let bus: RedisBus;
  let pub: Awaited<ReturnType<typeof connectRedis>>;

  beforeAll(async () => {
    redis = await RedisProcess.start();
    pub = await connectRedis(redis.url);
    bus = await RedisBus.create(pub, 'busfault:');
  });
  afterAll(async () => {
    await bus.close();
    pub.disconnect();
    await redis.stop();
  });

  it('runs resync and channels locally once the subscription is back, and delivers again', async () => {
    const seen: string[] = [];
    bus.subscribe('resync', () => seen.push('resync'));
    bus.subscribe('channels', () => seen.push('channels'));
    bus.subscribe('user', (id) => seen.push(`user ${id}`));
    await redis.restart(300);
    await expect.poll(() => seen, { timeout: 10_000 }).toEqual(['resync', 'channels']);
    // Another instance's message arrives again.
    const other = await connectRedis(redis.url);
    const otherBus = await RedisBus.create(other, 'busfault:');
    try {
      await expect
        .poll(
          async () => {
            otherBus.publish('user', '7');
            await new Promise((r) => setTimeout(r, 50));
            return seen.includes('user 7');
          },
          { timeout: 5000 },
        )
        .toBe(true);
    } finally {
      await otherBus.close();
      other.disconnect();
    }
  });
});
