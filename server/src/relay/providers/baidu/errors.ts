import type { UpstreamErrorInfo } from '../types.js';

/** Baidu's `{error_code, error_msg}`, usually inside an HTTP 200 answer. */
export interface BaiduError {
  error_code: number;
  error_msg?: string;
}

/** Codes that mean the access token is wrong or expired: the channel's key, not the caller. */
export const TOKEN_ERROR_CODES: ReadonlySet<number> = new Set([110, 111]);

export function isBaiduError(json: unknown): json is BaiduError {
  return (
    typeof json === 'object' &&
    json !== null &&
    typeof (json as { error_code?: unknown }).error_code === 'number' &&
    (json as { error_code: number }).error_code !== 0
  );
}

/**
 * The HTTP status an error code stands for (Baidu's error code table): 110/111 a bad access
 * token, 6 no permission for the model, 4/17/18/19 and 336501/336502 rate and quota limits,
 * 336000/336100 internal errors, other 336xxx codes a request the model refuses.
 */
export function baiduErrorStatus(code: number): number {
  if (TOKEN_ERROR_CODES.has(code)) return 401;
  if (code === 6) return 403;
  if ([4, 17, 18, 19, 336501, 336502].includes(code)) return 429;
  if (code === 336000 || code === 336100) return 500;
  if (code >= 336000 && code < 337000) return 400;
  return 500;
}

export function baiduErrorInfo(error: BaiduError): UpstreamErrorInfo & { status: number } {
  const status = baiduErrorStatus(error.error_code);
  return {
    message: error.error_msg || `Baidu error ${error.error_code}`,
    type: 'baidu_error',
    code: String(error.error_code),
    param: null,
    status,
  };
}
