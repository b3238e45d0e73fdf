import { randomBytes } from 'node:crypto';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** yyyyMMddHHmmss + 8 random characters: sortable and short enough to quote in a ticket. */
export function newRequestId(): string {
  const d = new Date();
  return (
    `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
    `${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}` +
    randomBytes(6).toString('base64url').slice(0, 8)
  );
}

export const REQUEST_ID_HEADER = 'x-oneapi-request-id';
