import { z } from 'zod';
import { keyFormatText, keyMatchesFormat } from '../channel-type-fields.js';
import { channelTypeInfo } from '../channel-types/index.js';

/** Field rules and helpers of the channel forms, shared by the console and the server. */

export const VERTEX_AI_TYPE = 41;
export const SPARK_TYPE = 18;
export const GEMINI_TYPE = 24;
export const MODEL_NAME_MAX = 255;
/** `abilities.group` is varchar(64). */
export const GROUP_NAME_MAX = 64;
export const CHANNEL_PRIORITY_MIN = -999;

export const CHANNEL_MESSAGES = {
  nameAndKeyRequired: '请填写渠道名称和渠道密钥！',
  modelsRequired: '请至少选择一个模型！',
  regionRequired: '部署地区不能为空',
  regionNeedsDefault: '部署地区必须包含default字段',
  priorityInteger: '优先级必须是整数！',
  weightNonNegative: '权重必须是非负整数！',
  tagRequired: '标签不能为空！',
  selectToDelete: '请先选择要删除的通道！',
  selectToTag: '请先选择要设置标签的渠道！',
  nothingChanged: '没有任何修改！',
  keyRequired: '请填写密钥',
} as const;

/** A comma list (or an array) as a clean list: trimmed, empties dropped, first occurrence kept. */
export function splitCommaList(value: string | readonly string[] | null | undefined): string[] {
  const parts = typeof value === 'string' ? value.split(',') : (value ?? []);
  const seen = new Set<string>();
  for (const part of parts) {
    const name = String(part).trim();
    if (name) seen.add(name);
  }
  return [...seen];
}

/** Whether the type's key is one JSON document (Vertex AI's service account), not lines of keys. */
export const isJsonKeyType = (type: number) => channelTypeInfo(type)?.key?.kind === 'json';

/**
 * The keys of a create request, one channel each: one per line (spaces and `\r` trimmed), except
 * JSON keys (Vertex AI's service-account credential), which are a single key.
 */
export function splitChannelKeys(type: number, key: string): string[] {
  if (isJsonKeyType(type)) return key.trim() ? [key.trim()] : [];
  return splitCommaList(key.split('\n'));
}

/** A key that does not fit its type's format: which one (1-based, among `count`) and the format. */
export interface ChannelKeyProblem {
  typeName: string;
  format: string;
  line: number;
  count: number;
}

/** The first key that does not fit the type's key format (its descriptor); null when all fit. */
export function channelKeyProblem(type: number, keys: readonly string[]): ChannelKeyProblem | null {
  const info = channelTypeInfo(type);
  const format = info?.key;
  if (!info || !format) return null;
  const bad = keys.findIndex((k) => !keyMatchesFormat(format, k));
  if (bad < 0) return null;
  return { typeName: info.name, format: keyFormatText(format), line: bad + 1, count: keys.length };
}

/** channelKeyProblem as the server's message (the console's zh text says the same). */
export function channelKeyError(type: number, keys: readonly string[]): string | null {
  const problem = channelKeyProblem(type, keys);
  if (!problem) return null;
  const which = problem.count > 1 ? `第 ${problem.line} 个密钥` : '密钥';
  return `${problem.typeName} 渠道的${which}格式错误，应为 ${problem.format}`;
}

/** A type whose base URL is required (Custom's full URL) refuses a blank one. */
export function channelBaseUrlError(type: number, baseUrl: string): string | null {
  const required = channelTypeInfo(type)?.baseUrlField?.required;
  return required && !baseUrl.trim() ? required : null;
}

/** What `other` is stored as: the type's default when left blank (Spark: v2.1). */
export function channelOtherValue(type: number, other: string): string {
  const text = other.trim();
  return text || (channelTypeInfo(type)?.other?.default ?? '');
}

/** Why `other` cannot be used with this type (required and blank, a bad region map), or null. */
export function channelOtherError(type: number, other: string): string | null {
  const field = channelTypeInfo(type)?.other;
  if (!field) return null;
  if (field.regionMap) return vertexRegionError(other);
  if (field.required && !other.trim()) return field.required;
  return null;
}

