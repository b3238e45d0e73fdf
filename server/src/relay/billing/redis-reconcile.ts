import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { Payer } from './balance-authority.js';
import type { Charge } from './charge-batch.js';
import { chargeOfEntry } from './journal-entry.js';
import { RECONCILE, REAP_ENTRY } from './redis-scripts.js';

export type ReconcileMode = 'set' | 'nx' | 'xx' | 'check';

/** Key names shared by the authority and its reconciliation. */
export class BalanceKeys {
  constructor(readonly prefix: string) {}
  bal(kind: Payer, id: number) {
    return `${this.prefix}bal:${kind === 'user' ? 'u' : 't'}:${id}`;
  }
  held(kind: Payer, id: number | null) {
    return id === null ? '' : `${this.prefix}held:${kind === 'user' ? 'u' : 't'}:${id}`;
  }
  gen(kind: Payer, id: number | null) {
    return id === null ? '' : `${this.prefix}gen:${kind === 'user' ? 'u' : 't'}:${id}`;
  }
  holds(epoch: string) {
    return `${this.prefix}holds:${epoch}`;
  }
  alive(epoch: string) {
    return `${this.prefix}alive:${epoch}`;
  }
  dead(epoch: string) {
    return `${this.prefix}dead:${epoch}`;
  }
  charges(epoch: string) {
    return `${this.prefix}charges:${epoch}`;
  }
}

const ROUNDS = 4;
const SQL_BATCH = 200;
/** A reaped epoch's tombstone outlives any pause an instance could wake up from. */
const TOMBSTONE_SECONDS = 7 * 24 * 3600;

async function sqlValues(db: Kysely<Database>, kind: Payer, ids: number[]): Promise<Map<number, number>> {
  const rows =
    kind === 'user'
      ? await db.selectFrom('users').select(['id', 'quota as value']).where('id', 'in', ids).execute()
      : await db
          .selectFrom('tokens')
          .select(['id', 'remain_quota as value'])
          .where('id', 'in', ids)
          .execute();
  return new Map(rows.map((r) => [Number(r.id), Number(r.value)]));
}

/**
 * Sets balances from SQL: bal = SQL − held. The generation is read before SQL; a balance whose
 * SQL value moved meanwhile (a flush committed, another reconciliation ran) is retried with a
 * fresh read, so a stale SQL value is never written. `expected` (per id) limits the write to a
 * correction of exactly that amount. Returns the corrections made (or, in check mode, found).
 */
export async function reconcileBalances(
  redis: Redis,
  db: Kysely<Database>,
  keys: BalanceKeys,
  kind: Payer,
  ids: number[],
  mode: ReconcileMode,
  ttlSeconds: number,
  expected?: Map<number, number>,
): Promise<Map<number, number>> {
  const corrections = new Map<number, number>();
  for (let i = 0; i < ids.length; i += SQL_BATCH) {
    let pending = [...new Set(ids.slice(i, i + SQL_BATCH))];
    for (let round = 0; round < ROUNDS && pending.length > 0; round++) {
      const gens = await redis.mget(pending.map((id) => keys.gen(kind, id)));
      const sql = await sqlValues(db, kind, pending);
      const batch = redis.pipeline();
      const asked: number[] = [];
      pending.forEach((id, n) => {
        const value = sql.get(id);
        if (value === undefined) return; // deleted: its balance expires on its own
        asked.push(id);
        batch.eval(
          RECONCILE,
          3,
          keys.bal(kind, id),
          keys.held(kind, id),
          keys.gen(kind, id),
          String(value),
          gens[n] ?? '0',
          String(ttlSeconds),
          mode,
          expected?.has(id) ? String(expected.get(id)) : '',
        );
      });
      const results = (await batch.exec()) ?? [];
      const stale: number[] = [];
      results.forEach(([err, res], k) => {
        if (err) throw err;
        const [code, value, old] = (res as number[]).map(Number) as [number, number, number];
        const id = asked[k]!;
        if (code === 0) stale.push(id);
        else if ((code === 1 || (code === 3 && mode === 'check')) && value !== old)
          corrections.set(id, value - old);
      });
      pending = stale;
    }
  }
  return corrections;
}

/** How long a drift must persist before the periodic job corrects it. */
const CONFIRM_MS = 300;

/**
 * The periodic repair: a balance is corrected only when the same drift is seen twice, CONFIRM_MS
 * apart. A flush commits to SQL a moment before its registry entries leave Redis; a single
 * reading inside that moment would "correct" a right balance. Returns how many were corrected.
 */
