import { TOKEN_NEVER_EXPIRES, TokenStatus, type PageQuery, type TokenView } from '@gateway/contract';
import type { Kysely, SelectQueryBuilder, Transaction } from 'kysely';
import type { Database, NewToken, TokenRow } from '../../platform/db/schema.js';
import { columnContains, pageOffset } from './listing.js';
import { nowSeconds } from '../setup/state.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The status a token has in effect: an enabled token whose expiry passed reads 3 and a limited
 * one without quota left reads 4, although the relay records that only when the key is next
 * used. Computed on read, so the console, scripts and the relay agree.
 */
export function effectiveTokenStatus(t: TokenRow, now = nowSeconds()): number {
  if (t.status !== TokenStatus.Enabled) return t.status;
  if (t.expired_time !== TOKEN_NEVER_EXPIRES && t.expired_time <= now) return TokenStatus.Expired;
  if (t.unlimited_quota !== 1 && t.remain_quota <= 0) return TokenStatus.Exhausted;
  return t.status;
}

export const toTokenView = (t: TokenRow): TokenView => ({
  id: t.id,
  user_id: t.user_id,
  key: t.key,
  status: effectiveTokenStatus(t),
  name: t.name,
  created_time: t.created_time,
  accessed_time: t.accessed_time,
  expired_time: t.expired_time,
  remain_quota: t.remain_quota,
  unlimited_quota: t.unlimited_quota === 1,
  model_limits_enabled: t.model_limits_enabled === 1,
  // Text columns without a default on MySQL, so older rows may hold NULL.
  model_limits: t.model_limits ?? '',
  allow_ips: t.allow_ips ?? '',
  used_quota: t.used_quota,
  group: t.group,
  DeletedAt: t.deleted_at,
});

export interface TokenSearch {
  keyword: string;
  /** Part of a key, without the `sk-` prefix. */
  keyPart: string;
}

/** Token rows, always restricted to one owner and to rows that are not soft-deleted. */
export class TokenRepo {
  constructor(private readonly db: Kysely<Database>) {}

  private owned(userId: number, db: Db = this.db) {
    return db.selectFrom('tokens').where('user_id', '=', userId).where('deleted_at', 'is', null);
  }

  async page(
    userId: number,
    search: TokenSearch,
    page: PageQuery,
  ): Promise<{ rows: TokenRow[]; total: number }> {
    const filter = <O>(q: SelectQueryBuilder<Database, 'tokens', O>) => {
      let out = q;
      if (search.keyword) out = out.where(columnContains('name', search.keyword));
      if (search.keyPart) out = out.where(columnContains('key', search.keyPart));
      return out;
    };
    const [rows, count] = await Promise.all([
      filter(this.owned(userId).selectAll())
        .orderBy('id', 'desc')
        .limit(page.pageSize)
        .offset(pageOffset(page))
        .execute(),
      filter(this.owned(userId).select((eb) => eb.fn.countAll<number>().as('n'))).executeTakeFirst(),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  }

  findOwned(userId: number, id: number, db: Db = this.db): Promise<TokenRow | undefined> {
    return this.owned(userId, db).selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Inserts a batch in one statement (every row has the same columns) and reads it back. */
  async insertMany(rows: NewToken[], db: Db = this.db): Promise<TokenRow[]> {
    await db.insertInto('tokens').values(rows).execute();
    // PostgreSQL and MySQL report no usable ids for a batch; keys are unique, so read them back.
    return db
      .selectFrom('tokens')
      .selectAll()
      .where(
        'key',
        'in',
        rows.map((r) => r.key),
      )
      .orderBy('id')
      .execute();
  }
}
