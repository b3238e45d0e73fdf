/**
 * The Lua scripts of the Redis balance authority. Keys, per balance (u = user, t = token):
 *   bal:<u|t>:<id>   admission balance = SQL value − held
 *   held:<u|t>:<id>  sum of the registry entries naming this balance
 *   gen:<u|t>:<id>   bumped whenever SQL or the balance is set from SQL, so a reconciliation that
 *                    read SQL before such a change gives up instead of writing a stale value
 *   holds:<epoch>    registry of one instance epoch: holdId → "user|token|amount", where amount is
 *                    the hold while the request runs and its final charge once settled, until
 *                    that charge is committed to SQL
 *   dead:<epoch>     tombstone of a reaped epoch: every later script from it is refused (fencing)
 *   charges:<epoch>  journal of one instance epoch: holdId → "charge|facts" of each settled
 *                    charge until it is committed to SQL; if the instance dies, the reaper
 *                    applies them (journal-entry.ts). Written even when fenced: the instance
 *                    applies such a charge itself, and SQL keys keep it to one application.
 * Every script that changes a registry entry keeps held:* equal to the sum of the entries.
 */

/** Decrements (or increments) held:* and deletes it at zero, so idle users leave no keys. */
const ADD_HELD = `
local function addHeld(key, delta)
  if key == '' or delta == 0 then return end
  local v = redis.call('INCRBY', key, delta)
  if v <= 0 then redis.call('DEL', key) end
end
`;

/**
 * KEYS: bal:u, bal:t|'', holds:<epoch>, held:u, held:t|'', dead:<epoch>
 * ARGV: amount, ttl, holdId, record ("user|token|")
 * → {1,0} taken; {0,u}/{2,t} refused; {-1}/{-2} balance not loaded; {-3} fenced
 */
export const HOLD = `${ADD_HELD}
if redis.call('EXISTS', KEYS[6]) == 1 then return {-3, 0} end
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
redis.call('HSET', KEYS[3], ARGV[3], ARGV[4] .. amount)
addHeld(KEYS[4], amount)
addHeld(KEYS[5], amount)
return {1, 0}
`;

/**
 * Ends a request whose charge is within its hold: the entry now records the charge (pending
 * until committed to SQL), the charge is journaled, and the rest goes back. With charge = -1 the
 * hold is released whole and the entry removed.
 * KEYS: bal:u, bal:t|'', holds:<epoch>, held:u, held:t|'', dead:<epoch>, charges:<epoch>
 * ARGV: holdId, charge, facts ('' when released)
 * → 1 done; 0 no such entry (reaped, or Redis lost it); -3 fenced
 */
export const SETTLE = `${ADD_HELD}
if ARGV[3] ~= '' then redis.call('HSET', KEYS[7], ARGV[1], ARGV[2] .. '|' .. ARGV[3]) end
if redis.call('EXISTS', KEYS[6]) == 1 then return -3 end
local rec = redis.call('HGET', KEYS[3], ARGV[1])
if not rec then return 0 end
local head, amount = string.match(rec, '^(.*|)(-?%d+)$')
amount = tonumber(amount)
local charge = tonumber(ARGV[2])
local back = amount
if charge >= 0 then
  back = amount - charge
  redis.call('HSET', KEYS[3], ARGV[1], head .. charge)
else
  redis.call('HDEL', KEYS[3], ARGV[1])
end
for i = 1, 2 do
  if KEYS[i] ~= '' and back ~= 0 and redis.call('EXISTS', KEYS[i]) == 1 then redis.call('INCRBY', KEYS[i], back) end
end
addHeld(KEYS[4], -back)
addHeld(KEYS[5], -back)
return 1
`;

/**
 * Ends a request whose charge exceeds its hold: takes up to `extra` more, capped by what the user
 * (and the token) have, atomically with every other hold, and journals the charge (the hold
 * alone when the entry is gone or fenced: that is what the caller then charges).
 * KEYS as SETTLE; ARGV: holdId, extra, facts, hold amount.
 * → {1, taken}; {-1}/{-2} balance not loaded; {0,0} no such entry; {-3,0} fenced
 */
export const SETTLE_OVER = `${ADD_HELD}
local function journal(charge)
  if ARGV[3] ~= '' then redis.call('HSET', KEYS[7], ARGV[1], charge .. '|' .. ARGV[3]) end
end
if redis.call('EXISTS', KEYS[6]) == 1 then journal(ARGV[4]) return {-3, 0} end
local rec = redis.call('HGET', KEYS[3], ARGV[1])
if not rec then journal(ARGV[4]) return {0, 0} end
local u = redis.call('GET', KEYS[1])
if not u then return {-1, 0} end
local take = math.min(tonumber(ARGV[2]), math.max(0, tonumber(u)))
if KEYS[2] ~= '' then
  local t = redis.call('GET', KEYS[2])
  if not t then return {-2, 0} end
  take = math.min(take, math.max(0, tonumber(t)))
end
local head, amount = string.match(rec, '^(.*|)(-?%d+)$')
redis.call('HSET', KEYS[3], ARGV[1], head .. (tonumber(amount) + take))
journal(tonumber(ARGV[4]) + take)
if take > 0 then
  redis.call('DECRBY', KEYS[1], take)
  if KEYS[2] ~= '' then redis.call('DECRBY', KEYS[2], take) end
end
addHeld(KEYS[4], take)
addHeld(KEYS[5], take)
return {1, take}
`;

