/** Tencent Cloud API 3.0 errors: HTTP 200 with `{Response: {Error: {Code, Message}, RequestId}}`. */
import type { ProtocolFamily } from '../router.js';
import type { ErrorSpec } from '../types.js';

function defaultCode(status: number): string {
  if (status === 401) return 'AuthFailure.SecretIdNotFound';
  if (status === 429) return 'LimitExceeded';
  if (status === 400) return 'InvalidParameter';
  return 'InternalError';
}

export function tencentError(code: string, message: string) {
  return { Response: { Error: { Code: code, Message: message }, RequestId: crypto.randomUUID() } };
}

export const hunyuanFamily: ProtocolFamily = {
  name: 'hunyuan',
  errorBody: (error: ErrorSpec) => {
    const code = typeof error.code === 'string' ? error.code : defaultCode(error.status);
    return tencentError(code, error.message ?? 'An internal error has occurred.');
  },
  invalidKey: () => ({
    status: 200,
    code: 'AuthFailure.SecretIdNotFound',
    message: 'The SecretId is not found.',
  }),
  missingKey: () => ({
    status: 200,
    code: 'AuthFailure.SignatureFailure',
    message: 'The Authorization header is missing.',
  }),
  defaultFailure: () => ({ status: 200, code: 'InternalError' }),
  baseHeaders: () => ({}),
};
