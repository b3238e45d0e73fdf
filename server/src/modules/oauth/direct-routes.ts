import { UserStatus } from '@gateway/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { badRequest, forbidden, ok, parseInput } from '../../platform/http/api-error.js';
import { currentUser } from '../../platform/http/auth.js';
import { nowSeconds } from '../setup/state.js';
import { emailRestrictionError } from '../auth/email-rules.js';
import { startSession } from '../users/sessions.js';
import { bindIdentity, loginView, signInWithIdentity } from './accounts.js';
import { KINDS } from './kinds.js';
import { checkTelegramLogin } from './telegram-hash.js';
import { wechatIdByCode } from './wechat.js';

const codeQuery = z.object({ code: z.string().trim().min(1, '无效的参数').max(64, '无效的参数') });
const emailBindQuery = z.object({
  email: z.email('无效的参数').trim().max(128, '无效的参数'),
  code: z.string().trim().min(1, '无效的参数').max(64, '无效的参数'),
});
// The widget's fields; values are what Telegram signed, so they are kept verbatim.
const telegramQuery = z
  .record(z.string().max(64), z.string().max(1024))
  .refine((q) => Object.keys(q).length <= 16, '无效的请求')
  .refine((q) => /^\d{1,20}$/.test(q.id ?? ''), '无效的请求');

/** Sign-in and binding without an OAuth redirect: WeChat codes, the Telegram widget, email codes. */
export async function directSignInRoutes(app: FastifyInstance, ctx: AppContext) {
  const critical = ctx.criticalRateLimit;
  const signedIn = { ...critical, preHandler: ctx.guards.user };

  const requireWeChat = () => {
    if (!ctx.options.bool('WeChatAuthEnabled')) throw forbidden('管理员未开启通过微信登录以及注册');
  };
  const telegramFields = (query: unknown) => {
    if (!ctx.options.bool('TelegramOAuthEnabled')) throw forbidden('管理员未开启通过 Telegram 登录以及注册');
    const fields = parseInput(telegramQuery, query);
    const check = checkTelegramLogin(fields, ctx.options.str('TelegramBotToken'), nowSeconds());
    if (check === 'invalid') throw badRequest('无效的请求');
    if (check === 'expired') throw badRequest('Telegram 登录信息已过期，请重新登录');
    return fields as Record<string, string> & { id: string };
  };

  app.get('/oauth/wechat', critical, async (request) => {
    requireWeChat();
    const { code } = parseInput(codeQuery, request.query);
    const id = await wechatIdByCode(ctx, code);
    return ok(await signInWithIdentity(ctx, request, KINDS.wechat, { id }));
  });

  app.get('/oauth/wechat/bind', signedIn, async (request) => {
    requireWeChat();
    const { code } = parseInput(codeQuery, request.query);
    const id = await wechatIdByCode(ctx, code);
    await bindIdentity(ctx, currentUser(request).id, KINDS.wechat, id);
    return ok();
  });

  // Telegram accounts sign in only once bound: the widget proves an account, not a person's
  // consent to a new one here.
  app.get('/oauth/telegram/login', critical, async (request) => {
    const fields = telegramFields(request.query);
    const user = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('telegram_id', '=', fields.id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!user) throw badRequest('该 Telegram 账户未绑定');
    if (user.status !== UserStatus.Enabled) throw forbidden('用户已被封禁');
    startSession(request, user);
    return ok(loginView(user));
  });

  app.get('/oauth/telegram/bind', signedIn, async (request) => {
    const fields = telegramFields(request.query);
    await bindIdentity(ctx, currentUser(request).id, KINDS.telegram, fields.id);
    return ok(undefined, 'bind');
  });

  app.get('/oauth/email/bind', signedIn, async (request) => {
    const { email, code } = parseInput(emailBindQuery, request.query);
    // The registration rules (domain whitelist, aliases) hold for bound addresses too.
    const refused = emailRestrictionError(ctx.options, email);
    if (refused) throw badRequest(refused);
    if (!(await ctx.verificationCodes.consume('register', email, code)))
      throw badRequest('验证码错误或已过期');
    const user = currentUser(request);
    const holder = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    if (holder && holder.id !== user.id) throw badRequest('邮箱地址已被占用');
    await ctx.users.repo.update(user.id, { email });
    ctx.users.cache.invalidate(user.id);
    return ok();
  });
}