/** Vertex AI needs a region in `other`: a name, or a JSON map with a `default` entry. */
export function vertexRegionError(other: string): string | null {
  const text = other.trim();
  if (!text) return CHANNEL_MESSAGES.regionRequired;
  if (!text.startsWith('{')) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (isPlainObject(parsed) && 'default' in parsed) return null;
  } catch {
    return '部署地区必须是合法的 JSON 格式';
  }
  return CHANNEL_MESSAGES.regionNeedsDefault;
}

export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** '' and null mean "not given"; numeric strings count as numbers (form inputs send text). */
export const blankToUndefined = (v: unknown) =>
  v === '' || v === null ? undefined : typeof v === 'string' ? Number(v.trim()) : v;

export const priorityField = z.preprocess(
  blankToUndefined,
  z
    .number({ error: CHANNEL_MESSAGES.priorityInteger })
    .int({ error: CHANNEL_MESSAGES.priorityInteger })
    .min(CHANNEL_PRIORITY_MIN, `优先级不能小于 ${CHANNEL_PRIORITY_MIN}`)
    .optional(),
);
export const weightField = z.preprocess(
  blankToUndefined,
  z
    .number({ error: CHANNEL_MESSAGES.weightNonNegative })
    .int({ error: CHANNEL_MESSAGES.weightNonNegative })
    .min(0, CHANNEL_MESSAGES.weightNonNegative)
    .optional(),
);

/** A comma list checked name by name; the output is the normalised comma string. */
export function commaListField(
  kind: 'model' | 'group',
  typeError = `${kind === 'model' ? '模型' : '分组'}列表格式错误`,
) {
  const max = kind === 'model' ? MODEL_NAME_MAX : GROUP_NAME_MAX;
  const tooLong = kind === 'model' ? '模型名称过长' : '分组名称过长';
  return z.union([z.string(), z.array(z.string())], { error: typeError }).transform((value, ctx) => {
    const names = splitCommaList(value);
    const long = names.find((n) => n.length > max);
    if (long !== undefined) {
      ctx.issues.push({ code: 'custom', message: `${tooLong}: ${long}`, input: value });
      return z.NEVER;
    }
    return names.join(',');
  });
}

/** A JSON-object text field; blank becomes null. Objects sent as such are serialised. */
export function jsonObjectField(message: string) {
  return z
    .union([z.string(), z.record(z.string(), z.unknown()), z.null()], { error: message })
    .transform((value, ctx): string | null => {
      if (value === null) return null;
      if (typeof value !== 'string') return JSON.stringify(value);
      const text = value.trim();
      if (!text) return null;
      try {
        if (isPlainObject(JSON.parse(text))) return text;
      } catch {
        // reported below
      }
      ctx.issues.push({ code: 'custom', message, input: value });
      return z.NEVER;
    });
}

export const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .nullable()
    .transform((v) => (v ?? '').trim())
    .refine((v) => v.length <= max, message);

export const baseUrlField = optionalText(1024, '渠道地址过长').transform((v) => v.replace(/\/+$/, ''));

export const typeField = z.coerce
  .number({ error: '未知的渠道类型' })
  .int({ error: '未知的渠道类型' })
  .refine((t) => channelTypeInfo(t) !== undefined, '未知的渠道类型');

export const statusField = z.coerce
  .number({ error: '无效的渠道状态' })
  .int({ error: '无效的渠道状态' })
  .min(0, '无效的渠道状态')
  .max(3, '无效的渠道状态');

export const autoBanField = z
  .union([z.boolean(), z.number()], { error: 'auto_ban 只能是 0 或 1' })
  .transform((v) => (v === true || (typeof v === 'number' && v !== 0) ? 1 : 0));

export const tagField = z
  .string({ error: '标签格式错误' })
  .nullable()
  .transform((v) => v?.trim() || null)
  .refine((v) => v === null || v.length <= 255, '标签过长');
