import { z } from 'zod';

/** API keys (tokens) of the signed-in user: /api/token/*. */

export const TOKEN_NAME_MAX = 30;
export const TOKEN_BATCH_MAX = 100;
export const TOKEN_KEY_LENGTH = 48;
/** Quota of a new token when the form leaves it untouched (1 $ at the default QuotaPerUnit). */
export const DEFAULT_TOKEN_QUOTA = 500_000;
/** expired_time value meaning "never expires". */
export const TOKEN_NEVER_EXPIRES = -1;
/** The prefix clients put before the stored key; lists and the database hold the bare key. */
export const TOKEN_KEY_PREFIX = 'sk-';
/** Suffix length of the extra tokens of a batch: `<name>-<6 random letters or digits>`. */
export const TOKEN_BATCH_SUFFIX_LENGTH = 6;

/** Length in characters (code points), so a CJK name counts each character once. */
export const charLength = (value: string) => [...value].length;

/** The console sends booleans; scripts written against the original send 0/1 too. */
const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1);

const tokenName = z
  .string({ error: '令牌名称不能为空' })
  .trim()
  .min(1, '令牌名称不能为空')
  .refine((name) => charLength(name) <= TOKEN_NAME_MAX, '令牌名称过长');

/**
 * -1 never expires, otherwise unix seconds (whether it lies in the future is checked by the
 * server). 0 is what old clients send for "never", as the original treats it.
 */
const expiredTime = z
  .number({ error: '过期时间格式错误！' })
  .int('过期时间格式错误！')
  .min(TOKEN_NEVER_EXPIRES, '过期时间格式错误！')
  .transform((t) => (t === 0 ? TOKEN_NEVER_EXPIRES : t));

const remainQuota = z
  .number({ error: '令牌额度必须是整数' })
  .int('令牌额度必须是整数')
  .min(0, '令牌额度不能为负数');

/** Comma-separated model names; blanks and duplicates are dropped. */
const modelLimits = z
  .string({ error: '模型限制必须是以逗号分隔的模型名称' })
  .transform((s) => [...new Set(s.split(',').map((m) => m.trim()))].filter(Boolean).join(','));

/** One IPv4/IPv6 address or CIDR range per line; the server checks and normalises each entry. */
const allowIps = z.string({ error: 'IP 白名单必须是文本，每行一个 IP 或网段' });

const group = z.string({ error: '分组名称必须是字符串' }).trim().max(64, '分组名称过长');

export const createTokenRequest = z.object({
  name: tokenName,
  count: z
    .number({ error: '令牌数量必须是正整数' })
    .int('令牌数量必须是正整数')
    .min(1, '令牌数量必须是正整数')
    .max(TOKEN_BATCH_MAX, `一次最多创建 ${TOKEN_BATCH_MAX} 个令牌`)
    .default(1),
  remain_quota: remainQuota.default(DEFAULT_TOKEN_QUOTA),
  expired_time: expiredTime.default(TOKEN_NEVER_EXPIRES),
  unlimited_quota: flag.default(false),
  model_limits_enabled: flag.default(false),
  model_limits: modelLimits.default(''),
  allow_ips: allowIps.default(''),
  group: group.default(''),
});
export type CreateTokenRequest = z.input<typeof createTokenRequest>;

const tokenId = z.number({ error: '令牌 id 无效' }).int('令牌 id 无效').positive('令牌 id 无效');

/** PUT /api/token/: every field the console edits; a field left out keeps its stored value. */
export const updateTokenRequest = z.object({
  id: tokenId,
  name: tokenName.optional(),
  remain_quota: remainQuota.optional(),
  expired_time: expiredTime.optional(),
  unlimited_quota: flag.optional(),
  model_limits_enabled: flag.optional(),
  model_limits: modelLimits.optional(),
  allow_ips: allowIps.optional(),
  group: group.optional(),
});
export type UpdateTokenRequest = z.input<typeof updateTokenRequest>;

/** PUT /api/token/?status_only=true: a user may only enable (1) or disable (2) a token. */
export const updateTokenStatusRequest = z.object({
  id: tokenId,
  status: z.union([z.literal(1), z.literal(2)], { error: '只能启用（1）或禁用（2）令牌' }),
});
export type UpdateTokenStatusRequest = z.input<typeof updateTokenStatusRequest>;

/** `?status_only=` of the PUT endpoints: any value but '', 'false' and '0' switches it on. */
export const statusOnlyQuery = z
  .object({ status_only: z.string().optional().catch(undefined) })
  .transform(({ status_only }) => ({
    statusOnly: status_only !== undefined && !['', 'false', '0'].includes(status_only.trim().toLowerCase()),
  }));

/** GET /api/token/search (paged with pageQuery as well). */
export const tokenSearchQuery = z.object({
  keyword: z.string().catch(''),
  /** A key or part of one; a leading `sk-` is removed. */
  token: z.string().catch(''),
});

/** A token as list, get, create and update answer it. `key` has no `sk-` prefix. */
export interface TokenView {
  id: number;
  user_id: number;
  key: string;
  /** TokenStatus: 1 enabled, 2 disabled, 3 expired, 4 exhausted. */
  status: number;
  name: string;
  created_time: number;
  accessed_time: number;
  /** Unix seconds, or -1 for never. */
  expired_time: number;
  remain_quota: number;
  unlimited_quota: boolean;
  model_limits_enabled: boolean;
  /** Comma-separated model names. */
  model_limits: string;
  /** One IPv4/IPv6 address or CIDR range per line ('' = any address). */
  allow_ips: string;
  used_quota: number;
  /** '' = the owner's group. */
  group: string;
  DeletedAt: number | null;
}
