import { z } from 'zod';
import {
  bool,
  float,
  int,
  json,
  nonNegativeNumberMap,
  secret,
  str,
  trimTrailingSlash,
  type OptionDef,
} from './define.js';
import {
  DEFAULT_CACHE_RATIO,
  DEFAULT_COMPLETION_RATIO,
  DEFAULT_MODEL_PRICE,
  DEFAULT_MODEL_RATIO,
} from './model-price-defaults.js';

const httpUrl = (v: string) =>
  v === '' || /^https?:\/\/[^\s]+$/i.test(v) ? undefined : 'must be an http:// or https:// address';

export const DEFAULT_CHATS = [
  { 'ChatGPT Next Web': 'https://app.nextchat.dev/#/?settings={"key":"{key}","url":"{address}"}' },
  {
    'Lobe Chat':
      'https://chat-preview.lobehub.com/?settings={"keyVaults":{"openai":{"apiKey":"{key}","baseURL":"{address}/v1"}}}',
  },
  {
    'AI as Workspace':
      'https://aiaw.app/set-provider?provider={"type":"openai","settings":{"apiKey":"{key}","baseURL":"{address}/v1","compatibility":"strict"}}',
  },
  { 'AMA 问天': 'ama://set-api-key?server={address}&key={key}' },
  { OpenCat: 'opencat://team/join?domain={address}&token={key}' },
];

const DEFAULT_DISABLE_KEYWORDS = [
  'Your credit balance is too low',
  'This organization has been disabled.',
  'You exceeded your current quota',
  'Permission denied',
  'The security token included in the request is invalid',
  'Operation not allowed',
  'Your account is not authorized',
].join('\n');

/** One entry of EmailDomainWhitelist: a host name with at least one dot, such as gmail.com. */
export const EMAIL_DOMAIN_PATTERN = /^([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,}$/;

const domainList = (v: string) =>
  v
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean)
    .every((d) => EMAIL_DOMAIN_PATTERN.test(d))
    ? undefined
    : '邮箱域名格式不正确';

const groupRatioSchema = z.record(z.string(), z.number()).superRefine((map, ctx) => {
  for (const [name, ratio] of Object.entries(map)) {
    if (ratio < 0) ctx.addIssue({ code: 'custom', message: `group ratio must be not less than 0: ${name}` });
  }
});

const percentage = { min: 0.1, max: 1 };

