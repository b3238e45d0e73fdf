import type { Redis } from 'ioredis';
import type { OptionStore } from '../modules/options/store.js';
import { RelayError } from './errors.js';

/** Timestamps of recent events per key; `tryAdd` checks and records in one step. */
interface SlidingLog {
  tryAdd(key: string, max: number, windowMs: number): Promise<boolean>;
  count(key: string, windowMs: number): Promise<number>;
  add(key: string, windowMs: number): Promise<void>;
}

class MemorySlidingLog implements SlidingLog {
  private logs = new Map<string, number[]>();

  private recent(key: string, windowMs: number): number[] {
    const cutoff = Date.now() - windowMs;
    const log = (this.logs.get(key) ?? []).filter((t) => t > cutoff);
    this.logs.set(key, log);
    return log;
  }
  async tryAdd(key: string, max: number, windowMs: number) {
    const log = this.recent(key, windowMs);
    if (log.length >= max) return false;
    log.push(Date.now());
    return true;
  }
  async count(key: string, windowMs: number) {
    return this.recent(key, windowMs).length;
  }
  async add(key: string, windowMs: number) {
    this.recent(key, windowMs).push(Date.now());
  }
}

const TRY_ADD = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], 0, ARGV[1] - ARGV[2])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
`;

class RedisSlidingLog implements SlidingLog {
  private seq = 0;
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}
  private member() {
    return `${Date.now()}-${process.pid}-${this.seq++}-${Math.random().toString(36).slice(2, 8)}`;
  }
  async tryAdd(key: string, max: number, windowMs: number) {
    const ok = await this.redis.eval(TRY_ADD, 1, this.prefix + key, Date.now(), windowMs, max, this.member());
    return ok === 1;
  }
  async count(key: string, windowMs: number) {
    const k = this.prefix + key;
    await this.redis.zremrangebyscore(k, 0, Date.now() - windowMs);
    return this.redis.zcard(k);
  }
  async add(key: string, windowMs: number) {
    const k = this.prefix + key;
    await this.redis.multi().zadd(k, Date.now(), this.member()).pexpire(k, windowMs).exec();
  }
}

/**
 * Per-user request limits on the relay (ModelRequestRateLimit* options): a total count that
 * includes failed requests, and a count of successful ones. Shared through Redis when configured.
 */
export class ModelRateLimiter {
  private readonly log: SlidingLog;

  constructor(
    private readonly options: OptionStore,
    redis: Redis | null,
    prefix: string,
  ) {
    this.log = redis ? new RedisSlidingLog(redis, `${prefix}mrrl:`) : new MemorySlidingLog();
  }

  /** Checks both limits and records the attempt; returns a callback to record a success. */
  async begin(userId: number): Promise<(() => void) | null> {
    if (!this.options.bool('ModelRequestRateLimitEnabled')) return null;
    const minutes = this.options.num('ModelRequestRateLimitDurationMinutes');
    const windowMs = minutes * 60_000;
    if (windowMs <= 0) return null;
    const total = this.options.num('ModelRequestRateLimitCount');
    const success = this.options.num('ModelRequestRateLimitSuccessCount');
    if (success > 0 && (await this.log.count(`s:${userId}`, windowMs)) >= success) {
      throw new RelayError(
        429,
        `您已达到请求数限制：${minutes}分钟内最多请求${success}次`,
        'rate_limit_exceeded',
      );
    }
    if (total > 0 && !(await this.log.tryAdd(`t:${userId}`, total, windowMs))) {
      throw new RelayError(
        429,
        `您已达到总请求数限制：${minutes}分钟内最多请求${total}次，包括失败次数，请检查您的请求是否正确`,
        'rate_limit_exceeded',
      );
    }
    return () => void this.log.add(`s:${userId}`, windowMs).catch(() => undefined);
  }
}
