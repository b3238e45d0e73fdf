import { z } from 'zod';
import {
  CHANNEL_MESSAGES,
  channelBaseUrlError,
  channelKeyError,
  channelOtherError,
  channelOtherValue,
  splitChannelKeys,
  priorityField,
  weightField,
  commaListField,
  jsonObjectField,
  optionalText,
  baseUrlField,
  typeField,
  statusField,
  autoBanField,
  tagField,
} from './channel-fields.js';

/** Channel management (`/api/channel/...`). Keys are write-only: no response ever carries one. */

/** Every writable field; create and update differ in what is required. */
const channelFields = {
  type: typeField.optional(),
  base_url: baseUrlField.optional(),
  other: optionalText(65_535, '其他参数过长').optional(),
  openai_organization: optionalText(255, '组织 ID 过长').optional(),
  test_model: optionalText(255, '测试模型名称过长').optional(),
  group: commaListField('group')
    .refine((g) => g.length <= 1024, '分组列表过长')
    .optional(),
  model_mapping: jsonObjectField('模型映射必须是合法的 JSON 格式！').optional(),
  status_code_mapping: jsonObjectField('状态码复写必须是合法的 JSON 格式！')
    .refine((v) => v === null || v.length <= 1024, '状态码复写过长')
    .optional(),
  param_override: jsonObjectField('参数覆盖必须是合法的 JSON 格式！').optional(),
  setting: jsonObjectField('渠道额外设置必须是合法的 JSON 格式！').optional(),
  headers: jsonObjectField('请求头覆盖必须是合法的 JSON 格式！').optional(),
  priority: priorityField,
  weight: weightField,
  auto_ban: autoBanField.optional(),
  status: statusField.optional(),
  tag: tagField.optional(),
  max_input_tokens: z.coerce.number().int().min(0, '最大输入长度不能为负数').optional(),
};

const nameField = z
  .string({ error: CHANNEL_MESSAGES.nameAndKeyRequired })
  .trim()
  .min(1, CHANNEL_MESSAGES.nameAndKeyRequired)
  .max(255, '渠道名称过长');

/** POST /api/channel/: several keys (one per line) create one channel each. */
export const channelCreateRequest = z
  .object({
    ...channelFields,
    name: nameField,
    key: z.string({ error: CHANNEL_MESSAGES.nameAndKeyRequired }),
    models: commaListField('model', CHANNEL_MESSAGES.modelsRequired).refine(
      (m) => m !== '',
      CHANNEL_MESSAGES.modelsRequired,
    ),
  })
  .transform((body, ctx) => {
    const type = body.type ?? 1;
    const keys = splitChannelKeys(type, body.key);
    if (keys.length === 0) {
      ctx.issues.push({ code: 'custom', message: CHANNEL_MESSAGES.nameAndKeyRequired, input: body });
      return z.NEVER;
    }
    // Each type's `other` default (Spark's API version) applies to a blank field.
    const other = channelOtherValue(type, body.other ?? '');
    const error =
      channelOtherError(type, other) ??
      channelKeyError(type, keys) ??
      channelBaseUrlError(type, body.base_url ?? '');
    if (error) {
      ctx.issues.push({ code: 'custom', message: error, input: body });
      return z.NEVER;
    }
    return {
      ...body,
      keys,
      type,
      other,
      base_url: body.base_url ?? '',
      group: body.group || 'default',
      priority: body.priority ?? 0,
      weight: body.weight ?? 0,
      auto_ban: body.auto_ban ?? 1,
      status: body.status || 1,
      tag: body.tag ?? null,
    };
  });
export type ChannelCreateRequest = z.input<typeof channelCreateRequest>;
export type ChannelCreateInput = z.output<typeof channelCreateRequest>;

/**
 * PUT /api/channel/: every field given is written, the rest is kept. An empty key keeps the stored
 * key. Status-only, priority-only and weight-only bodies are the console's inline edits.
 */
export const channelUpdateRequest = z.object({
  ...channelFields,
  id: z.coerce.number({ error: '渠道 ID 无效' }).int().positive('渠道 ID 无效'),
  name: nameField.optional(),
  key: z
    .string()
    .nullable()
    .optional()
    .transform((v) => v?.trim() || undefined),
  models: commaListField('model')
    .refine((m) => m !== '', CHANNEL_MESSAGES.modelsRequired)
    .optional(),
  // Blank group and status 0 are "not given" here, as the console sends them for untouched fields.
  group: channelFields.group.transform((g) => g || undefined),
  status: channelFields.status.transform((s) => s || undefined),
});
export type ChannelUpdateRequest = z.input<typeof channelUpdateRequest>;
export type ChannelUpdateInput = z.output<typeof channelUpdateRequest>;

