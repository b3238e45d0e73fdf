import { createHash, timingSafeEqual } from 'node:crypto';
import type { OptionStore } from '../options/store.js';

/** The Epay ("易支付") merchant protocol: configuration and the MD5 signature. */

export interface EpayConfig {
  /** Gateway base address (PayAddress, no trailing slash). */
  address: string;
  pid: string;
  key: string;
}

/** Online top-up is on only when all three are set (as /api/status reports it). */
export function epayConfig(options: OptionStore): EpayConfig | null {
  const address = options.str('PayAddress').trim().replace(/\/+$/, '');
  const pid = options.str('EpayId').trim();
  const key = options.str('EpayKey');
  return address && pid && key ? { address, pid, key } : null;
}

/**
 * Lowercase hex MD5 of `k1=v1&k2=v2…` (keys sorted, raw values, without sign, sign_type and
 * empty values) immediately followed by the merchant key.
 */
export function epaySign(params: Record<string, string>, key: string): string {
  const text = Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createHash('md5')
    .update(text + key, 'utf8')
    .digest('hex');
}

export function hasValidEpaySign(params: Record<string, string>, key: string): boolean {
  const given = Buffer.from((params.sign ?? '').toLowerCase());
  const expected = Buffer.from(epaySign(params, key));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Amounts as Epay sends them ("12.3", "12.30") in cents, or null when it is not a plain amount. */
export function moneyToCents(text: string): number | null {
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(text.trim())) return null;
  const [whole, fraction = ''] = text.trim().split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
