import type { SiteStatus } from '@gateway/contract';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/http/api-error.js';
import type { AppContext } from '../../context.js';

export function siteStatus(ctx: AppContext): SiteStatus {
  const o = ctx.options;
  return {
    version: ctx.version,
    start_time: ctx.startTime,
    setup: ctx.setup.done,
    system_name: o.str('SystemName'),
    logo: o.str('Logo'),
    footer_html: o.str('Footer'),
    server_address: o.str('ServerAddress') || `http://localhost:${ctx.config.port}`,
    docs_link: o.str('general_setting.docs_link'),
    quota_per_unit: o.num('QuotaPerUnit'),
    display_in_currency: o.bool('DisplayInCurrencyEnabled'),
    display_token_stat: o.bool('DisplayTokenStatEnabled'),
    enable_drawing: o.bool('DrawingEnabled'),
    enable_task: o.bool('TaskEnabled'),
    enable_data_export: o.bool('DataExportEnabled'),
    data_export_default_time: o.str('DataExportDefaultTime'),
    default_collapse_sidebar: o.bool('DefaultCollapseSidebar'),
    mj_notify_enabled: o.bool('MjNotifyEnabled'),
    chats: o.json<Array<Record<string, string>>>('Chats'),
    chat_link: o.str('ChatLink'),
    chat_link2: o.str('ChatLink2'),
    email_verification: o.bool('EmailVerificationEnabled'),
    turnstile_check: o.bool('TurnstileCheckEnabled'),
    turnstile_site_key: o.str('TurnstileSiteKey'),
    github_oauth: o.bool('GitHubOAuthEnabled'),
    github_client_id: o.str('GitHubClientId'),
    github_authorize_url: ctx.config.oauth.github.authorize,
    oidc_enabled: o.bool('oidc.enabled'),
    oidc_client_id: o.str('oidc.client_id'),
    oidc_authorization_endpoint: o.str('oidc.authorization_endpoint'),
    wechat_login: o.bool('WeChatAuthEnabled'),
    wechat_qrcode: o.str('WeChatAccountQRCodeImageURL'),
    telegram_oauth: o.bool('TelegramOAuthEnabled'),
    telegram_bot_name: o.str('TelegramBotName'),
    linuxdo_oauth: o.bool('LinuxDOOAuthEnabled'),
    linuxdo_client_id: o.str('LinuxDOClientId'),
    linuxdo_authorize_url: ctx.config.oauth.linuxdo.authorize,
    self_use_mode_enabled: o.bool('SelfUseModeEnabled'),
    demo_site_enabled: o.bool('DemoSiteEnabled'),
    top_up_link: o.str('TopUpLink'),
    price: o.num('Price'),
    min_topup: o.num('MinTopUp'),
    enable_online_topup: o.str('PayAddress') !== '' && o.str('EpayId') !== '' && o.str('EpayKey') !== '',
    register_enabled: o.bool('RegisterEnabled'),
    password_login_enabled: o.bool('PasswordLoginEnabled'),
    password_register_enabled: o.bool('PasswordRegisterEnabled'),
  };
}

export async function siteRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/status', async () => ok(siteStatus(ctx)));
  app.get('/notice', async () => ok(ctx.options.str('Notice')));
  app.get('/about', async () => ok(ctx.options.str('About')));
  app.get('/home_page_content', async () => ok(ctx.options.str('HomePageContent')));
}
