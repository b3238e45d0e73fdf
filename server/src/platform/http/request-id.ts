import { randomFillSync } from 'node:crypto';

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

// Random bytes are drawn in bulk: one system call per 1024 ids instead of one per request.
const pool = Buffer.alloc(8 * 1024);
let poolOffset = pool.length;
let prefixSecond = -1;
let prefix = '';

/** yyyyMMddHHmmss + 8 random characters: sortable and short enough to quote in a ticket. */
export function newRequestId(): string {
  const now = Date.now();
  const second = Math.floor(now / 1000);
  if (second !== prefixSecond) {
    const d = new Date(now);
    prefix =
      `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
      `${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
    prefixSecond = second;
  }
  if (poolOffset + 8 > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  let id = prefix;
  for (let i = 0; i < 8; i++) id += ALPHABET[pool[poolOffset + i]! & 63];
  poolOffset += 8;
  return id;
}

export const REQUEST_ID_HEADER = 'x-oneapi-request-id';
