import { sql, type Kysely, type Transaction } from 'kysely';
import type { SqlDialectName } from '../../config.js';
import { insertLogRows, writeOutbox } from '../../modules/logs/outbox.js';
import { insertLogRowsPrepared } from '../../modules/logs/sqlite-log-insert.js';
import { sqliteHandle } from '../../platform/db/sqlite-handle.js';
import { normalizeLogRow, type LogInput } from '../../modules/logs/writer.js';
import type { Database, LogDatabase, NewLog } from '../../platform/db/schema.js';

/** One settled request's charge, waiting for the next flush. */
export interface Charge {
  /** The request id: the hold's id and the log row's charge_key. */
  requestId: string;
  /** The balance authority's epoch the hold was registered under. */
  epoch: string;
  userId: number;
  /** The token used (its used_quota grows), and whether its remain_quota pays. */
  tokenId: number | null;
  tokenPays: boolean;
  channelId: number;
  quota: number;
  /** Unix seconds of the settlement (the token's accessed_time). */
  at: number;
  log?: (charged: number) => LogInput | null;
}

/** Where the log rows of a batch go: the main database, or its outbox for a separate log database. */
export type LogTarget = { kind: 'main'; dialect: SqlDialectName } | { kind: 'outbox' };

/** What the database could not pay of a batch (see capToBalances), by user and by token. */
export interface Shortfall {
  users: Map<number, number>;
  tokens: Map<number, number>;
}

const ascending = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);
const add = (map: Map<number, number>, id: number, n: number) => map.set(id, (map.get(id) ?? 0) + n);

/** A payer cannot pay its summed charges: the batch is written again, capped. */
export class NeedsCap extends Error {}

const NO_SHORTFALL: Shortfall = { users: new Map(), tokens: new Map() };

/** A charge of the batch is known already (its key is in SQL): the batch is written again, deduplicated. */
export class DuplicateCharge extends Error {}

export interface BatchResult {
  shortfall: Shortfall;
  applied: Charge[];
  /** What each applied charge was charged (less than its quota when capped). */
  charged: number[];
}

export interface BatchMode {
  /** Lock and read the payers first and cut charges to what each has (see capToBalances). */
  capped: boolean;
  /** Skip charges whose key is already in SQL (applied by an earlier flush or a journal replay). */
  dedupe: boolean;
}

/**
 * Writes one batch in one transaction: the log rows (and, for charges without a log row in the
 * main database, their keys in `ledger_charges`), then the summed updates of users, tokens and
 * channels, each in ascending id order (instances' flushes wait for each other but never
 * deadlock). The usual way needs no read: a payer's update applies only if the balance covers
 * it, and a refusal (NeedsCap) rolls everything back; a key already present (DuplicateCharge)
 * too. Written `capped`, the payers' rows are locked and read first (same order) and the charges
 * cut to what each has; written `dedupe`, charges whose key is present are left out.
 * Returns the shortfall, the charges applied now and what each was charged.
 */
export async function writeChargeBatch(
  db: Kysely<Database>,
  dialect: SqlDialectName,
  all: Charge[],
  logs: LogTarget,
  mode: BatchMode = { capped: false, dedupe: false },
): Promise<BatchResult> {
  return db.transaction().execute(async (tx) => {
    const charges = mode.dedupe ? await unapplied(tx, all, logs) : all;
    const userIds = ascending(charges.map((c) => c.userId));
    const tokenIds = ascending(
      charges.flatMap((c) => (c.tokenPays && c.tokenId !== null ? [c.tokenId] : [])),
    );
    let charged = charges.map((c) => c.quota);
    let shortfall = NO_SHORTFALL;
    if (mode.capped) {
      const users = await lockedBalances(tx, dialect, 'users', 'quota', userIds);
      const tokens = await lockedBalances(tx, dialect, 'tokens', 'remain_quota', tokenIds);
      ({ charged, shortfall } = capToBalances(charges, users, tokens));
    }

    const rows: NewLog[] = [];
    const keys: string[] = [];
    charges.forEach((c, i) => {
      const row = c.log?.(charged[i]!);
      if (!row || logs.kind === 'outbox') keys.push(c.requestId);
      if (!row) return;
      const normalized: NewLog = normalizeLogRow(row);
      normalized.charge_key = c.requestId;
      rows.push(normalized);
    });
    const sqlite = logs.kind === 'main' && logs.dialect === 'sqlite' ? sqliteHandle(db) : undefined;
    if (sqlite) {
      if (insertLogRowsPrepared(sqlite, rows) < rows.length)
        throw new DuplicateCharge('a charge was applied before');
    } else if (logs.kind === 'main') {
      await insertLogRows(tx as unknown as Transaction<LogDatabase>, logs.dialect, rows, 'fail');
    } else {
      await writeOutbox(tx, rows);
    }
    await insertChargeKeys(tx, keys);

    const userDelta = new Map<number, { quota: number; requests: number }>();
    const tokenDelta = new Map<number, { remain: number; used: number; at: number }>();
    const channelDelta = new Map<number, number>();
    charges.forEach((c, i) => {
      const q = charged[i]!;
      const u = userDelta.get(c.userId) ?? { quota: 0, requests: 0 };
      userDelta.set(c.userId, { quota: u.quota + q, requests: u.requests + 1 });
      if (c.tokenId !== null) {
        const t = tokenDelta.get(c.tokenId) ?? { remain: 0, used: 0, at: 0 };
        tokenDelta.set(c.tokenId, {
          remain: t.remain + (c.tokenPays ? q : 0),
          used: t.used + q,
          at: Math.max(t.at, c.at),
        });
      }
      if (q !== 0 && c.channelId > 0) add(channelDelta, c.channelId, q);
    });
    const guard = (covered: boolean) => {
      if (!covered) throw new NeedsCap('a balance does not cover its charges');
    };
    for (const id of userIds) {
      const d = userDelta.get(id)!;
      const checked = !mode.capped && d.quota > 0;
      let update = tx
        .updateTable('users')
        .set((eb) => ({
          quota: eb('quota', '-', d.quota),
          used_quota: eb('used_quota', '+', d.quota),
          request_count: eb('request_count', '+', d.requests),
        }))
        .where('id', '=', id);
      if (checked) update = update.where('quota', '>=', d.quota);
      const [result] = await update.execute();
      if (checked) guard(Number(result?.numUpdatedRows ?? 0) > 0);
    }
    for (const id of ascending(tokenDelta.keys())) {
      const d = tokenDelta.get(id)!;
      const checked = !mode.capped && d.remain > 0;
      let update = tx
        .updateTable('tokens')
        .set((eb) => ({
          remain_quota: eb('remain_quota', '-', d.remain),
          used_quota: eb('used_quota', '+', d.used),
          accessed_time: d.at,
        }))
        .where('id', '=', id);
      if (checked) update = update.where('remain_quota', '>=', d.remain);
      const [result] = await update.execute();
      if (checked) guard(Number(result?.numUpdatedRows ?? 0) > 0);
    }
    for (const id of ascending(channelDelta.keys())) {
      const used = channelDelta.get(id)!;
      await tx
        .updateTable('channels')
        .set((eb) => ({ used_quota: eb('used_quota', '+', used) }))
        .where('id', '=', id)
        .execute();
    }
    return { shortfall, applied: charges, charged };
  });
}

