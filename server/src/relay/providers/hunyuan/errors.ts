import type { UpstreamErrorInfo } from '../types.js';

/** `Response.Error`: Tencent Cloud answers failures inside an HTTP 200. */
export interface TencentError {
  Code?: string;
  Message?: string;
}

/**
 * The HTTP status a Tencent Cloud error code stands for: `AuthFailure.*` the key, limits 429,
 * parameter errors 400, an unavailable or unactivated resource 403, anything else 500.
 */
export function tencentErrorStatus(code: string): number {
  if (code.startsWith('AuthFailure')) return 401;
  if (/^(LimitExceeded|RequestLimitExceeded|ResourceInsufficient)/.test(code)) return 429;
  if (/^(InvalidParameter|MissingParameter|UnknownParameter|InvalidAction|UnsupportedOperation)/.test(code))
    return 400;
  if (/^(ResourceUnavailable|UnauthorizedOperation|FailedOperation\.ServiceNotActivated)/.test(code))
    return 403;
  return 500;
}

export function tencentErrorInfo(error: TencentError): UpstreamErrorInfo & { status: number } {
  const code = error.Code || 'InternalError';
  return {
    message: error.Message || code,
    type: 'tencent_error',
    code,
    param: null,
    status: tencentErrorStatus(code),
  };
}

/** The error of an answer or stream chunk (`{Response:{Error}}` or a bare `{Error}`), if any. */
export function tencentErrorOf(json: Record<string, unknown>): TencentError | null {
  const response = json.Response as { Error?: TencentError } | undefined;
  const error = response?.Error ?? (json.Error as TencentError | undefined);
  return error && typeof error === 'object' ? error : null;
}
