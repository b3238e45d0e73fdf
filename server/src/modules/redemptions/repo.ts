import type { PageQuery, RedemptionView } from '@gateway/contract';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database, RedemptionRow } from '../../platform/db/schema.js';
import { columnStartsWith, pageOffset } from '../tokens/listing.js';

export const toRedemptionView = (r: RedemptionRow): RedemptionView => ({
  id: r.id,
  user_id: r.user_id,
  key: r.key,
  status: r.status,
  name: r.name,
  quota: r.quota,
  created_time: r.created_time,
  redeemed_time: r.redeemed_time,
  used_user_id: r.used_user_id,
  DeletedAt: r.deleted_at,
});

/** Redemption rows that are not soft-deleted. */
export class RedemptionRepo {
  constructor(private readonly db: Kysely<Database>) {}

  private live() {
    return this.db.selectFrom('redemptions').where('deleted_at', 'is', null);
  }

  /** id desc; `keyword` matches an id exactly or a name prefix ('' = everything). */
  async page(keyword: string, page: PageQuery): Promise<{ rows: RedemptionRow[]; total: number }> {
    const filter = <O>(q: SelectQueryBuilder<Database, 'redemptions', O>) => {
      if (!keyword) return q;
      const id = /^\d{1,15}$/.test(keyword) ? Number(keyword) : null;
      return q.where((eb) =>
        id === null
          ? columnStartsWith('name', keyword)
          : eb.or([eb('id', '=', id), columnStartsWith('name', keyword)]),
      );
    };
    const [rows, count] = await Promise.all([
      filter(this.live().selectAll())
        .orderBy('id', 'desc')
        .limit(page.pageSize)
        .offset(pageOffset(page))
        .execute(),
      filter(this.live().select((eb) => eb.fn.countAll<number>().as('n'))).executeTakeFirst(),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  }

  findById(id: number): Promise<RedemptionRow | undefined> {
    return this.live().selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByKey(key: string): Promise<RedemptionRow | undefined> {
    return this.live().selectAll().where('key', '=', key).executeTakeFirst();
  }
}
