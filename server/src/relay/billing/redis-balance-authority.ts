import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { BalanceAuthority, BalanceSource, HoldOutcome, Payer } from './balance-authority.js';

/**
 * Checks and takes a hold atomically, and records it under this instance (KEYS[3]) so that the
 * hold can be given back if the instance dies before finishing it.
 */
const HOLD_SCRIPT = `
local user = redis.call('GET', KEYS[1])
if not user then return {-1, 0} end
local amount = tonumber(ARGV[1])
local u = tonumber(user)
if amount > 0 and (u <= 0 or u < amount) then return {0, u} end
if KEYS[2] ~= '' then
  local token = redis.call('GET', KEYS[2])
  if not token then return {-2, 0} end
  local t = tonumber(token)
  if amount > 0 and (t <= 0 or t < amount) then return {2, t} end
  redis.call('DECRBY', KEYS[2], amount)
  redis.call('EXPIRE', KEYS[2], ARGV[2])
end
redis.call('DECRBY', KEYS[1], amount)
redis.call('EXPIRE', KEYS[1], ARGV[2])
redis.call('HSET', KEYS[3], ARGV[3], ARGV[4])
return {1, 0}
`;

/**
 * Forgets the hold `ARGV[2]` and gives `ARGV[1]` back to the balances that still exist. A hold
 * already forgotten (reaped) changes nothing, so no hold is ever given back twice. Without a hold
 * id it is a plain adjustment.
 */
const FINISH_SCRIPT = `
if ARGV[2] ~= '' and redis.call('HDEL', KEYS[3], ARGV[2]) == 0 then return 0 end
for i = 1, 2 do
  if KEYS[i] ~= '' and redis.call('EXISTS', KEYS[i]) == 1 then redis.call('INCRBY', KEYS[i], ARGV[1]) end
end
return 1
`;

/**
 * Ends the hold `ARGV[2]` with an extra charge of up to `ARGV[1]`, capped by what the user (and
 * the token) still have, so racing requests can never take a balance below zero. Returns
 * {1, taken}; {-1}/{-2} when a balance is not loaded (the caller loads it and retries); {0, 0}
 * when the hold was already given back (reaped), which takes nothing more.
 */
const FINISH_OVER_SCRIPT = `
local u = redis.call('GET', KEYS[1])
if not u then return {-1, 0} end
local take = math.min(tonumber(ARGV[1]), math.max(0, tonumber(u)))
if KEYS[2] ~= '' then
  local t = redis.call('GET', KEYS[2])
  if not t then return {-2, 0} end
  take = math.min(take, math.max(0, tonumber(t)))
end
if redis.call('HDEL', KEYS[3], ARGV[2]) == 0 then return {0, 0} end
if take > 0 then
  redis.call('DECRBY', KEYS[1], take)
  if KEYS[2] ~= '' then redis.call('DECRBY', KEYS[2], take) end
end
return {1, take}
`;

const HEARTBEAT_MS = 10_000;
const ALIVE_TTL_SECONDS = 30;

/**
 * Several instances: balances in Redis, checked and taken atomically by a script. Each instance
 * registers its open holds and keeps a heartbeat; `reapDeadHolds` (a leased background job) gives
 * the holds of an instance that stopped beating back, so a crash never shrinks a balance for good.
 */
