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

export const userSettingSchema = z.object({
  notify_type: z.enum(['email', 'webhook']).default('email'),
  quota_warning_threshold: z.number().positive('预警阈值必须大于0').default(500000),
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
