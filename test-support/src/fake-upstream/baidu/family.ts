/** Baidu's errors: `{error_code, error_msg}`, sent with HTTP 200 (use `status: 200` in scenarios). */
import type { ProtocolFamily } from '../router.js';
import type { ErrorSpec } from '../types.js';

/** Baidu's code for an HTTP-ish status when a scenario names none. */
function defaultCode(status: number): number {
  if (status === 401) return 110;
  if (status === 403) return 6;
  if (status === 429) return 18;
  if (status === 400) return 336003;
  return 336100;
}

const MESSAGES: Record<number, string> = {
  6: 'No permission to access data',
  18: 'Open api qps request limit reached',
  100: 'Invalid parameter',
  110: 'Access token invalid or no longer valid',
  336003: 'Invalid parameter',
  336100: 'internal error',
};

export function baiduErrorBody(error: ErrorSpec): { error_code: number; error_msg: string } {
  const code = typeof error.code === 'number' ? error.code : Number(error.code ?? defaultCode(error.status));
  return { error_code: code, error_msg: error.message ?? MESSAGES[code] ?? 'internal error' };
}

export const baiduFamily: ProtocolFamily = {
  name: 'baidu',
  errorBody: baiduErrorBody,
  invalidKey: () => ({ status: 200, code: 110 }),
  missingKey: () => ({ status: 200, code: 100 }),
  defaultFailure: () => ({ status: 200, code: 336100 }),
  baseHeaders: () => ({ 'x-bce-request-id': crypto.randomUUID() }),
};
