import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { ApiError } from '../platform/http/api-error.js';
import { authenticate } from '../platform/http/auth.js';
import { resolveGroup } from './auth/relay-auth.js';
import { RelayError } from './errors.js';
import { parseInbound } from './inbound.js';
import { handleRelay } from './pipeline.js';
import { acceptRawBodies, installRelayErrorHandler } from './routes.js';

/**
 * POST /pg/chat/completions: the console's playground. Signed-in users only (not access tokens);
 * billed to the user under the group they pick, with no API key involved.
 */
export async function playgroundRoutes(app: FastifyInstance, ctx: AppContext) {
  installRelayErrorHandler(app, ctx.config.bodyLimits.relay);
  acceptRawBodies(app, ctx.config.bodyLimits.relay);
  app.post('/pg/chat/completions', async (request, reply) => {
    let user;
    try {
      user = await authenticate(request, ctx.guards.directory);
    } catch (err) {
      if (err instanceof ApiError) throw new RelayError(err.statusCode, err.message, 'unauthorized');
      throw err;
    }
    if (user.viaAccessToken)
      throw new RelayError(400, '暂不支持使用 access token', 'access_token_not_supported');
    // Parsed once, strictly, here: the pipeline reuses it (the group is picked from the body).
    const inbound = parseInbound(request, 'chat');
    let group = user.group || 'default';
    const picked = inbound.body?.group;
    if (typeof picked === 'string' && picked) {
      try {
        group = resolveGroup(ctx, user, picked);
      } catch (err) {
        if (err instanceof RelayError) throw new RelayError(403, '无权访问该分组', 'group_not_allowed');
        throw err;
      }
    }
    await handleRelay(
      ctx.relay,
      request,
      reply,
      'chat',
      { token: null, user, group, tokenName: `playground-${group}`, pinnedChannelId: null },
      undefined,
      inbound,
    );
  });
}
