import { randomBytes, randomInt } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Ids shaped like the provider's, e.g. `chatcmpl-` followed by 29 letters and digits. */
export function randomId(prefix: string, length = 29): string {
  let id = prefix;
  for (let i = 0; i < length; i += 1) id += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return id;
}

export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

/** Unix seconds, the unit of every `created` field. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
