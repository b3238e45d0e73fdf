import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { authenticateRelay, type RelayCaller } from './auth/relay-auth.js';
import { billingRoutes } from './billing-routes.js';
import { RelayError } from './errors.js';
import { clientFormatOf } from './formats/registry.js';
import { countTokensRoute } from './count-tokens.js';
import { geminiRoutes } from './gemini-routes.js';
import { modelRoutes } from './model-routes.js';
import { realtimeRoutes } from './realtime/routes.js';
import { responsesRoutes } from './responses-routes.js';
import { handleRelay } from './pipeline.js';
import { midjourneyRoutes } from './midjourney/routes.js';
import type { RelayMode } from './providers/types.js';

const ENDPOINTS: Array<[string, RelayMode]> = [
  ['/v1/chat/completions', 'chat'],
  ['/v1/completions', 'completions'],
  ['/v1/embeddings', 'embeddings'],
  ['/v1/engines/:model/embeddings', 'embeddings'],
  ['/v1/images/generations', 'images'],
  ['/v1/audio/speech', 'speech'],
  ['/v1/audio/transcriptions', 'transcription'],
  ['/v1/audio/translations', 'translation'],
  ['/v1/moderations', 'moderations'],
  ['/v1/rerank', 'rerank'],
  ['/v1/messages', 'messages'],
];

/** The relay mode whose error shape a request gets: Anthropic's under /v1/messages, Gemini's under /v1beta. */
const errorModeOf = (request: FastifyRequest): RelayMode =>
  request.url.startsWith('/v1/messages')
    ? 'messages'
    : request.url.startsWith('/v1beta/')
      ? 'gemini'
      : 'chat';

const NOT_IMPLEMENTED = [
  '/v1/images/edits',
  '/v1/images/variations',
  '/v1/files',
  '/v1/files/*',
  '/v1/fine-tunes',
  '/v1/fine-tunes/*',
  '/v1/fine_tuning/*',
];

/** Relay error answers, in the error shape of the client's format, whatever failed. */
export function installRelayErrorHandler(app: FastifyInstance, bodyLimit: number) {
  app.setErrorHandler((error: FastifyError | RelayError, request: FastifyRequest, reply: FastifyReply) => {
    if (reply.sent || reply.raw.headersSent) {
      request.log.warn({ err: error }, 'relay error after the response started');
      return;
    }
    const mode = errorModeOf(request);
    let relayError: RelayError;
    if (error instanceof RelayError) relayError = error;
    else if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // Each protocol's own type: OpenAI's invalid_request_error, Anthropic's request_too_large.
      const type = mode === 'messages' ? 'request_too_large' : 'invalid_request_error';
      const message = `Request body is larger than ${bodyLimit} bytes`;
      relayError = new RelayError(413, message, 'request_body_too_large', { type });
    } else if (error.statusCode && error.statusCode < 500) {
      relayError = new RelayError(error.statusCode, error.message, error.code ?? 'invalid_request', {
        type: 'invalid_request_error',
      });
    } else {
      request.log.error({ err: error }, 'relay request failed');
      relayError = new RelayError(500, 'internal error', 'internal_error');
    }
    const body = clientFormatOf(mode).errorBody(relayError, request.id);
    // An upstream's 429 told the client when to come back; SDKs wait that long before retrying.
    const { retryAfter } = relayError.options;
    if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
    void reply.code(relayError.status).send(body);
  });
}

/** Bodies stay raw: the pipeline parses JSON itself and forwards uploads byte for byte. */
export function acceptRawBodies(app: FastifyInstance, bodyLimit: number) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_req, body, done) => done(null, body));
}

/** Browsers may call the relay directly (chat web apps): allow any origin. */
function allowCors(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('access-control-allow-origin', request.headers.origin ?? '*');
    reply.header('vary', 'origin');
    if (request.method === 'OPTIONS') {
      reply
        .header('access-control-allow-methods', 'GET,POST,PUT,DELETE,OPTIONS')
        .header(
          'access-control-allow-headers',
          request.headers['access-control-request-headers'] ?? 'authorization,content-type',
        )
        .header('access-control-max-age', '86400');
      await reply.code(204).send();
    }
  });
}

export async function relayRoutes(app: FastifyInstance, ctx: AppContext) {
  const relay = ctx.relay;
  installRelayErrorHandler(app, ctx.config.bodyLimits.relay);
  acceptRawBodies(app, ctx.config.bodyLimits.relay);
  allowCors(app);
  app.options('/v1/*', async () => undefined);
  app.options('/v1beta/*', async () => undefined);

  const caller = (request: FastifyRequest): Promise<RelayCaller> =>
    authenticateRelay(request, ctx, relay.tokens);
  for (const [path, mode] of ENDPOINTS) {
    app.post(path, async (request, reply) => {
      const who = await caller(request);
      const pathModel = (request.params as { model?: string }).model;
      await handleRelay(relay, request, reply, mode, who, pathModel);
    });
  }
  await countTokensRoute(app, caller);
  for (const path of NOT_IMPLEMENTED) {
    app.all(path, async () => {
      throw new RelayError(501, 'API not implemented', 'api_not_implemented');
    });
  }
  await modelRoutes(app, ctx, caller);
  await geminiRoutes(app, ctx, caller);
  await responsesRoutes(app, ctx, caller);
  await realtimeRoutes(app, ctx, caller);
  await billingRoutes(app, ctx, caller);
  await midjourneyRoutes(app, ctx);
}
