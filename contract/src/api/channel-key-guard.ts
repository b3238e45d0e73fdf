import { isPlainObject } from './channel-fields.js';

/**
 * Keys are write-only, so an admin must not be able to make the server send a stored key
 * somewhere new. Every field that decides where (or through what) the key travels is "guarded":
 * changing it needs the key in the same request, except for root (docs/decisions.md). Shared by
 * the server, which enforces it, and the console, which says so before submitting.
 */

/** What GET answers instead of a custom header value (values are write-only like keys). */
export const MASKED_HEADER_VALUE = '******';

export const KEY_GUARD_MESSAGES = {
  keyRequired: '修改渠道类型、地址、其他参数、请求头覆盖或代理时，必须重新填写密钥',
  maskedHeaderUnknown: '请求头覆盖中的隐藏值 ****** 只能保留已保存的请求头，新请求头请填写实际值',
} as const;

/**
 * type: another provider family's address and auth scheme; base_url: the host; other: regions and
 * account ids some types build their host from; headers: may carry credentials or reroute;
 * proxy (in setting): every byte of the request passes through it.
 */
export type KeyGuardedField = 'type' | 'base_url' | 'other' | 'headers' | 'proxy';

/** The guarded part of a channel, as stored or as a form has it (null and '' are the same). */
export interface ChannelAddress {
  type?: number;
  base_url?: string | null;
  other?: string | null;
  headers?: string | null;
  setting?: string | null;
}

function jsonObject(text: string | null | undefined): Record<string, unknown> | null {
  const raw = (text ?? '').trim();
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isPlainObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

const normalUrl = (url: string | null | undefined) => (url ?? '').trim().replace(/\/+$/, '');

/** Header names as the relay sends them (lower case), sorted, with their values as text. */
function headerEntries(text: string | null | undefined): string {
  const entries = Object.entries(jsonObject(text) ?? {}).map(
    ([name, value]) =>
      [name.toLowerCase(), typeof value === 'string' ? value : JSON.stringify(value)] as const,
  );
  return JSON.stringify(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

const proxyOf = (setting: string | null | undefined) => {
  const proxy = jsonObject(setting)?.proxy;
  return typeof proxy === 'string' ? proxy.trim() : '';
};

/** The guarded fields `after` changes; fields missing from `after` are unchanged. */
export function changedAddressFields(before: ChannelAddress, after: ChannelAddress): KeyGuardedField[] {
  const changed: KeyGuardedField[] = [];
  if (after.type !== undefined && after.type !== before.type) changed.push('type');
  if (after.base_url !== undefined && normalUrl(after.base_url) !== normalUrl(before.base_url)) {
    changed.push('base_url');
  }
  if (after.other !== undefined && (after.other ?? '').trim() !== (before.other ?? '').trim()) {
    changed.push('other');
  }
  if (after.headers !== undefined && headerEntries(after.headers) !== headerEntries(before.headers)) {
    changed.push('headers');
  }
  if (after.setting !== undefined && proxyOf(after.setting) !== proxyOf(before.setting))
    changed.push('proxy');
  return changed;
}

/** Stored headers as responses show them: names kept, every value masked; unreadable text hidden. */
export function maskHeaderValues(headers: string | null | undefined): string {
  const parsed = jsonObject(headers);
  if (!parsed) return '';
  return JSON.stringify(Object.fromEntries(Object.keys(parsed).map((name) => [name, MASKED_HEADER_VALUE])));
}

/**
 * Headers sent back by a form: a masked value keeps the stored value of that header (names
 * compared case-insensitively, as the relay sends them); undefined when a masked value has
 * nothing stored to keep. Text without masked values is returned unchanged.
 */
export function unmaskHeaderValues(given: string | null, stored: string | null): string | null | undefined {
  const parsed = jsonObject(given);
  if (!parsed || !Object.values(parsed).includes(MASKED_HEADER_VALUE)) return given;
  const storedHeaders = new Map(
    Object.entries(jsonObject(stored) ?? {}).map(([name, value]) => [name.toLowerCase(), value] as const),
  );
  const merged: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (value !== MASKED_HEADER_VALUE) {
      merged[name] = value;
      continue;
    }
    if (!storedHeaders.has(name.toLowerCase())) return undefined;
    merged[name] = storedHeaders.get(name.toLowerCase());
  }
  return JSON.stringify(merged);
}
