/**
 * Google's OAuth token endpoint (JWT bearer grant) and Vertex AI's publisher routes, which take
 * the tokens it issued: Google's models at `:generateContent` / `:streamGenerateContent`
 * (Gemini's wire format), Anthropic's at `:rawPredict` / `:streamRawPredict` (Anthropic's body
 * with `anthropic_version: vertex-2023-10-16` and no `model`), and the OpenAI-compatible
 * endpoint of Model-as-a-Service models such as Llama (`/v1beta1/.../endpoints/openapi/chat/completions`,
 * the model named `meta/…` in the body).
 */
import { answerMessages } from '../anthropic/messages.js';
import { anthropicFamily } from '../anthropic/family.js';
import { geminiFamily } from '../gemini/family.js';
import { answerGenerate } from '../gemini/generate.js';
import { chatHandler } from '../openai/chat.js';
import type { HandlerContext, ProtocolFamily, Route } from '../router.js';
import type { ErrorSpec } from '../types.js';
import type { GoogleAccounts } from './accounts.js';

const modelPath = (publisher: string, methods: string) =>
  new RegExp(
    `^/v1/projects/(?<project>[^/]+)/locations/(?<region>[^/]+)/publishers/${publisher}/models/(?<model>[^/:]+):(?<method>${methods})$`,
  );

/** Path parameters arrive percent-encoded (`%40` for the `@` of Claude's model ids). */
const decoded = (ctx: HandlerContext): HandlerContext => ({
  ...ctx,
  params: Object.fromEntries(Object.entries(ctx.params).map(([k, v]) => [k, decodeURIComponent(v)])),
});

const oauthFamily: ProtocolFamily = {
  name: 'google-oauth',
  errorBody: (error) => ({ error: error.type ?? 'invalid_request', error_description: error.message ?? '' }),
  invalidKey: () => ({ status: 400, type: 'invalid_client', message: 'The OAuth client was not found.' }),
  missingKey: () => ({
    status: 400,
    type: 'invalid_request',
    message: 'Missing required parameter: assertion',
  }),
  defaultFailure: () => ({ status: 500, type: 'internal_failure', message: 'Internal error' }),
  baseHeaders: () => ({}),
};

/** Google's answer to a missing, unknown or expired token, or another project's. */
function checkToken(ctx: HandlerContext, accounts: GoogleAccounts): ErrorSpec | null {
  const owner = accounts.tokenOwner(ctx.request.headers.authorization);
  if (!owner) {
    return {
      status: 401,
      type: 'UNAUTHENTICATED',
      message:
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
      body: {
        error: {
          code: 401,
          message:
            'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
          status: 'UNAUTHENTICATED',
        },
      },
    };
  }
  if (owner.project !== ctx.params.project) {
    const message = `Permission 'aiplatform.endpoints.predict' denied on resource '//aiplatform.googleapis.com/projects/${ctx.params.project}'.`;
    return { status: 403, body: { error: { code: 403, message, status: 'PERMISSION_DENIED' } } };
  }
  return null;
}

export function vertexRoutes(accounts: GoogleAccounts): Route[] {
  return [
    {
      name: 'google.token',
      method: 'POST',
      path: '/token',
      family: oauthFamily,
      async handle(ctx) {
        const form = new URLSearchParams(ctx.request.rawBody.toString('utf8'));
        if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
          return ctx.reply.error({
            status: 400,
            type: 'unsupported_grant_type',
            message: 'Invalid grant_type.',
          });
        }
        const answer = await accounts.grant(form.get('assertion') ?? '');
        if ('error' in answer) return ctx.reply.json(answer, 400);
        return ctx.reply.json(answer);
      },
    },
    {
      name: 'vertex.google',
      method: 'POST',
      path: modelPath('google', 'generateContent|streamGenerateContent'),
      family: geminiFamily,
      handle(raw) {
        const ctx = decoded(raw);
        const denied = checkToken(ctx, accounts);
        return denied ? ctx.reply.error(denied) : answerGenerate(ctx);
      },
    },
    {
      name: 'vertex.anthropic',
      method: 'POST',
      path: modelPath('anthropic', 'rawPredict|streamRawPredict'),
      family: anthropicFamily,
      handle(raw) {
        const ctx = decoded(raw);
        const denied = checkToken(ctx, accounts);
        if (denied) return ctx.reply.error(denied);
        const { anthropic_version: version, ...body } = ctx.body;
        if (version !== 'vertex-2023-10-16' || 'model' in body) {
          const message =
            version !== 'vertex-2023-10-16'
              ? 'anthropic_version: Input should be vertex-2023-10-16'
              : 'model: Extra inputs are not permitted';
          return ctx.reply.error({ status: 400, type: 'invalid_request_error', message });
        }
        const stream = ctx.params.method === 'streamRawPredict';
        return answerMessages({ ...ctx, body: { ...body, model: ctx.params.model, stream } });
      },
    },
    {
      name: 'vertex.openapi',
      method: 'POST',
      path: /^\/v1beta1\/projects\/(?<project>[^/]+)\/locations\/(?<region>[^/]+)\/endpoints\/openapi\/chat\/completions$/,
      family: geminiFamily,
      handle(ctx) {
        const denied = checkToken(ctx, accounts);
        if (denied) return ctx.reply.error(denied);
        const model = String(ctx.body.model ?? '');
        if (!/^[a-z-]+\/[^/]+$/.test(model)) {
          const message = `Model ${model || '(none)'} is not a publisher model name (<publisher>/<model>).`;
          return ctx.reply.error({ status: 400, type: 'INVALID_ARGUMENT', message });
        }
        return chatHandler()(ctx);
      },
    },
  ];
}
