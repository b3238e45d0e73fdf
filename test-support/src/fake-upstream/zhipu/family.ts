/** Zhipu's errors: `{code, msg, success: false}`; auth failures come with HTTP 401. */
import type { ProtocolFamily } from '../router.js';
import type { ErrorSpec } from '../types.js';

function defaultCode(status: number): number {
  if (status === 401) return 1002;
  if (status === 429) return 1302;
  if (status === 400) return 1214;
  return 500;
}

export function zhipuErrorBody(error: ErrorSpec): { code: number; msg: string; success: false } {
  const code = typeof error.code === 'number' ? error.code : Number(error.code ?? defaultCode(error.status));
  return { code, msg: error.message ?? '内部错误', success: false };
}

export const zhipuFamily: ProtocolFamily = {
  name: 'zhipu',
  errorBody: zhipuErrorBody,
  invalidKey: () => ({ status: 401, code: 1000, message: '身份验证失败。' }),
  missingKey: () => ({
    status: 401,
    code: 1001,
    message: 'Header中未收到Authorization参数，无法进行身份验证。',
  }),
  defaultFailure: () => ({ status: 500, code: 500, message: '内部错误' }),
  baseHeaders: () => ({}),
};
