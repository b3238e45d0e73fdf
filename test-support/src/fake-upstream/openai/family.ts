/**
 * The OpenAI protocol family: error bodies and headers, plus the two dialects whose errors differ
 * (Azure's `{"error":{"code","message"}}`, Ollama's native `{"error":"..."}`).
 */
import { randomHex } from '../ids.js';
import type { ProtocolFamily } from '../router.js';
import type { ErrorSpec } from '../types.js';

interface OpenAIErrorObject {
  message: string;
  type: string;
  param: string | null;
  code: string | number | null;
}

/** OpenAI's usual message, type and code for a status, so `{ status: 429 }` alone looks real. */
const STATUS_DEFAULTS: Record<number, Omit<OpenAIErrorObject, 'param'>> = {
  400: { message: 'Invalid request.', type: 'invalid_request_error', code: null },
  401: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' },
  403: { message: 'Country, region, or territory not supported', type: 'request_forbidden', code: null },
  404: {
    message: 'The model does not exist or you do not have access to it.',
    type: 'invalid_request_error',
    code: 'model_not_found',
  },
  429: {
    message: 'Rate limit reached for requests. Please try again in 20ms.',
    type: 'requests',
    code: 'rate_limit_exceeded',
  },
  500: {
    message: 'The server had an error while processing your request. Sorry about that!',
    type: 'server_error',
    code: null,
  },
  502: { message: 'Bad gateway.', type: 'server_error', code: null },
  503: {
    message: 'The engine is currently overloaded, please try again later.',
    type: 'server_error',
    code: null,
  },
};

/** Completes an ErrorSpec into the four fields OpenAI always sends. */
export function openAIErrorObject(error: ErrorSpec): OpenAIErrorObject {
  const fallback = STATUS_DEFAULTS[error.status] ?? {
    message: `Request failed with status ${error.status}.`,
    type: error.status >= 500 ? 'server_error' : 'invalid_request_error',
    code: null,
  };
  return {
    message: error.message ?? fallback.message,
    type: error.type ?? fallback.type,
    param: error.param ?? null,
    code: error.code !== undefined ? error.code : fallback.code,
  };
}

/** How OpenAI echoes a wrong key: the first and last characters only. */
function maskKey(key: string): string {
  return key.length > 8 ? `${key.slice(0, 3)}${'*'.repeat(key.length - 7)}${key.slice(-4)}` : '***';
}

export const openAIFamily: ProtocolFamily = {
  name: 'openai',
  errorBody: (error) => ({ error: openAIErrorObject(error) }),
  invalidKey: (key) => ({
    status: 401,
    message: `Incorrect API key provided: ${maskKey(key)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
    type: 'invalid_request_error',
    code: 'invalid_api_key',
  }),
  missingKey: () => ({
    status: 401,
    message:
      "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
    type: 'invalid_request_error',
    code: null,
  }),
  defaultFailure: () => ({ status: 500 }),
  baseHeaders: () => ({
    'x-request-id': `req_${randomHex(16)}`,
    'openai-version': '2020-10-01',
    'openai-processing-ms': '42',
  }),
};

/** Azure OpenAI: same bodies on success; errors are `{code, message}` (type/param only when given). */
export const azureFamily: ProtocolFamily = {
  ...openAIFamily,
  name: 'azure',
  errorBody: (error) => {
    const { message, code } = openAIErrorObject(error);
    const extra = {
      ...(error.type ? { type: error.type } : {}),
      ...(error.param ? { param: error.param } : {}),
    };
    return { error: { code: code ?? String(error.status), message, ...extra } };
  },
  invalidKey: () => ({
    status: 401,
    code: '401',
    message:
      'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.',
  }),
  baseHeaders: () => ({
    'apim-request-id': randomHex(16),
    'x-request-id': randomHex(16),
    'x-ms-region': 'East US',
  }),
};

/** Ollama's native API answers errors as `{"error":"message"}`. */
export const ollamaFamily: ProtocolFamily = {
  ...openAIFamily,
  name: 'ollama',
  errorBody: (error) => ({ error: openAIErrorObject(error).message }),
  invalidKey: () => ({ status: 401, message: 'unauthorized' }),
  baseHeaders: () => ({}),
};