/**
 * The charges of these entries are now in SQL: drop the entries and their journal entries (their
 * amounts leave held:*, which SQL now carries) and bump the generations. Six keys per entry:
 * holds:<epoch>, held:u, held:t|'', gen:u, gen:t|'', charges:<epoch>; one argument per entry:
 * holdId. ARGV[#] last: gen ttl.
 * Returns the (1-based) positions of entries that were not registered (reaped or lost): their
 * balances never counted the charge, so the caller sets them from SQL.
 */
export const COMMIT = `${ADD_HELD}
local ttl = ARGV[#ARGV]
local missing = {}
for i = 1, #ARGV - 1 do
  local k = (i - 1) * 6
  redis.call('HDEL', KEYS[k + 6], ARGV[i])
  local rec = redis.call('HGET', KEYS[k + 1], ARGV[i])
  if rec then
    local amount = tonumber(string.match(rec, '(-?%d+)$'))
    redis.call('HDEL', KEYS[k + 1], ARGV[i])
    addHeld(KEYS[k + 2], -amount)
    addHeld(KEYS[k + 3], -amount)
  else
    missing[#missing + 1] = i
  end
  for j = 4, 5 do
    if KEYS[k + j] ~= '' then
      redis.call('INCR', KEYS[k + j])
      redis.call('EXPIRE', KEYS[k + j], ttl)
    end
  end
end
return missing
`;

/**
 * Sets a balance from its SQL value: bal = sql − held, unless SQL moved since the caller read
 * the generation (then it gives up: the caller's SQL value may be stale).
 * KEYS: bal, held, gen; ARGV: sql, generation read before SQL, ttl, mode, expected correction
 * Modes: set (always), nx (only when not loaded), xx (only when loaded), check (never writes).
 * With an expected correction (ARGV[5] ~= ''), xx writes only if the correction is that amount.
 * → {1, value, old} set; {3, value, old} checked; {0} stale; {2} skipped
 */
export const RECONCILE = `
if (redis.call('GET', KEYS[3]) or '0') ~= ARGV[2] then return {0, 0, 0} end
local raw = redis.call('GET', KEYS[1])
local mode = ARGV[4]
if (mode == 'nx' and raw) or ((mode == 'xx' or mode == 'check') and not raw) then return {2, 0, 0} end
local old = tonumber(raw or '0')
local value = tonumber(ARGV[1]) - tonumber(redis.call('GET', KEYS[2]) or '0')
if mode == 'check' then return {3, value, old} end
if ARGV[5] ~= '' and value - old ~= tonumber(ARGV[5]) then return {3, value, old} end
redis.call('SET', KEYS[1], value, 'EX', ARGV[3])
redis.call('INCR', KEYS[3])
redis.call('EXPIRE', KEYS[3], ARGV[3])
return {1, value, old}
`;

/**
 * Reaps one entry of a dead epoch (whose tombstone is already set): the entry leaves the
 * registry and held:*; the balances are then set from SQL by the caller.
 * KEYS: holds:<epoch>, held:u, held:t|''; ARGV: holdId → 1 reaped, 0 already gone
 */
export const REAP_ENTRY = `${ADD_HELD}
local rec = redis.call('HGET', KEYS[1], ARGV[1])
if not rec then return 0 end
local amount = tonumber(string.match(rec, '(-?%d+)$'))
redis.call('HDEL', KEYS[1], ARGV[1])
addHeld(KEYS[2], -amount)
addHeld(KEYS[3], -amount)
return 1
`;

/**
 * The heartbeat: refuses a reaped epoch (-3); otherwise renews the alive key and answers whether
 * the registry still exists (1) or is gone (0: Redis lost its data, the caller registers again).
 * KEYS: alive, dead, holds; ARGV: ttl seconds
 */
export const BEAT = `
if redis.call('EXISTS', KEYS[2]) == 1 then return -3 end
redis.call('SET', KEYS[1], '1', 'EX', ARGV[1])
return redis.call('EXISTS', KEYS[3])
`;

/**
 * Registers an entry again after Redis lost it (a restart without persistence); a balance
 * loaded meanwhile (from SQL − held, without this entry) pays for it now.
 * KEYS: holds, held:u, held:t|'', dead, bal:u, bal:t|''; ARGV: holdId, record
 * → 1 added, 0 present, -3 fenced
 */
export const REREGISTER = `${ADD_HELD}
if redis.call('EXISTS', KEYS[4]) == 1 then return -3 end
if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 0 then return 0 end
local amount = tonumber(string.match(ARGV[2], '(-?%d+)$'))
addHeld(KEYS[2], amount)
addHeld(KEYS[3], amount)
for i = 5, 6 do
  if KEYS[i] ~= '' and redis.call('EXISTS', KEYS[i]) == 1 then redis.call('DECRBY', KEYS[i], amount) end
end
return 1
`;
