import type { PageQuery, UserView } from '@gateway/contract';
import type { Kysely, SelectQueryBuilder, Transaction } from 'kysely';
import type { Database, NewUser, UserRow, UserUpdate } from '../../platform/db/schema.js';
import { columnContains, pageOffset } from '../tokens/listing.js';
import { publicSettingJson } from './setting.js';

export interface UserSearch {
  /** An exact id when numeric, else part of the username, display name or email. */
  keyword: string;
  /** Exact group name; '' for every group. */
  group: string;
}

type Db = Kysely<Database> | Transaction<Database>;

export const toUserView = (u: UserRow): UserView => ({
  id: u.id,
  username: u.username,
  display_name: u.display_name,
  role: u.role,
  status: u.status,
  email: u.email,
  github_id: u.github_id,
  oidc_id: u.oidc_id,
  wechat_id: u.wechat_id,
  telegram_id: u.telegram_id,
  linux_do_id: u.linux_do_id,
  quota: u.quota,
  used_quota: u.used_quota,
  request_count: u.request_count,
  group: u.group,
  aff_code: u.aff_code ?? '',
  aff_count: u.aff_count,
  aff_quota: u.aff_quota,
  aff_history_quota: u.aff_history_quota,
  inviter_id: u.inviter_id,
  setting: publicSettingJson(u.setting),
  DeletedAt: u.deleted_at,
});

export class UserRepo {
  constructor(readonly db: Kysely<Database>) {}

  findById(id: number, db: Db = this.db): Promise<UserRow | undefined> {
    return db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** Any row, deregistered or not (admins see deregistered users, tagged). */
  findAnyById(id: number, db: Db = this.db): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The admin list: every row including deregistered ones, newest first. */
  async page(search: UserSearch, page: PageQuery): Promise<{ rows: UserRow[]; total: number }> {
    const filter = <O>(q: SelectQueryBuilder<Database, 'users', O>) => {
      let out = q;
      const keyword = search.keyword;
      if (keyword) {
        out = out.where((eb) => {
          const matches = [
            columnContains('username', keyword),
            columnContains('display_name', keyword),
            columnContains('email', keyword),
          ];
          if (/^\d{1,15}$/.test(keyword)) return eb.or([eb('id', '=', Number(keyword)), ...matches]);
          return eb.or(matches);
        });
      }
      if (search.group) out = out.where('group', '=', search.group);
      return out;
    };
    const [rows, count] = await Promise.all([
      filter(this.db.selectFrom('users').selectAll())
        .orderBy('id', 'desc')
        .limit(page.pageSize)
        .offset(pageOffset(page))
        .execute(),
      filter(this.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n'))).executeTakeFirst(),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  }

  /** Login accepts the username or the email address. */
  findForLogin(name: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('deleted_at', 'is', null)
      .where((eb) =>
        eb.or([eb('username', '=', name), eb.and([eb('email', '=', name), eb('email', '!=', '')])]),
      )
      .orderBy('id')
      .executeTakeFirst();
  }

  /** Any row, deleted or not, holding this username or email (they stay reserved). */
  async nameOrEmailTaken(username: string, email: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where((eb) =>
        email
          ? eb.or([eb('username', '=', username), eb('email', '=', email)])
          : eb('username', '=', username),
      )
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Any row, deleted or not, using this email. */
  async emailTaken(email: string): Promise<boolean> {
    const row = await this.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    return row !== undefined;
  }

  findByAffCode(code: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('aff_code', '=', code)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  findByAccessTokenHash(hash: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('access_token', '=', hash)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  async insert(user: NewUser, db: Db = this.db): Promise<number> {
    const result = await db.insertInto('users').values(user).executeTakeFirstOrThrow();
    if (result.insertId !== undefined) return Number(result.insertId);
    // PostgreSQL reports no insertId; usernames are unique, so look the row up.
    const row = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', user.username)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, fields: UserUpdate, db: Db = this.db): Promise<void> {
    await db.updateTable('users').set(fields).where('id', '=', id).execute();
  }

  async hasRoot(): Promise<boolean> {
    const row = await this.db.selectFrom('users').select('id').where('role', '>=', 100).executeTakeFirst();
    return row !== undefined;
  }
}
