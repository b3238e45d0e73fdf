import { loginRequest, registerRequest, UserStatus } from '@gateway/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { verifyPassword } from '../../platform/crypto/passwords.js';
import { badRequest, forbidden, ok, parseInput, unauthorized } from '../../platform/http/api-error.js';
import { createAccount } from '../users/service.js';
import { endUserSessions, startSession } from '../users/sessions.js';
import { emailRestrictionError } from './email-rules.js';
import { requireHumanCheck } from './turnstile.js';

export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const critical = ctx.criticalRateLimit;
  const requireSetup = () => {
    if (!ctx.setup.done) throw forbidden('系统尚未初始化，请先完成初始化设置');
  };

  app.post('/user/login', critical, async (request) => {
    requireSetup();
    await requireHumanCheck(ctx, request);
    if (!ctx.options.bool('PasswordLoginEnabled')) throw forbidden('管理员关闭了密码登录');
    const body = parseInput(loginRequest, request.body);
    const user = await ctx.users.repo.findForLogin(body.username);
    const valid = user !== undefined && (await verifyPassword(user.password, body.password));
    if (!user || !valid || user.status !== UserStatus.Enabled)
      throw unauthorized('用户名或密码错误，或用户已被封禁');
    startSession(request, user);
    return ok({
      id: user.id,
      username: user.username,
      display_name: user.display_name,
      role: user.role,
      status: user.status,
      group: user.group,
    });
  });

  // Signing out ends the user's sessions on every device, not only this cookie: a cookie cannot
  // be revoked on its own, and a copy of it would otherwise stay valid for 30 days.
  app.get('/user/logout', async (request) => {
    const uid = request.session.get('uid');
    if (uid) {
      const user = await ctx.users.cache.get(uid);
      if (user && (request.session.get('sv') ?? 0) === user.sessionVersion) {
        await endUserSessions(ctx, uid);
      }
    }
    request.session.delete();
    return ok();
  });

  app.post('/user/register', critical, async (request) => {
    requireSetup();
    await requireHumanCheck(ctx, request);
    if (!ctx.options.bool('RegisterEnabled')) throw forbidden('管理员关闭了新用户注册');
    if (!ctx.options.bool('PasswordRegisterEnabled')) {
      throw forbidden('管理员关闭了通过密码进行注册，请使用第三方账户验证的形式进行注册');
    }
    const body = parseInput(registerRequest, request.body);
    if (body.password2 !== undefined && body.password2 !== body.password)
      throw badRequest('两次输入的密码不一致');
    let email = '';
    if (ctx.options.bool('EmailVerificationEnabled')) {
      if (!body.email || !body.verification_code)
        throw badRequest('管理员开启了邮箱验证，请输入邮箱地址和验证码');
      // The rules apply when the code is used too: an admin may have tightened them since it was sent.
      const refusal = emailRestrictionError(ctx.options, body.email);
      if (refusal) throw badRequest(refusal);
      if (!(await ctx.verificationCodes.consume('register', body.email, body.verification_code))) {
        throw badRequest('验证码错误或已过期');
      }
      email = body.email;
    }
    if (await ctx.users.repo.nameOrEmailTaken(body.username, email))
      throw badRequest('用户名已存在，或已注销');
    const inviter = body.aff_code ? await ctx.users.repo.findByAffCode(body.aff_code) : undefined;
    await createAccount(ctx, {
      username: body.username,
      password: body.password,
      email,
      inviterId: inviter?.id,
    });
    return ok();
  });
}
