import type { AppContext } from '../../context.js';
import { ApiError, badRequest } from '../../platform/http/api-error.js';

/**
 * The WeChat server (a separate service holding the official account) turns the code the user
 * got from the account into their WeChat id: GET /api/wechat/user?code=, raw token header,
 * answer `{success, message, data: id}`.
 */
export async function wechatIdByCode(ctx: AppContext, code: string): Promise<string> {
  const url = `${ctx.options.str('WeChatServerAddress')}/api/wechat/user?code=${encodeURIComponent(code)}`;
  let body: { success?: unknown; message?: unknown; data?: unknown };
  try {
    const response = await fetch(url, {
      headers: { authorization: ctx.options.str('WeChatServerToken') },
      redirect: 'error',
      signal: AbortSignal.timeout(5000),
    });
    body = (await response.json()) as typeof body;
  } catch {
    throw new ApiError(502, '无法连接至微信服务器，请稍后重试！');
  }
  if (body?.success !== true)
    throw badRequest(typeof body?.message === 'string' && body.message ? body.message : '验证码错误或已过期');
  if (typeof body.data !== 'string' || body.data === '') throw badRequest('验证码错误或已过期');
  return body.data;
}
