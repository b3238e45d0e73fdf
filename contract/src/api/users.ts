import { z } from 'zod';

export const USERNAME_MAX = 12;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;
export const DISPLAY_NAME_MAX = 20;

const username = z
  .string()
  .trim()
  .min(1, '用户名不能为空')
  .max(USERNAME_MAX, `用户名长度不能超过${USERNAME_MAX}个字符`);
const password = z
  .string()
  .min(PASSWORD_MIN, `密码长度不得小于 ${PASSWORD_MIN} 位`)
  .max(PASSWORD_MAX, `密码长度不能超过${PASSWORD_MAX}个字符`);

export const loginRequest = z.object({
  username: z.string().trim().min(1, '请输入用户名和密码！'),
  password: z.string().min(1, '请输入用户名和密码！'),
});

export const registerRequest = z.object({
  username,
  password,
  password2: z.string().optional(),
  email: z.string().trim().max(50).optional().default(''),
  verification_code: z.string().trim().optional().default(''),
  aff_code: z.string().trim().optional().default(''),
});

export const updateSelfRequest = z.object({
  username: username.optional(),
  display_name: z
    .string()
    .trim()
    .max(DISPLAY_NAME_MAX, `显示名称长度不能超过${DISPLAY_NAME_MAX}个字符`)
    .optional(),
  password: z.union([z.literal(''), password]).optional(),
  original_password: z.string().optional(),
});

/**
 * The stored `users.setting` JSON, read leniently: a threshold that was never saved stays
 * undefined, so the server falls back to the QuotaRemindThreshold option.
 */
export const userSettingSchema = z.object({
  notify_type: z.enum(['email', 'webhook']).catch('email').default('email'),
  quota_warning_threshold: z.number().positive().optional().catch(undefined),
  webhook_url: z.string().optional(),
  webhook_secret: z.string().optional(),
  notification_email: z.string().optional(),
  accept_unset_model_ratio_model: z.boolean().default(false),
});
export type UserSetting = z.infer<typeof userSettingSchema>;

/** The user as the console sees it (no password, no access token value). */
export interface UserView {
  id: number;
  username: string;
  display_name: string;
  role: number;
  status: number;
  email: string;
  github_id: string;
  oidc_id: string;
  wechat_id: string;
  telegram_id: string;
  linux_do_id: string;
  quota: number;
  used_quota: number;
  request_count: number;
  group: string;
  aff_code: string;
  aff_count: number;
  aff_quota: number;
  aff_history_quota: number;
  inviter_id: number;
  setting: string;
  DeletedAt: number | null;
}

/** Admin user management (`/api/user/`, `/api/user/search`, `/api/user/manage`). */

const EMPTY_CREDENTIALS = '用户名和密码不能为空';

/** POST /api/user/: the common sign-up path; `role` is only checked, new users are always role 1. */
export const adminCreateUserRequest = z.object({
  username: z
    .string({ error: EMPTY_CREDENTIALS })
    .trim()
    .min(1, EMPTY_CREDENTIALS)
    .max(USERNAME_MAX, `用户名长度不能超过${USERNAME_MAX}个字符`),
  password: z.string({ error: EMPTY_CREDENTIALS }).min(1, EMPTY_CREDENTIALS).pipe(password),
  display_name: z
    .string()
    .trim()
    .max(DISPLAY_NAME_MAX, `显示名称长度不能超过${DISPLAY_NAME_MAX}个字符`)
    .optional(),
  role: z.number().int().optional(),
});
export type AdminCreateUserRequest = z.input<typeof adminCreateUserRequest>;

/** Largest quota an admin may set; keeps arithmetic on it exact in JavaScript and every database. */
export const MAX_USER_QUOTA = 1e15;

/** PUT /api/user/: fields that are absent stay unchanged; an empty password means unchanged. */
export const adminUpdateUserRequest = z.object({
  id: z.number({ error: '无效的参数' }).int().positive('无效的参数'),
  username: username.optional(),
  display_name: z
    .string()
    .trim()
    .max(DISPLAY_NAME_MAX, `显示名称长度不能超过${DISPLAY_NAME_MAX}个字符`)
    .optional(),
  password: z.union([z.literal(''), password]).optional(),
  group: z.string().trim().min(1, '分组不能为空').max(64, '分组名称过长').optional(),
  quota: z
    .number({ error: '额度必须是整数' })
    .int('额度必须是整数')
    .min(-MAX_USER_QUOTA, '额度超出范围')
    .max(MAX_USER_QUOTA, '额度超出范围')
    .optional(),
});
export type AdminUpdateUserRequest = z.input<typeof adminUpdateUserRequest>;

