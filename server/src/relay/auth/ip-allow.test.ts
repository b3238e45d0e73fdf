import { describe, expect, it } from 'vitest';
import { ipAllowed, parseAllowEntries, parseAllowList } from './ip-allow.js';

describe('token IP allow lists', () => {
  it('matches exact addresses and CIDR ranges, IPv4 and IPv6', () => {
    const list = parseAllowList('10.0.0.5\n192.168.1.0/24, 2001:db8::/32')!;
    expect(ipAllowed(list, '10.0.0.5')).toBe(true);
    expect(ipAllowed(list, '10.0.0.6')).toBe(false);
    expect(ipAllowed(list, '192.168.1.77')).toBe(true);
    expect(ipAllowed(list, '192.168.2.1')).toBe(false);
    expect(ipAllowed(list, '2001:db8::1')).toBe(true);
    expect(ipAllowed(list, '::ffff:192.168.1.9')).toBe(true);
  });

  it('means no restriction when empty', () => {
    expect(parseAllowList('')).toBeNull();
    expect(parseAllowList('  \n ')).toBeNull();
  });

  it('reports invalid entries', () => {
    expect(parseAllowEntries('1.2.3.4\nnot-an-ip\n10.0.0.0/33\n::1/129\n8.8.8.8/8')).toEqual({
      valid: ['1.2.3.4', '8.8.8.8/8'],
      invalid: ['not-an-ip', '10.0.0.0/33', '::1/129'],
    });
  });
});