const DECLARED: readonly OptionDef[] = [
  // Sign-in and registration
  bool('PasswordLoginEnabled', true),
  bool('PasswordRegisterEnabled', true),
  bool('EmailVerificationEnabled', false),
  bool('RegisterEnabled', true),
  bool('GitHubOAuthEnabled', false, {
    requires: {
      key: 'GitHubClientId',
      message: '无法启用 GitHub OAuth，请先填入 GitHub Client Id 以及 GitHub Client Secret！',
    },
  }),
  str('GitHubClientId'),
  secret('GitHubClientSecret'),
  bool('oidc.enabled', false, {
    requires: {
      key: 'oidc.client_id',
      message: '无法启用 OIDC 登录，请先填入 OIDC Client Id 以及 OIDC Client Secret！',
    },
  }),
  str('oidc.client_id'),
  secret('oidc.client_secret'),
  str('oidc.well_known', '', { check: httpUrl }),
  str('oidc.authorization_endpoint', '', { check: httpUrl }),
  str('oidc.token_endpoint', '', { check: httpUrl }),
  str('oidc.user_info_endpoint', '', { check: httpUrl }),
  bool('LinuxDOOAuthEnabled', false, {
    requires: {
      key: 'LinuxDOClientId',
      message: '无法启用 LinuxDO OAuth，请先填入 LinuxDO Client Id 以及 LinuxDO Client Secret！',
    },
  }),
  str('LinuxDOClientId'),
  secret('LinuxDOClientSecret'),
  bool('WeChatAuthEnabled', false, {
    requires: { key: 'WeChatServerAddress', message: '无法启用微信登录，请先填入微信登录相关配置信息！' },
  }),
  str('WeChatServerAddress', '', { normalize: trimTrailingSlash, check: httpUrl }),
  secret('WeChatServerToken'),
  str('WeChatAccountQRCodeImageURL'),
  bool('TelegramOAuthEnabled', false, {
    requires: { key: 'TelegramBotToken', message: '无法启用 Telegram OAuth，请先填入 Telegram Bot Token！' },
  }),
  secret('TelegramBotToken'),
  str('TelegramBotName'),
  bool('TurnstileCheckEnabled', false, {
    requires: {
      key: 'TurnstileSiteKey',
      message: '无法启用 Turnstile 校验，请先填入 Turnstile 校验相关配置信息！',
    },
  }),
  str('TurnstileSiteKey'),
  secret('TurnstileSecretKey'),
  // Webhooks users set may reach loopback and private networks only when this is on (link-local
  // and cloud metadata addresses stay refused either way).
  bool('AllowPrivateWebhookAddresses', false),
  bool('EmailDomainRestrictionEnabled', false, {
    requires: { key: 'EmailDomainWhitelist', message: '无法启用邮箱域名限制，请先填入限制的邮箱域名！' },
  }),
  bool('EmailAliasRestrictionEnabled', false),
  str(
    'EmailDomainWhitelist',
    'gmail.com,163.com,126.com,qq.com,outlook.com,hotmail.com,icloud.com,yahoo.com,foxmail.com',
    { check: domainList },
  ),

  // Mail
  str('SMTPServer'),
  int('SMTPPort', 587, { min: 1, max: 65535 }),
  str('SMTPAccount'),
  str('SMTPFrom'),
  secret('SMTPToken'),
  bool('SMTPSSLEnabled', false),

  // Addresses and payment
  str('ServerAddress', '', { normalize: trimTrailingSlash, check: httpUrl }),
  str('WorkerUrl', '', { normalize: trimTrailingSlash, check: httpUrl }),
  secret('WorkerValidKey'),
  str('PayAddress', '', { normalize: trimTrailingSlash, check: httpUrl }),
  str('CustomCallbackAddress', '', { normalize: trimTrailingSlash, check: httpUrl }),
  str('EpayId'),
  secret('EpayKey'),
  float('Price', 7.3, { min: 0 }),
  int('MinTopUp', 1, { min: 0 }),
  json('TopupGroupRatio', { default: 1, vip: 1, svip: 1 }, nonNegativeNumberMap),
  str('TopUpLink'),

  // Display texts
  str('Notice'),
  str('Footer'),
  str('SystemName', 'New API'),
  str('Logo'),
  str('About'),
  str('HomePageContent'),
  str('general_setting.docs_link', 'https://docs.newapi.pro'),
  bool('general_setting.ping_interval_enabled', false),
  int('general_setting.ping_interval_seconds', 60, { min: 1 }),

  // General
  int('QuotaPerUnit', 500000, { min: 1 }),
  int('RetryTimes', 0, { min: 0, max: 10 }),
  bool('DisplayInCurrencyEnabled', true),
  bool('DisplayTokenStatEnabled', true),
  bool('DefaultCollapseSidebar', false),
  bool('DemoSiteEnabled', false),
  bool('SelfUseModeEnabled', false),
  str('ChatLink', '', { normalize: trimTrailingSlash, check: httpUrl }),
  str('ChatLink2', '', { normalize: trimTrailingSlash, check: httpUrl }),
  json('Chats', DEFAULT_CHATS, z.array(z.record(z.string(), z.string()))),

  // Drawing and tasks
  bool('DrawingEnabled', true),
  bool('TaskEnabled', true),
  bool('MjNotifyEnabled', false),
  bool('MjAccountFilterEnabled', false),
  bool('MjForwardUrlEnabled', true),
  bool('MjModeClearEnabled', false),
  bool('MjActionCheckSuccessEnabled', true),

  // Sensitive words
  bool('CheckSensitiveEnabled', true),
  bool('CheckSensitiveOnPromptEnabled', true),
  bool('StopOnSensitiveEnabled', true),
  str('SensitiveWords', 'test_sensitive'),

  // Logs and dashboard
  bool('LogConsumeEnabled', true),
  bool('DataExportEnabled', true),
  int('DataExportInterval', 5, { min: 1 }),
  str('DataExportDefaultTime', 'hour', {
    check: (v) => (['hour', 'day', 'week'].includes(v) ? undefined : 'must be hour, day or week'),
  }),

  // Monitoring
  float('ChannelDisableThreshold', 5, { min: 0 }),
  int('QuotaRemindThreshold', 1000, { min: 0 }),
  bool('AutomaticDisableChannelEnabled', false),
  bool('AutomaticEnableChannelEnabled', false),
  str('AutomaticDisableKeywords', DEFAULT_DISABLE_KEYWORDS),

  // Quota
  int('QuotaForNewUser', 0, { min: 0 }),
  int('PreConsumedQuota', 500, { min: 0 }),
  int('QuotaForInviter', 0, { min: 0 }),
  int('QuotaForInvitee', 0, { min: 0 }),

  // Pricing
  json('ModelRatio', DEFAULT_MODEL_RATIO, nonNegativeNumberMap),
  json('ModelPrice', DEFAULT_MODEL_PRICE, nonNegativeNumberMap),
  json('CompletionRatio', DEFAULT_COMPLETION_RATIO, nonNegativeNumberMap),
  json('CacheRatio', DEFAULT_CACHE_RATIO, nonNegativeNumberMap),
  json('GroupRatio', { default: 1, vip: 1, svip: 1 }, groupRatioSchema),
  json('UserUsableGroups', { default: '默认分组', vip: 'vip分组' }, z.record(z.string(), z.string())),

  // Model request rate limit
  bool('ModelRequestRateLimitEnabled', false),
  int('ModelRequestRateLimitCount', 0, { min: 0 }),
  int('ModelRequestRateLimitSuccessCount', 1000, { min: 1 }),
  int('ModelRequestRateLimitDurationMinutes', 1, { min: 0 }),

  // Model-specific settings
  json(
    'gemini.safety_settings',
    { default: 'OFF', HARM_CATEGORY_CIVIC_INTEGRITY: 'BLOCK_NONE' },
    z.record(z.string(), z.string()),
  ),
  json(
    'gemini.version_settings',
    { default: 'v1beta', 'gemini-1.0-pro': 'v1' },
    z.record(z.string(), z.string()),
  ),
  json(
    'gemini.supported_imagine_models',
    ['gemini-2.0-flash-exp-image-generation', 'gemini-2.0-flash-exp'],
    z.array(z.string()),
  ),
  bool('gemini.thinking_adapter_enabled', false),
  float('gemini.thinking_adapter_budget_tokens_percentage', 0.6, percentage),
  json(
    'claude.model_headers_settings',
    {},
    z.record(z.string(), z.record(z.string(), z.union([z.string(), z.array(z.string())]))),
  ),
  json('claude.default_max_tokens', { default: 8192 }, z.record(z.string(), z.number().int().positive())),
  bool('claude.thinking_adapter_enabled', true),
  float('claude.thinking_adapter_budget_tokens_percentage', 0.8, percentage),
  bool('global.pass_through_request_enabled', false),
];

