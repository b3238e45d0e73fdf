import { describe, expect, it } from 'vitest';
import { isNewerVersion } from './update-routes.js';

describe('isNewerVersion', () => {
  it('compares dotted numbers, with or without a leading v', () => {
    expect(isNewerVersion('v0.2.0', '0.1.9')).toBe(true);
    expect(isNewerVersion('v0.10.0', '0.9.0')).toBe(true);
    expect(isNewerVersion('0.1.0', 'v0.1.0')).toBe(false);
    expect(isNewerVersion('v0.1', '0.1.0')).toBe(false);
    expect(isNewerVersion('v0.0.9', '0.1.0')).toBe(false);
  });

  it('treats unnumbered versions as newer only when they differ', () => {
    expect(isNewerVersion('nightly', 'dev')).toBe(true);
    expect(isNewerVersion('dev', 'dev')).toBe(false);
  });
});