const KEY_CHUNK = 500;

async function insertChargeKeys(tx: Transaction<Database>, keys: string[]) {
  const now = Math.floor(Date.now() / 1000);
  for (let i = 0; i < keys.length; i += KEY_CHUNK) {
    const values = keys.slice(i, i + KEY_CHUNK).map((charge_key) => ({ charge_key, created_at: now }));
    await tx.insertInto('ledger_charges').values(values).execute();
  }
}

/** The charges whose key is in neither `logs.charge_key` (main database) nor `ledger_charges`. */
async function unapplied(tx: Transaction<Database>, charges: Charge[], logs: LogTarget): Promise<Charge[]> {
  const known = new Set<string>();
  for (let i = 0; i < charges.length; i += KEY_CHUNK) {
    const keys = charges.slice(i, i + KEY_CHUNK).map((c) => c.requestId);
    const kept = await tx
      .selectFrom('ledger_charges')
      .select('charge_key')
      .where('charge_key', 'in', keys)
      .execute();
    for (const r of kept) known.add(r.charge_key);
    if (logs.kind !== 'main') continue;
    const logged = await (tx as unknown as Transaction<LogDatabase>)
      .selectFrom('logs')
      .select('charge_key')
      .where('charge_key', 'in', keys)
      .execute();
    for (const r of logged) if (r.charge_key) known.add(r.charge_key);
  }
  return known.size === 0 ? charges : charges.filter((c) => !known.has(c.requestId));
}

/** Reads and locks (FOR UPDATE, except on SQLite whose write transactions are exclusive) balances. */
async function lockedBalances(
  tx: Transaction<Database>,
  dialect: SqlDialectName,
  table: 'users' | 'tokens',
  column: 'quota' | 'remain_quota',
  ids: number[],
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const query = tx
    .selectFrom(table)
    .select(['id', sql<number>`${sql.ref(column)}`.as('value')])
    .where('id', 'in', ids)
    .orderBy('id');
  const rows = await (dialect === 'sqlite' ? query : query.forUpdate()).execute();
  return new Map(rows.map((r) => [Number(r.id), Number(r.value)]));
}

/**
 * The last line against overdraft: admission (memory or Redis) normally keeps every charge
 * payable, but a hold given back while its instance was frozen, or Redis losing its data, can
 * let charges exceed a balance. The newest charges of such a payer are cut so that no balance
 * goes below zero (a payer already below zero pays nothing more); the log rows record the cut
 * as overdraft. Returns the charges to apply, in order, and how much was cut per payer.
 */
export function capToBalances(
  charges: Charge[],
  users: Map<number, number>,
  tokens: Map<number, number>,
): { charged: number[]; shortfall: Shortfall } {
  const charged = charges.map((c) => c.quota);
  const userLeft = new Map(users);
  const tokenLeft = new Map(tokens);
  for (const c of charges) {
    add(userLeft, c.userId, -c.quota);
    if (c.tokenPays && c.tokenId !== null) add(tokenLeft, c.tokenId, -c.quota);
  }
  const shortfall: Shortfall = { users: new Map(), tokens: new Map() };
  for (let i = charges.length - 1; i >= 0; i--) {
    const c = charges[i]!;
    const paysToken = c.tokenPays && c.tokenId !== null;
    // Payers missing from the database (deleted) are not capped.
    const userOver = users.has(c.userId) ? -(userLeft.get(c.userId) ?? 0) : 0;
    const tokenOver = paysToken && tokens.has(c.tokenId!) ? -(tokenLeft.get(c.tokenId!) ?? 0) : 0;
    const cut = Math.min(charged[i]!, Math.max(0, userOver, tokenOver));
    if (cut <= 0) continue;
    charged[i] = charged[i]! - cut;
    add(userLeft, c.userId, cut);
    add(shortfall.users, c.userId, cut);
    if (paysToken) {
      add(tokenLeft, c.tokenId!, cut);
      add(shortfall.tokens, c.tokenId!, cut);
    }
  }
  return { charged, shortfall };
}
