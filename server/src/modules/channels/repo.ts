import type { ChannelSearchQuery, PageQuery } from '@gateway/contract';
import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SqlBool,
  type Transaction,
} from 'kysely';
import type { SqlDialectName } from '../../config.js';
import type { ChannelRow, Database, NewChannel } from '../../platform/db/schema.js';
import { chunks } from './abilities.js';

type Db = Kysely<Database> | Transaction<Database>;
export type ChannelWhere = (eb: ExpressionBuilder<Database, 'channels'>) => Expression<SqlBool>;
/** Highest priority first (the routing order), or newest first. */
export type ChannelOrder = 'priority' | 'id';

const everything: ChannelWhere = (eb) => eb.and([]);

/** `!` escapes LIKE wildcards the same way on every dialect (a backslash would not on MySQL). */
const escapeLike = (text: string) => text.replace(/[!%_]/g, '!$&');
const likeText = (column: 'name' | 'models', needle: string) =>
  sql<SqlBool>`lower(${sql.ref(column)}) like ${`%${escapeLike(needle.toLowerCase())}%`} escape '!'`;

export class ChannelRepo {
  constructor(
    readonly db: Kysely<Database>,
    readonly dialect: SqlDialectName,
  ) {}

  findById(id: number, db: Db = this.db): Promise<ChannelRow | undefined> {
    return db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findByIds(ids: readonly number[], db: Db = this.db): Promise<ChannelRow[]> {
    const rows: ChannelRow[] = [];
    for (const part of chunks(ids)) {
      rows.push(...(await db.selectFrom('channels').selectAll().where('id', 'in', part).execute()));
    }
    return rows;
  }

  findByTag(tag: string, db: Db = this.db): Promise<ChannelRow[]> {
    return db.selectFrom('channels').selectAll().where('tag', '=', tag).orderBy('id').execute();
  }

  findEnabled(): Promise<ChannelRow[]> {
    return this.db.selectFrom('channels').selectAll().where('status', '=', 1).orderBy('id').execute();
  }

  async insert(row: NewChannel, db: Db = this.db): Promise<number> {
    if (this.dialect === 'mysql') {
      const result = await db.insertInto('channels').values(row).executeTakeFirstOrThrow();
      return Number(result.insertId);
    }
    // PostgreSQL reports no insertId; SQLite and PostgreSQL both support RETURNING.
    const inserted = await db.insertInto('channels').values(row).returning('id').executeTakeFirstOrThrow();
    return inserted.id;
  }

  /** One page of channels, or with tagMode one page of "units": a whole tag, or an untagged channel. */
  async page(
    where: ChannelWhere,
    order: ChannelOrder,
    page: PageQuery,
    tagMode: boolean,
  ): Promise<{ rows: ChannelRow[]; total: number }> {
    if (tagMode) return this.tagModePage(where, order, page);
    const { count } = await this.db
      .selectFrom('channels')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where(where)
      .executeTakeFirstOrThrow();
    let query = this.db.selectFrom('channels').selectAll().where(where);
    query =
      order === 'id' ? query.orderBy('id', 'desc') : query.orderBy('priority', 'desc').orderBy('id', 'desc');
    const rows = await query
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute();
    return { rows, total: Number(count) };
  }

  /**
   * Tag mode pages over units; a tag brings every channel carrying it. Units sort by their best
   * priority (or newest id). Channel tables are small enough to group in memory.
   */
  private async tagModePage(where: ChannelWhere, order: ChannelOrder, page: PageQuery) {
    const matches = await this.db
      .selectFrom('channels')
      .select(['id', 'tag', 'priority'])
      .where(where)
      .execute();
    const units = new Map<string, { tag: string | null; ids: number[]; priority: number; id: number }>();
    for (const m of matches) {
      const key = m.tag ? `tag:${m.tag}` : `id:${m.id}`;
      const unit = units.get(key) ?? { tag: m.tag || null, ids: [], priority: -Infinity, id: 0 };
      unit.ids.push(m.id);
      unit.priority = Math.max(unit.priority, Number(m.priority));
      unit.id = Math.max(unit.id, m.id);
      units.set(key, unit);
    }
    const sorted = [...units.values()].sort((a, b) =>
      order === 'id' ? b.id - a.id : b.priority - a.priority || b.id - a.id,
    );
    const shown = sorted.slice((page.page - 1) * page.pageSize, page.page * page.pageSize);
    const tags = shown.flatMap((u) => (u.tag ? [u.tag] : []));
    const untagged = shown.flatMap((u) => (u.tag ? [] : u.ids));
    if (shown.length === 0) return { rows: [], total: sorted.length };
    const rows = await this.db
      .selectFrom('channels')
      .selectAll()
      .where((eb) => {
        const parts: Expression<SqlBool>[] = [];
        if (tags.length) parts.push(eb('tag', 'in', tags));
        if (untagged.length) parts.push(eb('id', 'in', untagged));
        return eb.or(parts);
      })
      .execute();
    const position = new Map(shown.map((u, i) => [u.tag ? `tag:${u.tag}` : `id:${u.id}`, i]));
    const unitOf = (r: ChannelRow) => position.get(r.tag ? `tag:${r.tag}` : `id:${r.id}`) ?? 0;
    rows.sort(
      (a, b) =>
        unitOf(a) - unitOf(b) ||
        (order === 'id' ? 0 : Number(b.priority) - Number(a.priority)) ||
        b.id - a.id,
    );
    return { rows, total: sorted.length };
  }

  everything(): ChannelWhere {
    return everything;
  }

  /** keyword: the id, part of the name (any case) or the exact key; group: one of the channel's groups. */
  searchWhere(q: Pick<ChannelSearchQuery, 'keyword' | 'group' | 'model'>): ChannelWhere {
    return (eb) => {
      const conditions: Expression<SqlBool>[] = [];
      if (q.keyword) {
        const alternatives: Expression<SqlBool>[] = [likeText('name', q.keyword), eb('key', '=', q.keyword)];
        if (/^\d{1,9}$/.test(q.keyword)) alternatives.push(eb('id', '=', Number(q.keyword)));
        conditions.push(eb.or(alternatives));
      }
      if (q.model) conditions.push(likeText('models', q.model));
      if (q.group) {
        const wrapped =
          this.dialect === 'mysql'
            ? sql`concat(',', ${sql.ref('group')}, ',')`
            : sql`(',' || ${sql.ref('group')} || ',')`;
        conditions.push(sql<SqlBool>`${wrapped} like ${`%,${escapeLike(q.group)},%`} escape '!'`);
      }
      return eb.and(conditions);
    };
  }
}
