import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LeasedLoop } from '../src/platform/jobs/leased-loop.js';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('leased background loops', () => {
  it('runs the task every interval on a single instance', async () => {
    let runs = 0;
    const loop = new LeasedLoop('solo', 30, async () => void runs++, null, 'x:');
    loop.start();
    await wait(200);
    loop.stop();
    expect(runs).toBeGreaterThanOrEqual(3);
  });

  it('never overlaps a slow run with the next one', async () => {
    let active = 0;
    let maxActive = 0;
    const loop = new LeasedLoop(
      'slow',
      10,
      async () => {
        maxActive = Math.max(maxActive, ++active);
        await wait(50);
        active--;
      },
      null,
      'x:',
    );
    loop.start();
    await wait(200);
    loop.stop();
    expect(maxActive).toBe(1);
  });

  it.skipIf(!process.env.TEST_REDIS_URL)('runs on one instance only when instances share Redis', async () => {
    const redis = new Redis(process.env.TEST_REDIS_URL!);
    const prefix = `lease${randomBytes(3).toString('hex')}:`;
    const runs = { a: 0, b: 0 };
    const a = new LeasedLoop('shared', 30, async () => void runs.a++, redis, prefix);
    const b = new LeasedLoop('shared', 30, async () => void runs.b++, redis, prefix);
    a.start();
    b.start();
    await wait(300);
    a.stop();
    b.stop();
    await redis.quit();
    expect(runs.a + runs.b).toBeGreaterThanOrEqual(3);
    expect(Math.min(runs.a, runs.b)).toBe(0);
  });
});