export class RedisBalanceAuthority implements BalanceAuthority {
  private readonly ttlSeconds = 3600;
  private readonly instance: string = randomUUID();
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly source: BalanceSource,
  ) {}

  private key(kind: Payer, id: number) {
    return `${this.prefix}bal:${kind === 'user' ? 'u' : 't'}:${id}`;
  }
  private holdsKey(instance = this.instance) {
    return `${this.prefix}holds:${instance}`;
  }
  private aliveKey(instance = this.instance) {
    return `${this.prefix}alive:${instance}`;
  }

  async start() {
    const beat = () =>
      this.redis.set(this.aliveKey(), '1', 'EX', ALIVE_TTL_SECONDS).catch((err: Error) => {
        console.error(`balance heartbeat failed: ${err.message}`);
      });
    await beat();
    this.heartbeat = setInterval(() => void beat(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /**
   * Stops the heartbeat and declares this instance gone. Shutdown waits for requests in flight,
   * so any hold still open is an orphan that another instance's reaper gives back.
   */
  async stop() {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    await this.redis.del(this.aliveKey()).catch(() => undefined);
  }

  private async ensure(kind: Payer, id: number): Promise<void> {
    const value = kind === 'user' ? await this.source.userQuota(id) : await this.source.tokenQuota(id);
    await this.redis.set(this.key(kind, id), String(value), 'EX', this.ttlSeconds, 'NX');
  }

  async hold(userId: number, tokenId: number | null, amount: number, holdId: string): Promise<HoldOutcome> {
    const record = `${userId}|${tokenId ?? ''}|${amount}`;
    for (let attempt = 0; attempt < 3; attempt++) {
      const [code, value] = (await this.redis.eval(
        HOLD_SCRIPT,
        3,
        this.key('user', userId),
        tokenId === null ? '' : this.key('token', tokenId),
        this.holdsKey(),
        String(amount),
        String(this.ttlSeconds),
        holdId,
        record,
      )) as [number, number];
      if (code === 1) return { ok: true };
      if (code === 0) return { ok: false, payer: 'user', available: Number(value) };
      if (code === 2) return { ok: false, payer: 'token', available: Number(value) };
      if (code === -1) await this.ensure('user', userId);
      if (code === -2 && tokenId !== null) await this.ensure('token', tokenId);
    }
    throw new Error('could not load balances into Redis');
  }

  async finish(holdId: string, userId: number, tokenId: number | null, refund: number): Promise<void> {
    await this.redis.eval(
      FINISH_SCRIPT,
      3,
      this.key('user', userId),
      tokenId === null ? '' : this.key('token', tokenId),
      this.holdsKey(),
      String(Math.trunc(refund)),
      holdId,
    );
  }

  async finishOver(holdId: string, userId: number, tokenId: number | null, extra: number): Promise<number> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const [code, taken] = (await this.redis.eval(
        FINISH_OVER_SCRIPT,
        3,
        this.key('user', userId),
        tokenId === null ? '' : this.key('token', tokenId),
        this.holdsKey(),
        String(Math.trunc(extra)),
        holdId,
      )) as [number, number];
      if (code >= 0) return Number(taken);
      if (code === -1) await this.ensure('user', userId);
      if (code === -2 && tokenId !== null) await this.ensure('token', tokenId);
    }
    throw new Error('could not load balances into Redis');
  }

  async adjust(kind: Payer, id: number, delta: number) {
    if (delta === 0) return;
    await this.redis.eval(FINISH_SCRIPT, 3, this.key(kind, id), '', '', String(Math.trunc(delta)), '');
  }

  private async balance(kind: Payer, id: number): Promise<number> {
    const raw = await this.redis.get(this.key(kind, id));
    if (raw !== null) return Number(raw);
    await this.ensure(kind, id);
    return Number((await this.redis.get(this.key(kind, id))) ?? 0);
  }
  userBalance(userId: number) {
    return this.balance('user', userId);
  }
  tokenBalance(tokenId: number) {
    return this.balance('token', tokenId);
  }

  /** Gives back every hold of instances whose heartbeat stopped; returns how many. */
  async reapDeadHolds(): Promise<number> {
    let reaped = 0;
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${this.prefix}holds:*`, 'COUNT', 100);
      cursor = next;
      for (const key of keys) {
        const instance = key.slice(`${this.prefix}holds:`.length);
        if (instance === this.instance || (await this.redis.exists(this.aliveKey(instance)))) continue;
        for (const [holdId, record] of Object.entries(await this.redis.hgetall(key))) {
          const [user, token, amount] = record.split('|');
          await this.redis.eval(
            FINISH_SCRIPT,
            3,
            this.key('user', Number(user)),
            token ? this.key('token', Number(token)) : '',
            key,
            amount ?? '0',
            holdId,
          );
          reaped++;
        }
      }
    } while (cursor !== '0');
    return reaped;
  }
}
