import type { OptionStore } from '../options/store.js';

/**
 * Why an address may not register, under EmailDomainRestrictionEnabled (domain must be on the
 * whitelist, case-insensitively) and EmailAliasRestrictionEnabled (no `+` or `.` in the local
 * part, which would let one mailbox register many times).
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
    if (!allowed.includes(domain)) {
      return "The administrator has enabled the email domain name whitelist, and your email address is not allowed due to special symbols or it's not in the whitelist.";
    }
  }
  if (options.bool('EmailAliasRestrictionEnabled') && /[+.]/.test(local)) {
    return '管理员已启用邮箱地址别名限制，您的邮箱地址由于包含特殊符号而被拒绝。';
  }
  return null;
}
