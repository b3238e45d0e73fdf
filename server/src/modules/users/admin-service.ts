import {
  LogType,
  Role,
  UserStatus,
  type adminUpdateUserRequest,
  type ManageUserResult,
  type UserManageAction,
} from '@gateway/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { hashPassword } from '../../platform/crypto/passwords.js';
import type { UserRow, UserUpdate } from '../../platform/db/schema.js';
import { badRequest, forbidden, notFound } from '../../platform/http/api-error.js';
import type { AuthUser } from '../../platform/http/auth.js';
import { formatLogQuota } from '../logs/format.js';
import { nowSeconds } from '../setup/state.js';
import { endUserSessions } from './sessions.js';

export const NO_PERMISSION_ON_PEER = '无权更新同权限等级或更高权限等级的用户信息';
export const USER_DEREGISTERED = '该用户已注销，无法再进行操作';

/** An admin acts only on users of a lower role; root acts on everyone (its own rules still apply). */
const outranks = (me: AuthUser, target: UserRow) => me.role >= Role.Root || me.role > target.role;

/** Whether another row (deregistered ones included: their names stay reserved) has this name. */
async function usernameHolder(ctx: AppContext, username: string, exceptId: number): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * PUT /api/user/: edits another user. Fields that are absent stay as they are. The quota is
 * applied as a delta (`quota = quota + (new - old)`, old read in the same transaction), so relay
 * charges written meanwhile are kept; the delta then reaches the admission view at once.
 */
export async function updateUserByAdmin(
  ctx: AppContext,
  me: AuthUser,
  input: z.output<typeof adminUpdateUserRequest>,
): Promise<void> {
  const { repo, cache } = ctx.users;
  // Before the transaction: hashing is slow and needs no lock.
  const password = input.password ? await hashPassword(input.password) : undefined;
  // This instance's unflushed charges reach SQL first, so "old" is as current as it can be.
  await ctx.ledger.flush().catch(() => undefined);
  // Outside the transaction: SQLite has one connection, which the transaction holds.
  if (input.username !== undefined && (await usernameHolder(ctx, input.username, input.id))) {
    throw badRequest('用户名已存在，或已注销');
  }

  const { before, delta, username } = await ctx.db.transaction().execute(async (tx) => {
    const row = await repo.findById(input.id, tx);
    if (!row) throw notFound('用户不存在');
    if (!outranks(me, row)) throw forbidden(NO_PERMISSION_ON_PEER);
    const fields: UserUpdate = {};
    if (input.username !== undefined && input.username !== row.username) fields.username = input.username;
    if (input.display_name !== undefined) fields.display_name = input.display_name;
    if (input.group !== undefined) fields.group = input.group;
    if (password) fields.password = password;
    const quotaDelta = input.quota === undefined ? 0 : input.quota - row.quota;
    if (Object.keys(fields).length > 0 || quotaDelta !== 0) {
      await tx
        .updateTable('users')
        .set((eb) => ({
          ...fields,
          ...(quotaDelta !== 0 ? { quota: eb('quota', '+', quotaDelta) } : {}),
          // An admin password reset signs the user out everywhere.
          ...(password ? { session_version: eb('session_version', '+', 1) } : {}),
        }))
        .where('id', '=', row.id)
        .execute();
    }
    return { before: row, delta: quotaDelta, username: fields.username ?? row.username };
  });

  cache.invalidate(before.id);
  if (delta === 0) return;
  await ctx.ledger.adjustUserQuota(before.id, delta);
  const from = formatLogQuota(before.quota, ctx.options);
  const to = formatLogQuota(before.quota + delta, ctx.options);
  ctx.logs.add({
    user_id: before.id,
    type: LogType.Manage,
    username,
    content: `管理员将用户额度从 ${from}修改为 ${to}`,
  });
}

/**
 * POST /api/user/manage. A ban and a deletion also end the user's sessions; together with the
 * cache invalidation every instance refuses their sessions, access token and API keys at once.
 */
export async function manageUser(
  ctx: AppContext,
  me: AuthUser,
  id: number,
  action: UserManageAction,
): Promise<ManageUserResult> {
  const { repo, cache } = ctx.users;
  const row = await repo.findAnyById(id);
  if (!row) throw notFound('用户不存在');
  if (row.deleted_at !== null) throw badRequest(USER_DEREGISTERED);
  if (!outranks(me, row)) throw forbidden(NO_PERMISSION_ON_PEER);
  const isRoot = row.role >= Role.Root;
  let role = row.role;
  let status = row.status;

  switch (action) {
    case 'disable':
      if (isRoot) throw badRequest('无法禁用超级管理员用户');
      status = UserStatus.Disabled;
      await endUserSessions(ctx, id, { status });
      break;
    case 'enable':
      status = UserStatus.Enabled;
      await repo.update(id, { status });
      cache.invalidate(id);
      break;
    case 'delete':
      if (isRoot) throw badRequest('无法删除超级管理员用户');
      await endUserSessions(ctx, id, { deleted_at: nowSeconds() });
      break;
    case 'promote':
      if (me.role < Role.Root) throw forbidden('普通管理员用户无法提升其他用户为管理员');
      if (row.role >= Role.Admin) throw badRequest('该用户已经是管理员');
      role = Role.Admin;
      await repo.update(id, { role });
      cache.invalidate(id);
      break;
    case 'demote':
      if (isRoot) throw badRequest('无法降级超级管理员用户');
      if (row.role === Role.User) throw badRequest('该用户已经是普通用户');
      role = Role.User;
      await repo.update(id, { role });
      cache.invalidate(id);
      break;
  }
  return { role, status };
}
