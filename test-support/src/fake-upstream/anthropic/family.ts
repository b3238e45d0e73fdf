/** The Anthropic protocol family: `{"type":"error","error":{type,message}}` bodies and headers. */
import { randomId } from '../ids.js';
import type { ProtocolFamily } from '../router.js';
import type { ErrorSpec } from '../types.js';

/** Anthropic's error type and usual message for a status, so `{ status: 529 }` alone looks real. */
const STATUS_DEFAULTS: Record<number, { type: string; message: string }> = {
  400: { type: 'invalid_request_error', message: 'Invalid request.' },
  401: { type: 'authentication_error', message: 'invalid x-api-key' },
  403: {
    type: 'permission_error',
    message: 'Your API key does not have permission to use the specified resource.',
  },
  404: { type: 'not_found_error', message: 'The requested resource could not be found.' },
  413: { type: 'request_too_large', message: 'Request exceeds the maximum allowed number of bytes.' },
  429: {
    type: 'rate_limit_error',
    message: 'Number of request tokens has exceeded your per-minute rate limit.',
  },
  500: { type: 'api_error', message: 'Internal server error' },
  529: { type: 'overloaded_error', message: 'Overloaded' },
};

export function anthropicError(error: ErrorSpec): { type: string; message: string } {
  const fallback = STATUS_DEFAULTS[error.status] ?? {
    type: error.status >= 500 ? 'api_error' : 'invalid_request_error',
    message: `Request failed with status ${error.status}.`,
  };
  return { type: error.type ?? fallback.type, message: error.message ?? fallback.message };
}

export const anthropicFamily: ProtocolFamily = {
  name: 'anthropic',
  errorBody: (error) => ({ type: 'error', error: anthropicError(error), request_id: randomId('req_', 24) }),
  invalidKey: () => ({ status: 401, type: 'authentication_error', message: 'invalid x-api-key' }),
  missingKey: () => ({ status: 401, type: 'authentication_error', message: 'x-api-key header is required' }),
  defaultFailure: () => ({ status: 500 }),
  baseHeaders: () => ({ 'request-id': randomId('req_', 24), 'anthropic-organization-id': 'org-fake' }),
};
