import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { optionalSessionUser } from '../../platform/http/auth.js';
import { badRequest, forbidden, ok, parseInput } from '../../platform/http/api-error.js';
import { bindIdentity, signInWithIdentity, type ExternalIdentity } from './accounts.js';
import { KINDS } from './kinds.js';
import { githubIdentity, linuxdoIdentity } from './oauth2-providers.js';
import { oidcIdentity } from './oidc.js';
import { consumeState, issueState } from './state.js';

const stateQuery = z.object({ aff: z.string().trim().max(32, '无效的参数').optional().default('') });
const callbackQuery = z.object({
  code: z.string().max(2048, '无效的参数').optional().default(''),
  state: z.string().max(256, '无效的参数').optional().default(''),
  iss: z.string().max(1024, '无效的参数').optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(1024).optional(),
});

type CallbackQuery = z.output<typeof callbackQuery>;

/**
 * Where the provider sent the browser back to: the console's callback page. The console builds
 * the authorise link with its own origin; ServerAddress, when set, is that same address.
 */
export const callbackUrl = (ctx: AppContext, request: FastifyRequest, provider: string) =>
  `${ctx.options.str('ServerAddress') || `${request.protocol}://${request.host}`}/oauth/${provider}`;

interface Provider {
  kind: (typeof KINDS)[keyof typeof KINDS];
  enabledOption: string;
  disabled: string;
  identify(ctx: AppContext, request: FastifyRequest, query: CallbackQuery): Promise<ExternalIdentity>;
}

const PROVIDERS: Record<'github' | 'oidc' | 'linuxdo', Provider> = {
  github: {
    kind: KINDS.github,
    enabledOption: 'GitHubOAuthEnabled',
    disabled: '管理员未开启通过 GitHub 登录以及注册',
    identify: (ctx, _request, query) => githubIdentity(ctx, query.code),
  },
  oidc: {
    kind: KINDS.oidc,
    enabledOption: 'oidc.enabled',
    disabled: '管理员未开启通过 OIDC 登录以及注册',
    identify: (ctx, request, q) =>
      oidcIdentity(ctx, q.code, q.state, callbackUrl(ctx, request, 'oidc'), q.iss),
  },
  linuxdo: {
    kind: KINDS.linuxdo,
    enabledOption: 'LinuxDOOAuthEnabled',
    disabled: '管理员未开启通过 Linux DO 登录以及注册',
    identify: (ctx, request, query) => linuxdoIdentity(ctx, query.code, callbackUrl(ctx, request, 'linuxdo')),
  },
};

/**
 * The OAuth 2 / OIDC callbacks. Signed in → the identity is bound to the account ("bind");
 * otherwise it signs in its holder, or creates an account when registration is open.
 */
export async function oauthRoutes(app: FastifyInstance, ctx: AppContext) {
  const critical = ctx.criticalRateLimit;

  app.get('/oauth/state', critical, async (request) => {
    const { aff } = parseInput(stateQuery, request.query);
    return ok(await issueState(ctx, request, aff));
  });

  for (const [name, provider] of Object.entries(PROVIDERS)) {
    app.get(`/oauth/${name}`, critical, async (request) => {
      const query = parseInput(callbackQuery, request.query);
      if (query.error) throw badRequest(query.error_description || query.error);
      if (!(await consumeState(ctx, request, query.state))) throw forbidden('state is empty or not same');
      if (!ctx.options.bool(provider.enabledOption)) throw forbidden(provider.disabled);
      if (!query.code) throw badRequest('无效的参数');
      const signedIn = await optionalSessionUser(request, ctx.guards.directory);
      const identity = await provider.identify(ctx, request, query);
      if (signedIn) {
        await bindIdentity(ctx, signedIn.id, provider.kind, identity.id);
        return ok(undefined, 'bind');
      }
      const affCode = request.session.get('oauth_aff');
      request.session.set('oauth_aff', undefined);
      return ok(await signInWithIdentity(ctx, request, provider.kind, identity, { affCode }));
    });
  }
}
