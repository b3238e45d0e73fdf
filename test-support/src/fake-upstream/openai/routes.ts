/**
 * Every path the OpenAI protocol family answers on: OpenAI's own `/v1/...`, Azure deployment
 * URLs, and the OpenAI-compatible providers that moved the same endpoints elsewhere (spec §9).
 * Route names (`<provider>.<endpoint>`) are recorded on requests so tests can assert the URL shape.
 */
import type { HandlerContext, ProtocolFamily, Route } from '../router.js';
import {
  billingUsageHandler,
  deepseekBalanceHandler,
  modelsHandler,
  siliconflowUserInfoHandler,
  subscriptionHandler,
} from './billing.js';
import { chatHandler } from './chat.js';
import { completionsHandler } from './completions.js';
import { embeddingsHandler, moderationsHandler, ollamaEmbedHandler, rerankHandler } from './embeddings.js';
import { azureFamily, ollamaFamily, openAIFamily } from './family.js';
import { imageFileHandler, imagesHandler, speechHandler, transcriptionHandler } from './media.js';
import { responsesHandler } from './responses.js';

type Handler = Route['handle'];

interface Endpoint {
  method: Route['method'];
  /** The path after `/v1/`. */
  rest: string;
  name: string;
  handle: Handler;
  /** Whether Azure serves it under `/openai/deployments/<deployment>/`. */
  azure?: boolean;
}

const chat = chatHandler();

const ENDPOINTS: Endpoint[] = [
  { method: 'POST', rest: 'chat/completions', name: 'chat', handle: chat, azure: true },
  { method: 'POST', rest: 'completions', name: 'completions', handle: completionsHandler, azure: true },
  { method: 'POST', rest: 'responses', name: 'responses', handle: responsesHandler },
  { method: 'POST', rest: 'embeddings', name: 'embeddings', handle: embeddingsHandler, azure: true },
  { method: 'POST', rest: 'images/generations', name: 'images', handle: imagesHandler, azure: true },
  { method: 'POST', rest: 'audio/speech', name: 'speech', handle: speechHandler, azure: true },
  {
    method: 'POST',
    rest: 'audio/transcriptions',
    name: 'transcriptions',
    handle: transcriptionHandler('transcribe'),
    azure: true,
  },
  {
    method: 'POST',
    rest: 'audio/translations',
    name: 'translations',
    handle: transcriptionHandler('translate'),
    azure: true,
  },
  { method: 'POST', rest: 'moderations', name: 'moderations', handle: moderationsHandler },
  { method: 'POST', rest: 'rerank', name: 'rerank', handle: rerankHandler },
  { method: 'GET', rest: 'models', name: 'models', handle: modelsHandler() },
  {
    method: 'GET',
    rest: 'dashboard/billing/subscription',
    name: 'billing.subscription',
    handle: subscriptionHandler,
  },
  { method: 'GET', rest: 'dashboard/billing/usage', name: 'billing.usage', handle: billingUsageHandler },
];

/** Azure rejects data-plane calls without `?api-version=`; a gateway that forgets it must notice. */
function requireApiVersion(handle: Handler): Handler {
  return (ctx) => {
    if (!ctx.request.query['api-version']) {
      return ctx.reply.error({ status: 404, code: '404', message: 'Resource not found' });
    }
    return handle(ctx);
  };
}

/**
 * Custom channels (type 8) post to a full URL of the tester's choosing; anything under
 * `/custom/` is served by the endpoint its path ends with, chat by default.
 */
function customHandler(ctx: HandlerContext) {
  const path = ctx.params['*'] ?? '';
  const endpoint = ENDPOINTS.find(
    (e) => e.method === 'POST' && (path === e.rest || path.endsWith(`/${e.rest}`)),
  );
  return (endpoint?.handle ?? chat)(ctx);
}

function route(
  name: string,
  method: Route['method'],
  path: string,
  handle: Handler,
  family: ProtocolFamily = openAIFamily,
): Route {
  return { name, method, path, handle, family };
}

/** Provider-specific copies of OpenAI endpoints, at the paths those providers use. */
const COMPATIBLE: Route[] = [
  route('zhipu.chat', 'POST', '/api/paas/v4/chat/completions', chat),
  route('zhipu.embeddings', 'POST', '/api/paas/v4/embeddings', embeddingsHandler),
  route('volcengine.chat', 'POST', '/api/v3/chat/completions', chat),
  route('volcengine.bots', 'POST', '/api/v3/bots/chat/completions', chat),
  route('volcengine.embeddings', 'POST', '/api/v3/embeddings', embeddingsHandler),
  route('qianfan.chat', 'POST', '/v2/chat/completions', chat),
  route('minimax.chat', 'POST', '/v1/text/chatcompletion_v2', chat),
  route('cloudflare.chat', 'POST', '/client/v4/accounts/:account/ai/v1/chat/completions', chat),
  route('cloudflare.embeddings', 'POST', '/client/v4/accounts/:account/ai/v1/embeddings', embeddingsHandler),
  route('perplexity.chat', 'POST', '/chat/completions', chat),
  route('dashscope.chat', 'POST', '/compatible-mode/v1/chat/completions', chat),
  route('dashscope.embeddings', 'POST', '/compatible-mode/v1/embeddings', embeddingsHandler),
  route('deepseek.completions', 'POST', '/beta/completions', completionsHandler),
  route('deepseek.balance', 'GET', '/user/balance', deepseekBalanceHandler),
  route('siliconflow.userinfo', 'GET', '/v1/user/info', siliconflowUserInfoHandler),
  route('gemini.openai-models', 'GET', '/v1beta/openai/models', modelsHandler('models/')),
  route('ollama.embed', 'POST', '/api/embed', ollamaEmbedHandler, ollamaFamily),
  route('custom', 'POST', '/custom/*', customHandler),
  route('files.image', 'GET', '/files/:name', imageFileHandler),
];

export const openAIRoutes: Route[] = [
  ...ENDPOINTS.map((e) => route(`openai.${e.name}`, e.method, `/v1/${e.rest}`, e.handle)),
  ...ENDPOINTS.filter((e) => e.azure).map((e) =>
    route(
      `azure.${e.name}`,
      e.method,
      `/openai/deployments/:deployment/${e.rest}`,
      requireApiVersion(e.name === 'chat' ? chatHandler({ azurePromptFilterChunk: true }) : e.handle),
      azureFamily,
    ),
  ),
  ...COMPATIBLE,
];
