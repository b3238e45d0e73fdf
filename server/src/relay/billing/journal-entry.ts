import type { LogInput } from '../../modules/logs/writer.js';
import type { Charge } from './charge-batch.js';
import { chargedRow } from './charged-row.js';

/**
 * A settled charge as its journal keeps it, so that another process can apply it to SQL if the
 * instance that settled it dies before its flush: `<charged>|<facts as JSON>`. The amount stands
 * apart because Redis's settle script decides it (a charge above its hold takes what is left).
 */
interface Facts {
  /** Request id: the charge's key. */
  k: string;
  u: number;
  t: number | null;
  /** 1: the token's remain_quota pays. */
  p: 0 | 1;
  c: number;
  /** Unix seconds of the settlement. */
  a: number;
  /** The log row for the full charge (rewritten when less was charged), or null. */
  r: LogInput | null;
}

/** The facts part of an entry; the row is the log row for the charge before any cut. */
export function journalFacts(charge: Omit<Charge, 'quota' | 'log'>, row: LogInput | null): string {
  const facts: Facts = {
    k: charge.requestId,
    u: charge.userId,
    t: charge.tokenId,
    p: charge.tokenPays ? 1 : 0,
    c: charge.channelId,
    a: charge.at,
    r: row,
  };
  return JSON.stringify(facts);
}

export function journalEntry(charged: number, facts: string): string {
  return `${charged}|${facts}`;
}

/** The charge an entry stands for, or null for an entry that cannot be read (reported by the caller). */
export function chargeOfEntry(entry: string): Charge | null {
  const bar = entry.indexOf('|');
  const quota = Number(entry.slice(0, bar));
  if (bar < 1 || !Number.isSafeInteger(quota)) return null;
  let facts: Facts;
  try {
    facts = JSON.parse(entry.slice(bar + 1)) as Facts;
  } catch {
    return null;
  }
  if (typeof facts.k !== 'string' || typeof facts.u !== 'number') return null;
  return {
    requestId: facts.k,
    epoch: '',
    userId: facts.u,
    tokenId: facts.t,
    tokenPays: facts.p === 1,
    channelId: facts.c,
    quota,
    at: facts.a,
    // Dated at its settlement, not at the replay (copied here, off the request path).
    log: facts.r ? chargedRow({ ...facts.r, created_at: facts.r.created_at ?? facts.a }) : undefined,
  };
}
