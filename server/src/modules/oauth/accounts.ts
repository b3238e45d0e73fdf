import { UserStatus } from '@gateway/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { ALPHANUMERIC, randomString } from '../../platform/crypto/random.js';
import { ApiError, badRequest, forbidden } from '../../platform/http/api-error.js';
import type { UserRow } from '../../platform/db/schema.js';
import { createAccount } from '../users/service.js';
import { startSession } from '../users/sessions.js';
import { claimIdentity, completeClaim, dropPendingClaim } from './identity-claims.js';

/** The users column holding each third-party identity. */
export type IdentityColumn = 'github_id' | 'oidc_id' | 'linux_do_id' | 'wechat_id' | 'telegram_id';

/** What a provider told us about the person signing in. */
export interface ExternalIdentity {
  /** The stable id stored in the column. */
  id: string;
  /** A username the provider suggests, used when it is free and well-formed. */
  username?: string;
  displayName?: string;
  email?: string;
}

export interface IdentityKind {
  column: IdentityColumn;
  /** Prefix of generated usernames: github_12. */
  prefix: string;
  /** Display name when the provider gives none. */
  fallbackName: string;
  alreadyBound: string;
}

/** The user JSON a sign-in answers with, as the password login does. */
export const loginView = (u: UserRow) => ({
  id: u.id,
  username: u.username,
  display_name: u.display_name,
  role: u.role,
  status: u.status,
  group: u.group,
});

/** Any row, deregistered or not, that holds this identity (identities stay reserved). */
const holderOf = (ctx: AppContext, column: IdentityColumn, id: string) =>
  ctx.db.selectFrom('users').selectAll().where(column, '=', id).orderBy('id').executeTakeFirst();

/** Ties the identity to the signed-in user; refused when any other account holds it. */
export async function bindIdentity(ctx: AppContext, userId: number, kind: IdentityKind, id: string) {
  const holder = await holderOf(ctx, kind.column, id);
  if (holder && holder.id !== userId) throw new ApiError(409, kind.alreadyBound);
  // Two users binding the same new identity at once: the claim lets only one of them have it.
  const claim = await claimIdentity(ctx, kind.column, id, userId);
  if (!claim.won && claim.holder !== userId) throw new ApiError(409, kind.alreadyBound);
  await ctx.users.repo.update(userId, { [kind.column]: id });
  ctx.users.cache.invalidate(userId);
}

const USERNAME = /^[A-Za-z0-9_.-]{1,20}$/;

async function freeUsername(ctx: AppContext, kind: IdentityKind, suggested?: string): Promise<string> {
  if (suggested && USERNAME.test(suggested) && !(await ctx.users.repo.nameOrEmailTaken(suggested, ''))) {
    return suggested;
  }
  const max = await ctx.db
    .selectFrom('users')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  const first = `${kind.prefix}_${Number(max?.id ?? 0) + 1}`;
  if (!(await ctx.users.repo.nameOrEmailTaken(first, ''))) return first;
  // Another sign-up took the number first: a random tail cannot collide in practice.
  return `${kind.prefix}_${randomString(8, ALPHANUMERIC)}`;
}

export interface SignInOptions {
  /** Invite code remembered in the session by GET /api/oauth/state. */
  affCode?: string;
}

/**
 * Signs in whoever holds the identity, or creates the account through the common sign-up path
 * (starting quota, invite rewards) when registration is open.
 */
export async function signInWithIdentity(
  ctx: AppContext,
  request: FastifyRequest,
  kind: IdentityKind,
  identity: ExternalIdentity,
  options: SignInOptions = {},
) {
  const user =
    (await holderOf(ctx, kind.column, identity.id)) ?? (await newAccount(ctx, kind, identity, options));
  if (user.deleted_at !== null) throw forbidden('用户已注销');
  if (user.status !== UserStatus.Enabled) throw forbidden('用户已被封禁');
  startSession(request, user);
  return loginView(user);
}

/**
 * The account of a first sign-in. Concurrent first sign-ins of one identity (a double click, two
 * tabs, two instances) create one account: the winner of the identity's claim creates it, the
 * others wait for it and sign in to it.
 */
async function newAccount(
  ctx: AppContext,
  kind: IdentityKind,
  identity: ExternalIdentity,
  options: SignInOptions,
): Promise<UserRow> {
  if (!ctx.options.bool('RegisterEnabled')) throw forbidden('管理员关闭了新用户注册');
  for (let attempt = 0; attempt < CLAIM_WAIT_ROUNDS; attempt++) {
    const claim = await claimIdentity(ctx, kind.column, identity.id, 0);
    if (claim.won) return createForIdentity(ctx, kind, identity, options);
    const holder = await holderOf(ctx, kind.column, identity.id);
    if (holder) return holder;
    await new Promise((resolve) => setTimeout(resolve, CLAIM_WAIT_MS));
  }
  throw new ApiError(409, '登录正在处理中，请稍后重试');
}

const CLAIM_WAIT_ROUNDS = 50;
const CLAIM_WAIT_MS = 100;

async function createForIdentity(
  ctx: AppContext,
  kind: IdentityKind,
  identity: ExternalIdentity,
  options: SignInOptions,
): Promise<UserRow> {
  try {
    const inviter = options.affCode ? await ctx.users.repo.findByAffCode(options.affCode) : undefined;
    const email = identity.email && !(await ctx.users.repo.emailTaken(identity.email)) ? identity.email : '';
    const username = await freeUsername(ctx, kind, identity.username);
    // No password anyone knows: the account signs in through its identity (or a later reset).
    const id = await createAccount(ctx, {
      username,
      password: randomString(32, ALPHANUMERIC),
      displayName: identity.displayName || kind.fallbackName,
      email,
      inviterId: inviter?.id,
      identities: { [kind.column]: identity.id },
    });
    await completeClaim(ctx, kind.column, identity.id, id);
    const user = await ctx.users.repo.findById(id);
    if (!user) throw badRequest('用户已注销');
    return user;
  } catch (err) {
    await dropPendingClaim(ctx, kind.column, identity.id).catch(() => undefined);
    throw err;
  }
}
