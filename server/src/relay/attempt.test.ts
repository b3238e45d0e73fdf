import { describe, expect, it, vi } from 'vitest';
import { retryAfterSeconds } from './attempt.js';

describe('retryAfterSeconds', () => {
  it('reads delta seconds and HTTP dates, and ignores what it cannot read', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-22T10:00:00Z') });
    try {
      expect(retryAfterSeconds('17')).toBe(17);
      expect(retryAfterSeconds(['5', '9'])).toBe(5);
      expect(retryAfterSeconds('Sun, 22 Nov 2026 10:00:30 GMT')).toBe(30);
      expect(retryAfterSeconds('Sun, 22 Nov 2026 09:00:00 GMT')).toBe(0);
      expect(retryAfterSeconds('soon')).toBeUndefined();
      expect(retryAfterSeconds(undefined)).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
