import type { OptionStore } from '../options/store.js';

/** Mail providers that ignore dots in the local part: a.b@gmail.com is ab@gmail.com. */
const DOT_BLIND_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

export const EMAIL_DOMAIN_REFUSED =
  "The administrator has enabled the email domain name whitelist, and your email address is not allowed due to special symbols or it's not in the whitelist.";
export const EMAIL_ALIAS_REFUSED = '管理员已启用邮箱地址别名限制，您的邮箱地址由于包含特殊符号而被拒绝。';

/**
 * Why an address may not register, under EmailDomainRestrictionEnabled (domain must be on the
 * whitelist, case-insensitively) and EmailAliasRestrictionEnabled (no `+` sub-address, and no
 * dots at Gmail, which ignores them: both would let one mailbox register many times; a dot
 * elsewhere is part of a real name such as first.last@example.com).
 */
export function emailRestrictionError(options: OptionStore, email: string): string | null {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1).toLowerCase();
  if (options.bool('EmailDomainRestrictionEnabled')) {
    const allowed = options
      .str('EmailDomainWhitelist')
      .split(',')
      .map((d) => d.trim().toLowerCase())
      .filter(Boolean);
    if (!allowed.includes(domain)) return EMAIL_DOMAIN_REFUSED;
  }
  if (options.bool('EmailAliasRestrictionEnabled')) {
    if (local.includes('+') || (DOT_BLIND_DOMAINS.has(domain) && local.includes('.'))) {
      return EMAIL_ALIAS_REFUSED;
    }
  }
  return null;
}
