import {
  createTokenRequest,
  pageQuery,
  statusOnlyQuery,
  TOKEN_KEY_PREFIX,
  tokenSearchQuery,
  updateTokenRequest,
  updateTokenStatusRequest,
} from '@gateway/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { notFound, ok, parseInput } from '../../platform/http/api-error.js';
import { currentUser } from '../../platform/http/auth.js';
import { parseIdParam, toPage } from './listing.js';
import { TokenRepo, toTokenView } from './repo.js';
import { createTokens, deleteToken, setTokenStatus, updateToken } from './service.js';

/** Removes one leading `sk-` (not every leading s, k and dash, as the original did). */
const withoutKeyPrefix = (text: string) =>
  text.startsWith(TOKEN_KEY_PREFIX) ? text.slice(TOKEN_KEY_PREFIX.length) : text;

/** /api/token/*: the caller's own API keys; another user's token is always "not found". */
export async function tokenRoutes(app: FastifyInstance, ctx: AppContext) {
  const repo = new TokenRepo(ctx.db);
  const guard = { preHandler: ctx.guards.user };

  app.get('/token/', guard, async (request) => {
    const page = parseInput(pageQuery, request.query);
    const { rows, total } = await repo.page(currentUser(request).id, { keyword: '', keyPart: '' }, page);
    return ok(toPage(rows.map(toTokenView), total, page));
  });

  app.get('/token/search', guard, async (request) => {
    const page = parseInput(pageQuery, request.query);
    const { keyword, token } = parseInput(tokenSearchQuery, request.query);
    const search = { keyword: keyword.trim(), keyPart: withoutKeyPrefix(token.trim()) };
    const { rows, total } = await repo.page(currentUser(request).id, search, page);
    return ok(toPage(rows.map(toTokenView), total, page));
  });

  app.get('/token/:id', guard, async (request) => {
    const id = parseIdParam(request.params);
    const token = id === null ? undefined : await repo.findOwned(currentUser(request).id, id);
    if (!token) throw notFound('令牌不存在');
    return ok(toTokenView(token));
  });

  app.post('/token/', guard, async (request) => {
    const input = parseInput(createTokenRequest, request.body);
    const created = await createTokens(ctx, repo, currentUser(request), input);
    return ok(created.map(toTokenView));
  });

  app.put('/token/', guard, async (request) => {
    const me = currentUser(request);
    const { statusOnly } = parseInput(statusOnlyQuery, request.query);
    const token = statusOnly
      ? await setTokenStatus(ctx, repo, me, parseInput(updateTokenStatusRequest, request.body))
      : await updateToken(ctx, repo, me, parseInput(updateTokenRequest, request.body));
    return ok(toTokenView(token));
  });

  app.delete('/token/:id', guard, async (request) => {
    const id = parseIdParam(request.params);
    if (id === null) throw notFound('令牌不存在');
    await deleteToken(ctx, repo, currentUser(request), id);
    return ok();
  });
}
