/**
 * Chat-link templates (the `Chats` option, kept by the console under the `chats` storage key as
 * a list of one-entry `{ name: url }` objects). A template names the placeholders `{address}`
 * (this gateway's address) and `{key}` (a token, `sk-` prefixed) that the console fills in
 * (document 2, section 7).
 */
export interface ChatTemplate {
  name: string;
  url: string;
}

export type ChatTemplatesResult =
  | { ok: true; templates: ChatTemplate[] }
  /** The stored value is not a list of `{ name: url }` entries: an admin has to fix the option. */
  | { ok: false };

export function parseChatTemplates(raw: string | null): ChatTemplatesResult {
  if (raw === null || raw.trim() === '') return { ok: true, templates: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { ok: false };
  }
  if (!Array.isArray(parsed)) return { ok: false };
  const templates: ChatTemplate[] = [];
  for (const entry of parsed) {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return { ok: false };
    const [first] = Object.entries(entry as Record<string, unknown>);
    if (!first || typeof first[1] !== 'string' || first[1].trim() === '') return { ok: false };
    templates.push({ name: first[0], url: first[1].trim() });
  }
  return { ok: true, templates };
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}

/**
 * The address chat apps should call: the site's ServerAddress. When the admin never set one the
 * server reports a localhost address, useless to anyone browsing from elsewhere; the address the
 * console was opened at is the better guess then, as it is when the status has no address.
 */
export function chatServerAddress(serverAddress: string | undefined, origin: string): string {
  const configured = (serverAddress ?? '').trim().replace(/\/+$/, '');
  if (!configured) return origin;
  const configuredHost = hostOf(configured);
  const originHost = hostOf(origin);
  const loopbackFallback =
    configuredHost !== null &&
    LOOPBACK_HOSTS.has(configuredHost) &&
    originHost !== null &&
    !LOOPBACK_HOSTS.has(originHost);
  return loopbackFallback ? origin : configured;
}

export const withKeyPrefix = (key: string) => (key.startsWith('sk-') ? key : `sk-${key}`);

/**
 * Fills a template. The address is URL-encoded because templates put it inside a query string or a
 * JSON blob in the URL (`?server={address}`, `settings={"url":"{address}"}`), where a raw `&`, `#`
 * or `?` of the address would cut the parameter short; the receiving app decodes it. Keys are
 * letters and digits only, so they go in as they are.
 */
export function fillChatTemplate(url: string, values: { serverAddress: string; key: string }): string {
  return url
    .replaceAll('{address}', encodeURIComponent(values.serverAddress))
    .replaceAll('{key}', withKeyPrefix(values.key));
}

/** http(s) links can be embedded in the console; app schemes (ama://, opencat://) are handed to the OS. */
export const isWebLink = (url: string) => /^https?:\/\//i.test(url);

/**
 * The template a `/chat/:id` address means: the id-th entry (the sidebar's numbering), the first
 * when no id is given; null when the id points at nothing.
 */
export function pickChatTemplate(templates: ChatTemplate[], id: string | undefined): ChatTemplate | null {
  if (id === undefined || id === '') return templates[0] ?? null;
  if (!/^\d+$/.test(id)) return null;
  return templates[Number(id)] ?? null;
}
