import { describe, expect, it } from 'vitest';
import { newRequestId } from './request-id.js';

describe('request ids', () => {
  it('start with the UTC time and end with 8 random characters', () => {
    const id = newRequestId();
    expect(id).toMatch(/^\d{14}[A-Za-z0-9_-]{8}$/);
    const now = new Date().toISOString().replace(/\D/g, '').slice(0, 12);
    expect(id.slice(0, 12)).toBe(now);
  });

  it('do not repeat across many calls (the random pool refills)', () => {
    const ids = new Set(Array.from({ length: 5000 }, newRequestId));
    expect(ids.size).toBe(5000);
  });
});
