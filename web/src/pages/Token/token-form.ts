import {
  DEFAULT_TOKEN_QUOTA,
  TOKEN_BATCH_MAX,
  TOKEN_NEVER_EXPIRES,
  type CreateTokenRequest,
  type TokenView,
  type UpdateTokenRequest,
} from '@gateway/contract';
import { formatDateTime } from './date-time';

/** The token drawer's values and their conversion to requests (document 2, sections 5 and 9). */

export interface TokenFormValues {
  name: string;
  remain_quota: number;
  unlimited_quota: boolean;
  /** '' = never expires; otherwise a local date-time as typed or picked (yyyy-MM-dd HH:mm:ss). */
  expired_time: string;
  model_limits_enabled: boolean;
  model_limits: string[];
  allow_ips: string;
  /** '' = follow the owner's group. */
  group: string;
  /** Creation only: how many tokens to make. */
  count: number;
}

/** Quota presets in quota units; labelled in dollars at the site's quota per unit. */
export const QUOTA_PRESETS = [500_000, 5_000_000, 25_000_000, 50_000_000, 250_000_000, 500_000_000] as const;
export const BATCH_COUNT_PRESETS = [10, 20, 30, 100] as const;

export type ExpiryShortcut = 'never' | 'hour' | 'day' | 'month';
export const EXPIRY_SHORTCUTS: readonly ExpiryShortcut[] = ['never', 'hour', 'day', 'month'];
const SHORTCUT_MS: Record<Exclude<ExpiryShortcut, 'never'>, number> = {
  hour: 3_600_000,
  day: 86_400_000,
  // "One month" is 30 days in the spec, not the calendar month.
  month: 30 * 86_400_000,
};

export const DEFAULT_TOKEN_FORM: TokenFormValues = {
  name: '',
  remain_quota: DEFAULT_TOKEN_QUOTA,
  unlimited_quota: false,
  expired_time: '',
  model_limits_enabled: false,
  model_limits: [],
  allow_ips: '',
  group: '',
  count: 1,
};

/** The expiry text a shortcut puts in the field ('' for never). */
export function expiryFromShortcut(shortcut: ExpiryShortcut, now = new Date()): string {
  if (shortcut === 'never') return '';
  return formatDateTime(new Date(now.getTime() + SHORTCUT_MS[shortcut]));
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{1,2})(?::(\d{1,2}))?)?$/;

/**
 * Expiry text → expired_time: -1 for '' (never), unix seconds for a date, null when the text is
 * not a date ("过期时间格式错误！"). yyyy-MM-dd[ HH:mm[:ss]] is read as local time and must name a
 * real moment (no 31 February); other forms Date.parse understands (ISO with a zone) are accepted.
 */
export function parseExpiry(text: string): number | null {
  const value = text.trim();
  if (value === '' || value === String(TOKEN_NEVER_EXPIRES)) return TOKEN_NEVER_EXPIRES;
  const match = LOCAL_DATE_TIME.exec(value);
  if (match) {
    const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
    const date = new Date(year, month - 1, day, hour, minute, second);
    const real =
      date.getFullYear() === year &&
      date.getMonth() === month - 1 &&
      date.getDate() === day &&
      date.getHours() === hour &&
      date.getMinutes() === minute &&
      date.getSeconds() === second;
    return real ? Math.floor(date.getTime() / 1000) : null;
  }
  // Only full dates with a time zone or the ISO 'T': Date.parse accepts far looser text ("1").
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

/** The drawer's values for an existing token. */
export function formValuesOf(token: TokenView): TokenFormValues {
  return {
    name: token.name,
    remain_quota: token.remain_quota,
    unlimited_quota: token.unlimited_quota,
    expired_time:
      token.expired_time === TOKEN_NEVER_EXPIRES ? '' : formatDateTime(new Date(token.expired_time * 1000)),
    model_limits_enabled: token.model_limits_enabled,
    model_limits: token.model_limits ? token.model_limits.split(',').filter(Boolean) : [],
    allow_ips: token.allow_ips ?? '',
    group: token.group ?? '',
    count: 1,
  };
}

export type TokenFormProblem =
  | { field: 'name'; reason: 'required' }
  | { field: 'expired_time'; reason: 'invalid' }
  | { field: 'count'; reason: 'notPositiveInteger' | 'tooMany' }
  | { field: 'remain_quota'; reason: 'invalid' }
  | { field: 'model_limits'; reason: 'required' };

type Checked<T> = { ok: true; request: T } | { ok: false; problem: TokenFormProblem };

function checkCommon(values: TokenFormValues): TokenFormProblem | { expiredTime: number } {
  if (values.name.trim() === '') return { field: 'name', reason: 'required' };
  const quota = values.remain_quota;
  if (!values.unlimited_quota && (!Number.isInteger(quota) || quota < 0)) {
    return { field: 'remain_quota', reason: 'invalid' };
  }
  if (values.model_limits_enabled && values.model_limits.length === 0) {
    return { field: 'model_limits', reason: 'required' };
  }
  const expiredTime = parseExpiry(values.expired_time);
  if (expiredTime === null) return { field: 'expired_time', reason: 'invalid' };
  return { expiredTime };
}

function fields(values: TokenFormValues, expiredTime: number) {
  return {
    name: values.name.trim(),
    // An unlimited token keeps whatever quota was typed, so switching back restores it.
    remain_quota: Number.isInteger(values.remain_quota) ? Math.max(0, values.remain_quota) : 0,
    unlimited_quota: values.unlimited_quota,
    expired_time: expiredTime,
    model_limits_enabled: values.model_limits_enabled,
    // Kept while the flag is off, so switching limits back on restores the list.
    model_limits: values.model_limits.join(','),
    allow_ips: values.allow_ips.trim(),
    group: values.group,
  };
}

export function toCreateRequest(values: TokenFormValues): Checked<CreateTokenRequest> {
  const common = checkCommon(values);
  if ('field' in common) return { ok: false, problem: common };
  if (!Number.isInteger(values.count) || values.count < 1) {
    return { ok: false, problem: { field: 'count', reason: 'notPositiveInteger' } };
  }
  if (values.count > TOKEN_BATCH_MAX) return { ok: false, problem: { field: 'count', reason: 'tooMany' } };
  return { ok: true, request: { ...fields(values, common.expiredTime), count: values.count } };
}

export function toUpdateRequest(id: number, values: TokenFormValues): Checked<UpdateTokenRequest> {
  const common = checkCommon(values);
  if ('field' in common) return { ok: false, problem: common };
  return { ok: true, request: { id, ...fields(values, common.expiredTime) } };
}