export async function repairDrift(
  redis: Redis,
  db: Kysely<Database>,
  keys: BalanceKeys,
  kind: Payer,
  ids: number[],
  ttlSeconds: number,
): Promise<number> {
  const seen = await reconcileBalances(redis, db, keys, kind, ids, 'check', ttlSeconds);
  if (seen.size === 0) return 0;
  await new Promise((r) => setTimeout(r, CONFIRM_MS));
  const fixed = await reconcileBalances(redis, db, keys, kind, [...seen.keys()], 'xx', ttlSeconds, seen);
  return fixed.size;
}

/** Every loaded balance of one kind, by scanning its keys. */
export async function loadedIds(redis: Redis, keys: BalanceKeys, kind: Payer): Promise<number[]> {
  const ids: number[] = [];
  const match = `${keys.prefix}bal:${kind === 'user' ? 'u' : 't'}:*`;
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', match, 'COUNT', 500);
    cursor = next;
    for (const key of found) ids.push(Number(key.slice(key.lastIndexOf(':') + 1)));
  } while (cursor !== '0');
  return ids;
}

/** Applies journaled charges to SQL exactly once (QuotaLedger.applyJournaled); returns how many were new. */
export type ApplyCharges = (charges: Charge[]) => Promise<number>;

/** Journal entries read and applied per round. */
const JOURNAL_CHUNK = 500;

/** Epochs that left a registry or a journal in Redis. */
async function epochsInRedis(redis: Redis, keys: BalanceKeys): Promise<Set<string>> {
  const epochs = new Set<string>();
  for (const prefix of [keys.holds(''), keys.charges('')]) {
    let cursor = '0';
    do {
      const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 100);
      cursor = next;
      for (const key of found) epochs.add(key.slice(prefix.length));
    } while (cursor !== '0');
  }
  return epochs;
}

/**
 * Reaps every epoch whose heartbeat stopped: the tombstone goes first, so the epoch can neither
 * add nor settle anything into the balances afterwards; then the charges it journaled but did
 * not commit are applied to SQL (once: SQL keys skip those it did commit), its registry entries
 * leave held:*, and the balances they named are set from SQL. Returns how many holds were reaped
 * and how many journaled charges were applied now.
 */
export async function reapDeadEpochs(
  redis: Redis,
  db: Kysely<Database>,
  keys: BalanceKeys,
  ownEpoch: string,
  ttlSeconds: number,
  apply: ApplyCharges,
): Promise<{ holds: number; charges: number }> {
  const reaped = { holds: 0, charges: 0 };
  const users = new Set<number>();
  const tokens = new Set<number>();
  for (const epoch of await epochsInRedis(redis, keys)) {
    if (epoch === ownEpoch || (await redis.exists(keys.alive(epoch)))) continue;
    await redis.set(keys.dead(epoch), '1', 'EX', TOMBSTONE_SECONDS);
    const journal = Object.entries(await redis.hgetall(keys.charges(epoch)));
    for (let i = 0; i < journal.length; i += JOURNAL_CHUNK) {
      const chunk = journal.slice(i, i + JOURNAL_CHUNK);
      const charges: Charge[] = [];
      for (const [holdId, entry] of chunk) {
        const charge = chargeOfEntry(entry);
        if (!charge) console.error(`journaled charge ${holdId} cannot be read: skipped`);
        else charges.push(charge);
      }
      reaped.charges += await apply(charges);
      for (const c of charges) {
        users.add(c.userId);
        if (c.tokenPays && c.tokenId !== null) tokens.add(c.tokenId);
      }
      await redis.hdel(keys.charges(epoch), ...chunk.map(([holdId]) => holdId));
    }
    const registry = keys.holds(epoch);
    for (const [holdId, record] of Object.entries(await redis.hgetall(registry))) {
      const [user, token] = record.split('|');
      const userId = Number(user);
      const tokenId = token ? Number(token) : null;
      reaped.holds += Number(
        await redis.eval(
          REAP_ENTRY,
          3,
          registry,
          keys.held('user', userId),
          keys.held('token', tokenId),
          holdId,
        ),
      );
      users.add(userId);
      if (tokenId !== null) tokens.add(tokenId);
    }
  }
  await reconcileBalances(redis, db, keys, 'user', [...users], 'xx', ttlSeconds);
  await reconcileBalances(redis, db, keys, 'token', [...tokens], 'xx', ttlSeconds);
  return reaped;
}
