/** DashScope's native API: errors are `{code, message, request_id}`. */
import { randomUUID } from 'node:crypto';
import type { ProtocolFamily } from '../router.js';
import type { ErrorSpec } from '../types.js';

const CODE_BY_STATUS: Record<number, string> = {
  400: 'InvalidParameter',
  401: 'InvalidApiKey',
  403: 'AccessDenied',
  404: 'ModelNotFound',
  429: 'Throttling.RateQuota',
  500: 'InternalError',
};

export function dashScopeError(error: ErrorSpec): { code: string; message: string; request_id: string } {
  return {
    code: typeof error.code === 'string' ? error.code : (CODE_BY_STATUS[error.status] ?? 'InternalError'),
    message: error.message ?? `Request failed with status ${error.status}.`,
    request_id: randomUUID(),
  };
}

export const dashScopeFamily: ProtocolFamily = {
  name: 'dashscope',
  errorBody: dashScopeError,
  invalidKey: () => ({ status: 401, code: 'InvalidApiKey', message: 'Invalid API-key provided.' }),
  missingKey: () => ({ status: 401, code: 'InvalidApiKey', message: 'No API-key provided.' }),
  defaultFailure: () => ({ status: 500, code: 'InternalError', message: 'An internal error has occured.' }),
  baseHeaders: () => ({ 'req-cost-time': '87' }),
};
