import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { decodeJsonText, UnreadableTextError } from '../platform/http/json-text.js';
import type { RelayCaller } from './auth/relay-auth.js';
import { RelayError } from './errors.js';
import { geminiGenerate } from './formats/gemini/index.js';
import { parseInbound } from './inbound.js';
import { handleRelay } from './pipeline.js';

/** The `models/{model}:{method}` tail of a Gemini call; the model may carry the `models/` prefix. */
function modelAndMethod(tail: string): { model: string; method: string } {
  const at = tail.lastIndexOf(':');
  const model = decodeURIComponent(at >= 0 ? tail.slice(0, at) : tail).replace(/^models\//, '');
  return { model, method: at >= 0 ? tail.slice(at + 1) : '' };
}

const notFound = (what: string) =>
  new RelayError(404, `${what} is not found`, 'not_found', { type: 'NOT_FOUND', local: true });

/**
 * Gemini's own API for Gemini clients (the Google SDKs): generateContent, streamGenerateContent
 * (SSE), embedContent and batchEmbedContents, countTokens (local, free) and the model list,
 * under /v1beta. The key comes in
 * x-goog-api-key or ?key= (relay-auth reads both); errors are answered in Gemini's shape.
 */
export async function geminiRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  caller: (request: FastifyRequest) => Promise<RelayCaller>,
) {
  const relay = ctx.relay;

  app.post('/v1beta/models/*', async (request, reply) => {
    const { model, method } = modelAndMethod((request.params as { '*': string })['*']);
    const who = await caller(request);
    if (method === 'generateContent' || method === 'streamGenerateContent') {
      await handleRelay(relay, request, reply, 'gemini', who, model);
      return;
    }
    if (method === 'embedContent' || method === 'batchEmbedContents') {
      await handleRelay(relay, request, reply, 'gemini-embed', who, model);
      return;
    }
    if (method === 'countTokens') {
      const inbound = parseCountRequest(request, model);
      if (who.token?.modelLimits && !who.token.modelLimits.has(model)) {
        throw new RelayError(403, `该令牌无权访问模型 ${model}`, 'model_not_allowed');
      }
      return { totalTokens: await geminiGenerate.countPromptTokens(inbound, model) };
    }
    throw new RelayError(501, `method ${method || '(none)'} is not implemented`, 'api_not_implemented');
  });

  const modelsFor = (who: RelayCaller): string[] => {
    const reachable = new Set(ctx.relay.routing.models(who.group));
    if (who.token?.modelLimits) return [...who.token.modelLimits].filter((m) => reachable.has(m)).sort();
    return [...reachable].sort();
  };
  const toModel = (id: string) => ({
    name: `models/${id}`,
    displayName: id,
    supportedGenerationMethods: [
      'generateContent',
      'streamGenerateContent',
      'countTokens',
      'embedContent',
      'batchEmbedContents',
    ],
  });

  app.get('/v1beta/models', async (request) => {
    const who = await caller(request);
    return { models: modelsFor(who).map(toModel) };
  });

  app.get('/v1beta/models/*', async (request) => {
    const who = await caller(request);
    const { model } = modelAndMethod((request.params as { '*': string })['*']);
    if (!modelsFor(who).includes(model)) throw notFound(`models/${model}`);
    return toModel(model);
  });
}

/** countTokens takes `contents`, or a whole request under `generateContentRequest`. */
function parseCountRequest(request: FastifyRequest, model: string): Record<string, unknown> {
  const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  let body: unknown = null;
  try {
    // Strict like every other relay body: NUL or invalid UTF-8 is a 400, not text that breaks later.
    body = JSON.parse(decodeJsonText(raw));
  } catch (err) {
    if (err instanceof UnreadableTextError) {
      throw new RelayError(400, `Invalid request: ${err.message}`, 'invalid_request', {
        local: true,
        type: 'invalid_request_error',
      });
    }
    // not JSON: reported by parseInbound below
  }
  const wrapped = (body as { generateContentRequest?: unknown } | null)?.generateContentRequest;
  if (wrapped && typeof wrapped === 'object') return body as Record<string, unknown>;
  // The same checks as generateContent (a JSON object with contents).
  return parseInbound(request, 'gemini', model).body!;
}
