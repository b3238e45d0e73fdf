import { createHmac, randomInt } from 'node:crypto';

export const ALPHANUMERIC = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Cryptographically random string over an alphabet, without modulo bias. */
export function randomString(length: number, alphabet = ALPHANUMERIC): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** Keyed digest of a secret we must recognise but never store (system access tokens). */
export const secretDigest = (key: string, value: string) =>
  createHmac('sha256', key).update(value).digest('hex');

/** Shows the first and last characters of a secret, for logs and error messages. */
export function maskSecret(value: string, keep = 3): string {
  if (value.length <= keep * 2) return '*'.repeat(value.length);
  return `${value.slice(0, keep)}***${value.slice(-keep)}`;
}
