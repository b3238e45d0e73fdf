import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

const RENEW = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) and 1 or 0
`;

/**
 * Runs a background task every interval on one instance only: with Redis, the instance holding
 * the lease; without Redis, this (the only) instance.
 */
export class LeasedLoop {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private readonly owner = randomUUID();

  constructor(
    private readonly name: string,
    private readonly intervalMs: number,
    private readonly task: () => Promise<void>,
    private readonly redis: Redis | null,
    private readonly prefix: string,
    /** How long a silent holder keeps the lease (default: two intervals, at least a minute). */
    private readonly leaseMs = Math.max(intervalMs * 2, 60_000),
  ) {}

  start() {
    if (this.intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  private async holdsLease(): Promise<boolean> {
    if (!this.redis) return true;
    const result = await this.redis.eval(
      RENEW,
      1,
      `${this.prefix}lease:${this.name}`,
      this.owner,
      this.leaseMs,
    );
    return result === 1;
  }

  private async tick() {
    if (this.running) return;
    this.running = true;
    try {
      if (await this.holdsLease()) await this.task();
    } catch (err) {
      console.error(`background job ${this.name} failed: ${(err as Error).message}`);
    } finally {
      this.running = false;
    }
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
