import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { ApiError, badRequest, forbidden } from '../../platform/http/api-error.js';

export const TURNSTILE_EMPTY = 'Turnstile token 为空';
export const TURNSTILE_FAILED = 'Turnstile 校验失败，请刷新重试！';
const VERIFY_TIMEOUT_MS = 10_000;

function tokenOf(request: FastifyRequest): string {
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.turnstile;
  if (typeof fromQuery === 'string' && fromQuery) return fromQuery;
  const fromBody = (request.body as Record<string, unknown> | undefined)?.turnstile;
  return typeof fromBody === 'string' ? fromBody : '';
}

/**
 * The human check of sign-in, sign-up, verification mail and password reset, when
 * TurnstileCheckEnabled: the `turnstile` token (query, or body) must be confirmed by the
 * siteverify endpoint with TurnstileSecretKey. Every protected call needs its own token (they are
 * single use); a session that passed once is not trusted afterwards, so a cookie cannot be
 * reused to skip the check.
 */
export async function requireHumanCheck(ctx: AppContext, request: FastifyRequest): Promise<void> {
  if (!ctx.options.bool('TurnstileCheckEnabled')) return;
  const token = tokenOf(request);
  if (!token) throw badRequest(TURNSTILE_EMPTY);
  const form = new URLSearchParams({
    secret: ctx.options.str('TurnstileSecretKey'),
    response: token,
    remoteip: request.ip,
  });
  let verdict: { success?: unknown };
  try {
    const res = await fetch(ctx.config.turnstileVerifyUrl, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    verdict = (await res.json()) as { success?: unknown };
  } catch (err) {
    request.log.warn({ err }, 'turnstile siteverify unreachable');
    throw new ApiError(502, 'Turnstile 校验服务暂不可用，请稍后重试');
  }
  if (verdict?.success !== true) throw forbidden(TURNSTILE_FAILED);
}