/** POST /api/channel/copy/:id: the copy's name is the original's plus the suffix. */
export const channelCopyQuery = z.object({
  suffix: z.string().max(50, '后缀过长').optional().default('_复制'),
  reset_balance: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v !== 'false'),
});

/** The `:id` of /api/channel/:id routes. */
export const channelIdParam = z.object({ id: z.coerce.number().int().positive('渠道 ID 无效') });

const queryFlag = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1');

/** GET /api/channel/ (paging through `pageQuery`). */
export const channelListQuery = z.object({ id_sort: queryFlag, tag_mode: queryFlag });

/** GET /api/channel/search: keyword is an id, part of a name or an exact key. */
export const channelSearchQuery = channelListQuery.extend({
  keyword: z.string().trim().catch('').default(''),
  /** One group of the channel's group list; the console sends "null" for none. */
  group: z
    .string()
    .trim()
    .catch('')
    .default('')
    .transform((g) => (g === 'null' ? '' : g)),
  /** Part of a model name. */
  model: z.string().trim().catch('').default(''),
});
export type ChannelSearchQuery = z.output<typeof channelSearchQuery>;

const idList = (message: string) =>
  z.array(z.coerce.number().int().positive(), { error: message }).min(1, message);

export const channelBatchDeleteRequest = z.object({ ids: idList(CHANNEL_MESSAGES.selectToDelete) });

/** POST /api/channel/batch/tag: a null tag removes the tag. */
export const channelBatchTagRequest = z.object({
  ids: idList(CHANNEL_MESSAGES.selectToTag),
  tag: z
    .string({ error: CHANNEL_MESSAGES.tagRequired })
    .trim()
    .min(1, CHANNEL_MESSAGES.tagRequired)
    .max(255, '标签过长')
    .nullable(),
});

const tagName = z.string({ error: CHANNEL_MESSAGES.tagRequired }).trim().min(1, CHANNEL_MESSAGES.tagRequired);

/** POST /api/channel/tag/enabled and /disabled. */
export const channelTagRequest = z.object({ tag: tagName });

const blankAsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), schema);

/**
 * PUT /api/channel/tag: blank fields mean "no change"; a given but blank `new_tag` dissolves the
 * tag (the channels become untagged).
 */
export const channelTagEditRequest = z.object({
  tag: tagName,
  new_tag: z
    .string()
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : (v ?? '').trim()))
    .refine((v) => v === undefined || v.length <= 255, '标签过长'),
  priority: priorityField,
  weight: weightField,
  model_mapping: blankAsUnset(jsonObjectField('模型映射必须是合法的 JSON 格式！').optional()),
  models: blankAsUnset(commaListField('model').optional()),
  groups: blankAsUnset(commaListField('group').optional()),
});
export type ChannelTagEditInput = z.output<typeof channelTagEditRequest>;

/** POST /api/channel/fetch_models: list the models of credentials not saved yet. */
export const fetchModelsRequest = z.object({
  base_url: baseUrlField.optional(),
  type: typeField.optional().default(1),
  key: z
    .string({ error: CHANNEL_MESSAGES.keyRequired })
    .transform((k) => k.trim().split('\n')[0]?.trim() ?? '')
    .refine((k) => k !== '', CHANNEL_MESSAGES.keyRequired),
});

/** A channel as every response shows it: all fields except the key. */
export interface ChannelView {
  id: number;
  type: number;
  name: string;
  status: number;
  base_url: string;
  other: string;
  openai_organization: string;
  test_model: string;
  models: string;
  group: string;
  tag: string | null;
  priority: number;
  weight: number;
  auto_ban: number;
  model_mapping: string;
  status_code_mapping: string;
  setting: string;
  param_override: string;
  headers: string;
  max_input_tokens: number;
  response_time: number;
  test_time: number;
  balance: number;
  balance_updated_time: number;
  used_quota: number;
  created_time: number;
  /** Raw JSON as stored ('' when none). */
  other_info: string;
  /** From other_info, for the hover note of auto-disabled channels ('' / 0 when none). */
  status_reason: string;
  status_time: number;
}

/** POST /api/channel/fix. */
export interface FixAbilitiesResult {
  /** Channels whose abilities were rebuilt. */
  channels: number;
  /** Ability rows after the rebuild. */
  abilities: number;
  /** Ability rows removed because their channel no longer exists. */
  orphans_removed: number;
}

/** GET /api/channel/update_balance/:id. */
export interface ChannelBalanceResult {
  id: number;
  balance: number;
  balance_updated_time: number;
}

/** GET /api/channel/update_balance: enabled channels whose type has a balance API. */
export interface UpdateAllBalancesResult {
  updated: number;
  failed: Array<{ id: number; name: string; message: string }>;
  /** Channels auto-disabled because their balance was ≤ 0. */
  disabled: number[];
}
