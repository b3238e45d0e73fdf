import type { Redis } from 'ioredis';

/** Which balance refused a hold. */
export type Payer = 'user' | 'token';

export type HoldOutcome = { ok: true } | { ok: false; payer: Payer; available: number };

/** Reads a balance from the database (plus writes not yet flushed). */
export interface BalanceSource {
  userQuota(userId: number): Promise<number>;
  tokenQuota(tokenId: number): Promise<number>;
}

/**
 * The admission view of balances: database value, plus settlements not yet flushed, minus
 * holds in flight. It decides whether a request may start; the database stays the ledger.
 */
export interface BalanceAuthority {
  /** Takes `amount` from the user and, when tokenId is given, from the token, or from neither. */
  hold(userId: number, tokenId: number | null, amount: number): Promise<HoldOutcome>;
  /** Adds `delta` (negative to take) to the user and, when given, the token balance. */
  add(userId: number, tokenId: number | null, delta: number): Promise<void>;
  userBalance(userId: number): Promise<number>;
  tokenBalance(tokenId: number): Promise<number>;
  /** Adds `delta` to one cached balance (no-op when it is not loaded). */
  adjust(kind: Payer, id: number, delta: number): Promise<void>;
}

function mayHold(balance: number, amount: number): boolean {
  // A free request may run at zero balance; a priced one needs a positive balance covering it.
  return amount <= 0 || (balance > 0 && balance >= amount);
}

/** Single instance: balances in process memory. */
export class MemoryBalanceAuthority implements BalanceAuthority {
  private users = new Map<number, number>();
  private tokens = new Map<number, number>();
  private loading = new Map<string, Promise<number>>();

  constructor(private readonly source: BalanceSource) {}

  private async load(kind: Payer, id: number): Promise<number> {
    const map = kind === 'user' ? this.users : this.tokens;
    const hit = map.get(id);
    if (hit !== undefined) return hit;
    const key = `${kind}:${id}`;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = (kind === 'user' ? this.source.userQuota(id) : this.source.tokenQuota(id)).finally(() =>
        this.loading.delete(key),
      );
      this.loading.set(key, pending);
    }
    const value = await pending;
    // Another caller may have loaded and already changed it while we waited.
    const now = map.get(id);
    if (now !== undefined) return now;
    map.set(id, value);
    return value;
  }

  async hold(userId: number, tokenId: number | null, amount: number): Promise<HoldOutcome> {
    const user = await this.load('user', userId);
    const token = tokenId === null ? null : await this.load('token', tokenId);
    // Re-read after the awaits: the synchronous section below is the atomic check-and-take.
    const u = this.users.get(userId) ?? user;
    if (!mayHold(u, amount)) return { ok: false, payer: 'user', available: u };
    if (tokenId !== null) {
      const t = this.tokens.get(tokenId) ?? token ?? 0;
      if (!mayHold(t, amount)) return { ok: false, payer: 'token', available: t };
      this.tokens.set(tokenId, t - amount);
    }
    this.users.set(userId, u - amount);
    return { ok: true };
  }

  async add(userId: number, tokenId: number | null, delta: number): Promise<void> {
    const u = this.users.get(userId);
    if (u !== undefined) this.users.set(userId, u + delta);
    if (tokenId !== null) {
      const t = this.tokens.get(tokenId);
      if (t !== undefined) this.tokens.set(tokenId, t + delta);
    }
  }

  userBalance(userId: number) {
    return this.load('user', userId);
  }
  tokenBalance(tokenId: number) {
    return this.load('token', tokenId);
  }
  async adjust(kind: Payer, id: number, delta: number) {
    const map = kind === 'user' ? this.users : this.tokens;
    const v = map.get(id);
    if (v !== undefined) map.set(id, v + delta);
  }
}

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
return {1, 0}
`;

const ADD_SCRIPT = `
for i, key in ipairs(KEYS) do
  if key ~= '' and redis.call('EXISTS', key) == 1 then redis.call('INCRBY', key, ARGV[1]) end
end
return 1
`;

/** Several instances: balances in Redis, checked and taken atomically by a script. */
export class RedisBalanceAuthority implements BalanceAuthority {
  private readonly ttlSeconds = 3600;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly source: BalanceSource,
  ) {}

  private key(kind: Payer, id: number) {
    return `${this.prefix}bal:${kind === 'user' ? 'u' : 't'}:${id}`;
  }

  private async ensure(kind: Payer, id: number): Promise<void> {
    const value = kind === 'user' ? await this.source.userQuota(id) : await this.source.tokenQuota(id);
    await this.redis.set(this.key(kind, id), String(value), 'EX', this.ttlSeconds, 'NX');
  }

  async hold(userId: number, tokenId: number | null, amount: number): Promise<HoldOutcome> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const [code, value] = (await this.redis.eval(
        HOLD_SCRIPT,
        2,
        this.key('user', userId),
        tokenId === null ? '' : this.key('token', tokenId),
        String(amount),
        String(this.ttlSeconds),
      )) as [number, number];
      if (code === 1) return { ok: true };
      if (code === 0) return { ok: false, payer: 'user', available: Number(value) };
      if (code === 2) return { ok: false, payer: 'token', available: Number(value) };
      if (code === -1) await this.ensure('user', userId);
      if (code === -2 && tokenId !== null) await this.ensure('token', tokenId);
    }
    throw new Error('could not load balances into Redis');
  }

  async add(userId: number, tokenId: number | null, delta: number): Promise<void> {
    if (delta === 0) return;
    await this.redis.eval(
      ADD_SCRIPT,
      2,
      this.key('user', userId),
      tokenId === null ? '' : this.key('token', tokenId),
      String(Math.trunc(delta)),
    );
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
  async adjust(kind: Payer, id: number, delta: number) {
    if (delta === 0) return;
    await this.redis.eval(ADD_SCRIPT, 1, this.key(kind, id), String(Math.trunc(delta)));
  }
}
