import type { BlockList } from 'node:net';
import type { Kysely } from 'kysely';
import type { Bus } from '../../platform/cache/bus.js';
import type { Database, TokenRow } from '../../platform/db/schema.js';
import { parseAllowList } from './ip-allow.js';

/** What the relay needs of an API key, parsed once. */
export interface CachedToken {
  id: number;
  userId: number;
  key: string;
  name: string;
  status: number;
  expiredTime: number;
  unlimited: boolean;
  /** null = every model allowed. */
  modelLimits: Set<string> | null;
  /** null = every address allowed. */
  allowIps: BlockList | null;
  group: string;
}

const MAX_ENTRIES = 100_000;
/** Unknown keys are remembered briefly so a flood of bad keys does not reach the database. */
const NEGATIVE_TTL_MS = 30_000;

export function toCachedToken(row: TokenRow): CachedToken {
  const limits = (row.model_limits ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  return {
    id: row.id,
    userId: row.user_id,
    key: row.key,
    name: row.name,
    status: row.status,
    expiredTime: row.expired_time,
    unlimited: row.unlimited_quota === 1,
    modelLimits: row.model_limits_enabled === 1 ? new Set(limits) : null,
    allowIps: parseAllowList(row.allow_ips),
    group: row.group ?? '',
  };
}

/** API keys by key string; the token API publishes `token` (the key) on every change. */
export class TokenCache {
  private entries = new Map<string, CachedToken>();
  private missing = new Map<string, number>();

  constructor(
    private readonly db: Kysely<Database>,
    bus: Bus,
  ) {
    bus.subscribe('token', (key) => {
      this.entries.delete(key);
      this.missing.delete(key);
    });
    bus.subscribe('resync', () => {
      this.entries.clear();
      this.missing.clear();
    });
  }

  async get(key: string): Promise<CachedToken | undefined> {
    const hit = this.entries.get(key);
    if (hit) return hit;
    const missedAt = this.missing.get(key);
    if (missedAt !== undefined && Date.now() - missedAt < NEGATIVE_TTL_MS) return undefined;
    const row = await this.db
      .selectFrom('tokens')
      .selectAll()
      .where('key', '=', key)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    if (this.missing.size >= MAX_ENTRIES) this.missing.clear();
    if (!row) {
      this.missing.set(key, Date.now());
      return undefined;
    }
    const token = toCachedToken(row);
    this.entries.set(key, token);
    return token;
  }

  /** Local status change (expired/exhausted detected by the relay) before the bus catches up. */
  markStatus(key: string, status: number) {
    const hit = this.entries.get(key);
    if (hit) hit.status = status;
  }
}
