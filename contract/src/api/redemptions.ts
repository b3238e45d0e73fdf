import { z } from 'zod';
import { charLength } from './tokens.js';

/** Redemption codes: /api/redemption/* (admins) and redeeming one, POST /api/user/topup. */

export const REDEMPTION_NAME_MAX = 20;
export const REDEMPTION_BATCH_MAX = 100;
/** Form defaults of the console. */
export const DEFAULT_REDEMPTION_QUOTA = 100_000;
/** Keys are UUIDv4 without dashes: 32 lowercase hex characters. */

const NAME_LENGTH_MESSAGE = `兑换码名称长度必须在1-${REDEMPTION_NAME_MAX}之间`;

const redemptionName = z
  .string({ error: NAME_LENGTH_MESSAGE })
  .trim()
  .refine((name) => {
    const length = charLength(name);
    return length >= 1 && length <= REDEMPTION_NAME_MAX;
  }, NAME_LENGTH_MESSAGE);

const redemptionQuota = z
  .number({ error: '兑换码额度必须是正整数' })
  .int('兑换码额度必须是正整数')
  .positive('兑换码额度必须是正整数');

export const createRedemptionRequest = z.object({
  name: redemptionName,
  quota: redemptionQuota,
  count: z
    .number({ error: '兑换码个数必须是整数' })
    .int('兑换码个数必须是整数')
    .min(1, '兑换码个数必须大于0')
    .max(REDEMPTION_BATCH_MAX, `一次兑换码批量生成的个数不能大于 ${REDEMPTION_BATCH_MAX}`)
    .default(1),
});
export type CreateRedemptionRequest = z.input<typeof createRedemptionRequest>;

const redemptionId = z.number({ error: 'id 为空！' }).int('id 为空！').positive('id 为空！');

/** PUT /api/redemption/: name and quota; a field left out keeps its stored value. */
export const updateRedemptionRequest = z.object({
  id: redemptionId,
  name: redemptionName.optional(),
  quota: redemptionQuota.optional(),
});
export type UpdateRedemptionRequest = z.input<typeof updateRedemptionRequest>;

/** PUT /api/redemption/?status_only=true: enable (1) or disable (2); used codes stay used. */
export const updateRedemptionStatusRequest = z.object({
  id: redemptionId,
  status: z.union([z.literal(1), z.literal(2)], { error: '兑换码状态只能设置为启用（1）或禁用（2）' }),
});
export type UpdateRedemptionStatusRequest = z.input<typeof updateRedemptionStatusRequest>;

/** GET /api/redemption/search (paged with pageQuery as well): an id, or a name prefix. */
export const redemptionSearchQuery = z.object({
  keyword: z.string().catch(''),
});

/** POST /api/user/topup. */
export const redeemRequest = z.object({
  key: z.string({ error: '未提供兑换码' }).trim().min(1, '未提供兑换码'),
});
export type RedeemRequest = z.input<typeof redeemRequest>;

export interface RedemptionView {
  id: number;
  /** The admin who created it. */
  user_id: number;
  key: string;
  /** RedemptionStatus: 1 unused, 2 disabled, 3 used. */
  status: number;
  name: string;
  quota: number;
  created_time: number;
  /** 0 until used. */
  redeemed_time: number;
  /** 0 means nobody has used it. */
  used_user_id: number;
  DeletedAt: number | null;
}
