import type { RelayError } from './errors.js';

/**
 * Whether another channel may succeed where this one failed. Gateway errors, bad requests and
 * timeouts (the upstream may still be working, and billing) are not retried.
 */
export function shouldRetry(err: RelayError, upstreamStatus: number): boolean {
  if (err.local) return false;
  const status = upstreamStatus || err.status;
  if (status === 429) return true;
  if (status === 504 || status === 524 || status === 408) return false;
  if (status >= 500) return true;
  if (status === 400) return false;
  return status >= 300;
}

/** The channel's status_code_mapping, e.g. {"400":"500"}, applied before anyone sees the status. */
export function mapStatus(mapping: Record<string, string>, status: number): number {
  const mapped = mapping[String(status)];
  const n = mapped === undefined ? NaN : Number(mapped);
  return Number.isInteger(n) && n >= 100 && n <= 599 ? n : status;
}