/**
 * The system and other settings tabs (sign-in, mail, payment, addresses, site texts) and the
 * top-up link belong to the super admin; admins manage every other (operation) setting.
 */
const ROOT_ONLY_KEYS = new Set([
  'PasswordLoginEnabled',
  'PasswordRegisterEnabled',
  'EmailVerificationEnabled',
  'RegisterEnabled',
  'GitHubOAuthEnabled',
  'GitHubClientId',
  'GitHubClientSecret',
  'oidc.enabled',
  'oidc.client_id',
  'oidc.client_secret',
  'oidc.well_known',
  'oidc.authorization_endpoint',
  'oidc.token_endpoint',
  'oidc.user_info_endpoint',
  'LinuxDOOAuthEnabled',
  'LinuxDOClientId',
  'LinuxDOClientSecret',
  'WeChatAuthEnabled',
  'WeChatServerAddress',
  'WeChatServerToken',
  'WeChatAccountQRCodeImageURL',
  'TelegramOAuthEnabled',
  'TelegramBotToken',
  'TelegramBotName',
  'TurnstileCheckEnabled',
  'TurnstileSiteKey',
  'TurnstileSecretKey',
  'AllowPrivateWebhookAddresses',
  'EmailDomainRestrictionEnabled',
  'EmailAliasRestrictionEnabled',
  'EmailDomainWhitelist',
  'SMTPServer',
  'SMTPPort',
  'SMTPAccount',
  'SMTPFrom',
  'SMTPToken',
  'SMTPSSLEnabled',
  'ServerAddress',
  'WorkerUrl',
  'WorkerValidKey',
  'PayAddress',
  'CustomCallbackAddress',
  'EpayId',
  'EpayKey',
  'Price',
  'MinTopUp',
  'TopupGroupRatio',
  'TopUpLink',
  'Notice',
  'Footer',
  'SystemName',
  'Logo',
  'About',
  'HomePageContent',
  'general_setting.docs_link',
]);

for (const key of ROOT_ONLY_KEYS) {
  if (!DECLARED.some((d) => d.key === key)) throw new Error(`root-only option ${key} is not declared`);
}

export const OPTION_DEFS: readonly OptionDef[] = DECLARED.map((d) =>
  ROOT_ONLY_KEYS.has(d.key) ? { ...d, rootOnly: true } : d,
);

const byKey = new Map(OPTION_DEFS.map((d) => [d.key, d]));
export const optionDef = (key: string): OptionDef | undefined => byKey.get(key);
