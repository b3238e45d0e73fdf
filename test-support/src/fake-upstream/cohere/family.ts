/** The Cohere protocol family: `{"message": "…"}` error bodies, Bearer keys. */
import { randomUUID } from 'node:crypto';
import type { ProtocolFamily } from '../router.js';
import type { ErrorSpec } from '../types.js';

const STATUS_MESSAGES: Record<number, string> = {
  400: 'invalid request',
  401: 'invalid api token',
  404: 'model not found',
  429: "You are using a Trial key, which is limited to 10 API calls / minute. You can continue to use the Trial key for free or upgrade to a Production key with higher rate limits at 'https://dashboard.cohere.com/api-keys'.",
  500: 'internal server error, this has been reported to our developers',
};

export const cohereFamily: ProtocolFamily = {
  name: 'cohere',
  errorBody: (error: ErrorSpec) => ({
    message: error.message ?? STATUS_MESSAGES[error.status] ?? `request failed with status ${error.status}`,
  }),
  invalidKey: () => ({ status: 401, message: 'invalid api token' }),
  missingKey: () => ({ status: 401, message: 'no api key supplied' }),
  defaultFailure: () => ({ status: 500 }),
  baseHeaders: () => ({ 'x-debug-trace-id': randomUUID().replace(/-/g, '') }),
};
