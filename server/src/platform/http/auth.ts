import { Role, UserStatus } from '@gateway/contract';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { CachedUser, UserCache } from '../../modules/users/user-cache.js';
import { forbidden, unauthorized } from './api-error.js';

export interface AuthUser extends CachedUser {
  viaAccessToken: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    authUser?: AuthUser;
  }
}

declare module '@fastify/secure-session' {
  interface SessionData {
    uid: number;
    /** The user's session generation when the session was issued (see users/sessions.ts). */
    sv: number;
  }
}

export interface AuthDirectory {
  users: UserCache;
  /** User id owning this system access token, if any. */
  userIdByAccessToken(token: string): Promise<number | undefined>;
}

/**
 * Who is calling: the session cookie, or a system access token in Authorization. Either way the
 * New-Api-User header must name the same user, and role and status come from the current user
 * record (a ban or demotion applies to the very next request).
 */
export async function authenticate(request: FastifyRequest, dir: AuthDirectory): Promise<AuthUser> {
  let userId = request.session?.get('uid');
  let viaAccessToken = false;
  if (!userId) {
    const header = request.headers.authorization?.replace(/^Bearer\s+/i, '').trim();
    if (!header) throw unauthorized('无权进行此操作，未登录且未提供 access token');
    userId = await dir.userIdByAccessToken(header);
    if (!userId) throw unauthorized('无权进行此操作，access token 无效');
    viaAccessToken = true;
  }
  const user = await dir.users.get(userId);
  if (!user) {
    request.session?.delete();
    throw unauthorized('无权进行此操作，用户不存在或已注销');
  }
  if (!viaAccessToken) {
    // 401 rather than 403: the console signs a banned user out on their next click.
    if (user.status !== UserStatus.Enabled) {
      request.session.delete();
      throw unauthorized('用户已被封禁');
    }
    // Sessions from before generations existed carry none; they belong to generation 0.
    if ((request.session.get('sv') ?? 0) !== user.sessionVersion) {
      request.session.delete();
      throw unauthorized('登录已失效，请重新登录');
    }
  }
  const claimed = request.headers['new-api-user'];
  const claimedValue = Array.isArray(claimed) ? claimed[0] : claimed;
  if (claimedValue === undefined || claimedValue === '')
    throw unauthorized('无权进行此操作，未提供 New-Api-User');
  if (!/^\d+$/.test(claimedValue.trim())) throw unauthorized('无权进行此操作，New-Api-User 格式错误');
  if (Number(claimedValue) !== user.id) throw unauthorized('无权进行此操作，New-Api-User 与登录用户不匹配');
  if (user.status !== UserStatus.Enabled) throw forbidden('用户已被封禁');
  return { ...user, viaAccessToken };
}

/**
 * The signed-in user of a public route that only adapts to them (the price list), or undefined:
 * never throws and needs no New-Api-User, but honours bans and ended sessions like authenticate.
 */
export async function optionalSessionUser(
  request: FastifyRequest,
  dir: AuthDirectory,
): Promise<CachedUser | undefined> {
  const userId = request.session?.get('uid');
  if (!userId) return undefined;
  const user = await dir.users.get(userId);
  if (!user || user.status !== UserStatus.Enabled) return undefined;
  return (request.session.get('sv') ?? 0) === user.sessionVersion ? user : undefined;
}

export function requireRole(dir: AuthDirectory, minRole: number): preHandlerAsyncHookHandler {
  return async function guard(request: FastifyRequest, _reply: FastifyReply) {
    const user = await authenticate(request, dir);
    if (user.role < minRole) throw forbidden('无权进行此操作，权限不足');
    request.authUser = user;
  };
}

export interface Guards {
  user: preHandlerAsyncHookHandler;
  admin: preHandlerAsyncHookHandler;
  root: preHandlerAsyncHookHandler;
  directory: AuthDirectory;
}

export const makeGuards = (dir: AuthDirectory): Guards => ({
  user: requireRole(dir, Role.User),
  admin: requireRole(dir, Role.Admin),
  root: requireRole(dir, Role.Root),
  directory: dir,
});

/** The authenticated user of a guarded route. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw unauthorized('无权进行此操作，未登录且未提供 access token');
  return request.authUser;
}
