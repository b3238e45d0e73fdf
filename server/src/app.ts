import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySecureSession from '@fastify/secure-session';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { AppContext } from './context.js';
import { sessionKey } from './platform/crypto/session-secret.js';
import { acceptStrictJson, installApiErrorHandler } from './platform/http/error-handler.js';
import { registerConsole } from './platform/http/console-static.js';
import { newRequestId, REQUEST_ID_HEADER } from './platform/http/request-id.js';
import { API_ROUTES } from './modules/routes.js';
import { playgroundRoutes } from './relay/playground.js';
import { relayRoutes } from './relay/routes.js';
import { sunoRoutes } from './relay/suno/routes.js';

const THIRTY_DAYS = 30 * 24 * 3600;

/** The management API under /api: envelope errors, sessions, rate limits, compression. */
async function apiPlugin(app: FastifyInstance, ctx: AppContext) {
  installApiErrorHandler(app);
  acceptStrictJson(app);
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  const { rateLimit } = ctx.config;
  await app.register(fastifyRateLimit, {
    global: rateLimit.enabled,
    max: rateLimit.max,
    timeWindow: rateLimit.windowSeconds * 1000,
    redis: ctx.redis ?? undefined,
    nameSpace: `${ctx.config.redisPrefix}ratelimit:`,
    skipOnError: true,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `请求过于频繁，请 ${Math.ceil(context.ttl / 1000)} 秒后再试`,
    }),
  });
  if (rateLimit.enabled) {
    // One limiter instance shared by every strict route, so they draw from one bucket per IP.
    const { max, windowSeconds } = ctx.config.criticalRateLimit;
    ctx.criticalRateLimit.onRequest = app.rateLimit({ max, timeWindow: windowSeconds * 1000 });
  }
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.addHook('onRoute', (route) => {
    const hooks = [route.preHandler].flat();
    const { guards } = ctx;
    const access = hooks.includes(guards.root)
      ? 'root'
      : hooks.includes(guards.admin)
        ? 'admin'
        : hooks.includes(guards.user)
          ? 'user'
          : 'public';
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') ctx.apiRoutes.push({ method, url: route.url, access });
    }
  });
  for (const routes of API_ROUTES) await routes(app, ctx);
}

export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: ctx.config.debug ? 'debug' : 'info',
      redact: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-api-key"]',
        'req.headers["x-goog-api-key"]',
      ],
      // Gemini clients may send their key as ?key=: it never reaches a log line.
      serializers: {
        req: (request: { method: string; url: string; id?: string }) => ({
          method: request.method,
          url: request.url.replace(/([?&]key=)[^&]*/g, '$1***'),
          id: request.id,
        }),
      },
    },
    // Per-request log lines cost more than the relay itself; DEBUG turns them on.
    logController: new LogController({ disableRequestLogging: !ctx.config.debug }),
    genReqId: newRequestId,
    trustProxy: ctx.config.trustProxy,
    // /api's limit; the relay's raw-body parsers carry their own (RELAY_BODY_LIMIT).
    bodyLimit: ctx.config.bodyLimits.api,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // The console calls both /api/log/self and /api/log/self/; scripts use either.
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    // The names the official SDKs read (OpenAI's and Google's x-request-id, Anthropic's request-id).
    reply.header('x-request-id', request.id);
    reply.header('request-id', request.id);
  });

  await app.register(async (scope) => {
    await scope.register(fastifyCookie);
    await scope.register(fastifySecureSession, {
      key: sessionKey(ctx.sessionSecret),
      cookieName: 'session',
      expiry: THIRTY_DAYS,
      cookie: { path: '/', httpOnly: true, sameSite: 'strict', maxAge: THIRTY_DAYS },
    });
    await scope.register((api) => apiPlugin(api, ctx), { prefix: '/api' });
    await scope.register((pg) => playgroundRoutes(pg, ctx));
  });
  await app.register((relay) => relayRoutes(relay, ctx));
  await app.register((suno) => sunoRoutes(suno, ctx), { bodyLimit: ctx.config.bodyLimits.api });

  await registerConsole(app, ctx.config.webDist);
  return app;
}
