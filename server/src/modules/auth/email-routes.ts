import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { hashPassword } from '../../platform/crypto/passwords.js';
import { ApiError, badRequest, ok, parseInput } from '../../platform/http/api-error.js';
import { MailNotConfiguredError, sendMail } from '../../platform/mail/mailer.js';
import { emailRestrictionError } from './email-rules.js';
import { requireHumanCheck } from './turnstile.js';

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const emailQuery = z.object({ email: z.email('无效的参数').trim().max(128, '无效的参数') });
const resetBody = z.object({
  email: z.string().trim().min(1, '无效的参数'),
  token: z.string().trim().min(1, '无效的参数'),
});

async function mail(ctx: AppContext, to: string, subject: string, html: string) {
  try {
    await sendMail(ctx.options, to, subject, html);
  } catch (err) {
    if (err instanceof MailNotConfiguredError) throw badRequest(err.message);
    throw new ApiError(502, `邮件发送失败：${(err as Error).message}`);
  }
}

/** Email verification codes and password reset by mail; all on the strict per-IP bucket. */
export async function emailRoutes(app: FastifyInstance, ctx: AppContext) {
  const critical = ctx.criticalRateLimit;

  app.get('/verification', critical, async (request) => {
    await requireHumanCheck(ctx, request);
    const { email } = parseInput(emailQuery, request.query);
    const refusal = emailRestrictionError(ctx.options, email);
    if (refusal) throw badRequest(refusal);
    if (await ctx.users.repo.emailTaken(email)) throw badRequest('邮箱地址已被占用');
    const code = hex(3);
    await ctx.verificationCodes.issue('register', email, code);
    const name = ctx.options.str('SystemName');
    await mail(
      ctx,
      email,
      `${name}邮箱验证邮件`,
      `<p>您好，你正在进行${name}邮箱验证。</p><p>您的验证码为: <strong>${code}</strong></p>` +
        '<p>验证码 10 分钟内有效，如果不是本人操作，请忽略。</p>',
    );
    return ok();
  });

  app.get('/reset_password', critical, async (request) => {
    await requireHumanCheck(ctx, request);
    const { email } = parseInput(emailQuery, request.query);
    const user = await ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    if (!user) throw badRequest('该邮箱地址未注册');
    const token = hex(16);
    await ctx.verificationCodes.issue('reset', email, token);
    const base = ctx.options.str('ServerAddress') || `http://localhost:${ctx.config.port}`;
    const link = `${base}/user/reset?email=${encodeURIComponent(email)}&token=${token}`;
    const name = ctx.options.str('SystemName');
    await mail(
      ctx,
      email,
      `${name}密码重置`,
      `<p>您好，你正在进行${name}密码重置。</p><p>点击 <a href="${link}">此处</a> 进行密码重置。</p>` +
        `<p>如果链接无法点击，请尝试点击下面的链接或将其复制到浏览器中打开：<br>${link}</p>` +
        '<p>重置链接 10 分钟内有效，如果不是本人操作，请忽略。</p>',
    );
    return ok();
  });

  app.post('/user/reset', critical, async (request) => {
    const { email, token } = parseInput(resetBody, request.body);
    if (!(await ctx.verificationCodes.consume('reset', email, token)))
      throw badRequest('重置链接非法或已过期');
    const password = hex(6);
    const users = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .where('deleted_at', 'is', null)
      .execute();
    const hashed = await hashPassword(password);
    await ctx.db
      .updateTable('users')
      // A reset also ends every session: whoever held the old password may be signed in.
      .set((eb) => ({ password: hashed, session_version: eb('session_version', '+', 1) }))
      .where('email', '=', email)
      .where('deleted_at', 'is', null)
      .execute();
    for (const u of users) ctx.users.cache.invalidate(u.id);
    return ok(password);
  });
}
