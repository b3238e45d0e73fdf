/** The Dify protocol family: `{"code", "message", "status"}` error bodies, app keys as Bearer tokens. */
import type { ProtocolFamily } from '../router.js';
import type { ErrorSpec } from '../types.js';

const STATUS_CODES: Record<number, { code: string; message: string }> = {
  400: { code: 'invalid_param', message: 'Invalid parameter.' },
  401: { code: 'unauthorized', message: 'Access token is invalid' },
  404: { code: 'not_found', message: 'App not found' },
  429: { code: 'too_many_requests', message: 'Too many requests.' },
  500: { code: 'internal_server_error', message: 'Internal Server Error.' },
};

export function difyError(error: ErrorSpec): { code: string; message: string; status: number } {
  const known = STATUS_CODES[error.status] ?? {
    code: 'unknown',
    message: `Request failed (${error.status}).`,
  };
  return {
    code: typeof error.code === 'string' ? error.code : (error.type ?? known.code),
    message: error.message ?? known.message,
    status: error.status,
  };
}

export const difyFamily: ProtocolFamily = {
  name: 'dify',
  errorBody: difyError,
  invalidKey: () => ({ status: 401, code: 'unauthorized', message: 'Access token is invalid' }),
  missingKey: () => ({
    status: 401,
    code: 'unauthorized',
    message: 'Authorization header must be provided and start with Bearer',
  }),
  defaultFailure: () => ({ status: 500 }),
  baseHeaders: () => ({}),
};
