import type { UpstreamErrorInfo } from '../types.js';

/**
 * The HTTP status a Zhipu error code stands for (its error code table): 1000–1004 the token,
 * 1110–1121 the account (1113: no balance left, a rate-limit kind), 1200–1299 and 1301 the
 * request, 1302–1305 rate limits.
 */
export function zhipuErrorStatus(code: number): number {
  if (code >= 1000 && code <= 1004) return 401;
  if (code === 1113 || (code >= 1302 && code <= 1305)) return 429;
  if (code >= 1110 && code <= 1121) return 403;
  if ((code >= 1200 && code <= 1299) || code === 1301) return 400;
  return 500;
}

/** `{code, msg, success: false}`, in an HTTP error or inside a 200. */
export function zhipuErrorInfo(json: {
  code?: unknown;
  msg?: unknown;
}): UpstreamErrorInfo & { status: number } {
  const code = typeof json.code === 'number' ? json.code : 500;
  return {
    message: typeof json.msg === 'string' && json.msg ? json.msg : `Zhipu error ${code}`,
    type: 'zhipu_error',
    code: String(code),
    param: null,
    status: zhipuErrorStatus(code),
  };
}

export function isZhipuFailure(json: Record<string, unknown>): boolean {
  return json.success === false || (typeof json.code === 'number' && json.code !== 200);
}
