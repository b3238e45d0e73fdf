import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';

declare module '@fastify/secure-session' {
  interface SessionData {
    /** The state handed out by GET /api/oauth/state, awaiting its callback. */
    oauth_state: string;
    /** The invite code the visitor arrived with, for an account the callback creates. */
    oauth_aff: string;
  }
}

const PURPOSE = 'oauth-state';

/**
 * A state must match the session that asked for it and works once. The session cookie alone
 * cannot make it single-use (an old copy of the cookie still carries it), so the state is also
 * recorded on the server (memory or Redis, 10 minutes) and struck off when used.
 */
export async function issueState(ctx: AppContext, request: FastifyRequest, aff: string): Promise<string> {
  const state = randomBytes(16).toString('hex');
  await ctx.verificationCodes.issue(PURPOSE, state, '1');
  request.session.set('oauth_state', state);
  if (aff) request.session.set('oauth_aff', aff);
  else request.session.set('oauth_aff', undefined);
  return state;
}

/** True once for the state this session was given; the session forgets it either way. */
export async function consumeState(
  ctx: AppContext,
  request: FastifyRequest,
  state: string,
): Promise<boolean> {
  const expected = request.session.get('oauth_state');
  request.session.set('oauth_state', undefined);
  if (!state || !expected || expected !== state) return false;
  return ctx.verificationCodes.consume(PURPOSE, state, '1');
}