export const USER_MANAGE_ACTIONS = ['promote', 'demote', 'disable', 'enable', 'delete'] as const;
export type UserManageAction = (typeof USER_MANAGE_ACTIONS)[number];

export const manageUserRequest = z.object({
  id: z.number({ error: '无效的参数' }).int().positive('无效的参数'),
  action: z.enum(USER_MANAGE_ACTIONS, { error: '无效的操作' }),
});
export type ManageUserRequest = z.input<typeof manageUserRequest>;

/** What a manage action answers: the row's role and status afterwards. */
export interface ManageUserResult {
  role: number;
  status: number;
}

/** GET /api/user/search (paged with pageQuery as well): keyword and an exact group. */
export const userSearchQuery = z.object({
  keyword: z.string().optional().catch(undefined).default(''),
  group: z.string().optional().catch(undefined).default(''),
});

/** Changing one's own password must prove the current one. */
export const ORIGINAL_PASSWORD_REQUIRED = '请输入原密码';
export const WRONG_ORIGINAL_PASSWORD = '原密码错误';

/** Spec 1 §9: the quota-warning presets offered by the notification tab, and its form default. */
export const QUOTA_WARNING_PRESETS = [100000, 500000, 1000000, 5000000] as const;
export const QUOTA_WARNING_FORM_DEFAULT = 100000;

const INVALID_WEBHOOK = '无效的Webhook地址';
export const WEBHOOK_HTTPS_ONLY = 'Webhook地址必须以 https:// 开头';

/** PUT /api/user/setting. An empty or absent webhook_secret keeps the stored one (write-only). */
export const updateUserSettingRequest = z
  .object({
    notify_type: z.enum(['email', 'webhook'], { error: '无效的预警类型' }),
    quota_warning_threshold: z
      .number({ error: '预警阈值必须大于0' })
      .int('预警阈值必须是整数')
      .positive('预警阈值必须大于0')
      .max(MAX_USER_QUOTA, '预警阈值超出范围'),
    webhook_url: z.string().trim().max(1024, INVALID_WEBHOOK).optional().default(''),
    webhook_secret: z.string().max(256, 'Webhook密钥过长').optional().default(''),
    notification_email: z.string().trim().max(128, '无效的邮箱地址').optional().default(''),
    accept_unset_model_ratio_model: z.boolean({ error: '无效的参数' }).optional().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.notify_type === 'webhook') {
      if (!v.webhook_url) {
        ctx.addIssue({ code: 'custom', path: ['webhook_url'], message: 'Webhook地址不能为空' });
        return;
      }
      let url: URL | null;
      try {
        url = new URL(v.webhook_url);
      } catch {
        url = null;
      }
      if (!url || !url.hostname) {
        ctx.addIssue({ code: 'custom', path: ['webhook_url'], message: INVALID_WEBHOOK });
      } else if (url.protocol !== 'https:') {
        ctx.addIssue({ code: 'custom', path: ['webhook_url'], message: WEBHOOK_HTTPS_ONLY });
      }
    }
    if (v.notification_email && !z.email().safeParse(v.notification_email).success) {
      ctx.addIssue({ code: 'custom', path: ['notification_email'], message: '无效的邮箱地址' });
    }
  });
export type UpdateUserSettingRequest = z.input<typeof updateUserSettingRequest>;

/** GET /api/user/setting: the saved settings; the webhook secret never leaves the server. */
export interface UserSettingView {
  notify_type: 'email' | 'webhook';
  /** null when never saved: the site's QuotaRemindThreshold applies. */
  quota_warning_threshold: number | null;
  webhook_url: string;
  webhook_secret_set: boolean;
  notification_email: string;
  accept_unset_model_ratio_model: boolean;
}

/** POST /api/user/aff_transfer: move invite earnings into the balance. */
export const affTransferRequest = z.object({
  quota: z
    .number({ error: '无效的参数' })
    .int('无效的参数')
    .positive('无效的参数')
    .max(MAX_USER_QUOTA, '无效的参数'),
});
export type AffTransferRequest = z.input<typeof affTransferRequest>;
