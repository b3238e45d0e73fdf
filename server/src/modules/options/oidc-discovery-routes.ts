import type { OidcEndpoints } from '@gateway/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ApiError, ok, parseInput } from '../../platform/http/api-error.js';
import { fetchJsonObject, isHttpUrl, RemoteJsonError } from '../../platform/http/remote-json.js';

const query = z.object({
  url: z.string().trim().refine(isHttpUrl, 'Well-Known URL 必须以 http:// 或 https:// 开头'),
});

const endpoint = (doc: Record<string, unknown>, name: string) => {
  const value = doc[name];
  return typeof value === 'string' && isHttpUrl(value) ? value : '';
};

/**
 * Reads an OIDC discovery document for the system settings, so the console can fill in the three
 * endpoints. Done here rather than in the browser because providers rarely allow cross-origin reads.
 */
export async function oidcDiscoveryRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/option/oidc_discovery', { preHandler: ctx.guards.root }, async (request) => {
    const { url } = parseInput(query, request.query);
    let doc: Record<string, unknown>;
    try {
      doc = await fetchJsonObject(url);
    } catch (err) {
      if (err instanceof RemoteJsonError) throw new ApiError(502, `获取 OIDC 配置失败：${err.message}`);
      throw err;
    }
    const found: OidcEndpoints = {
      authorization_endpoint: endpoint(doc, 'authorization_endpoint'),
      token_endpoint: endpoint(doc, 'token_endpoint'),
      userinfo_endpoint: endpoint(doc, 'userinfo_endpoint'),
    };
    if (!found.authorization_endpoint) {
      throw new ApiError(502, '获取 OIDC 配置失败：响应中没有 authorization_endpoint');
    }
    return ok(found);
  });
}
