import { BlockList, isIP } from 'node:net';

/**
 * A token's IP allow list: one entry per line (commas and spaces also separate), each an IPv4 or
 * IPv6 address or a CIDR range. Returns null when the list is empty (everyone allowed).
 */
export function parseAllowList(raw: string | null | undefined): BlockList | null {
  const entries = parseAllowEntries(raw);
  if (entries.valid.length === 0) return null;
  const list = new BlockList();
  for (const entry of entries.valid) {
    const [address, prefix] = entry.split('/') as [string, string | undefined];
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

export function parseAllowEntries(raw: string | null | undefined): { valid: string[]; invalid: string[] } {
  const valid: string[] = [];
  const invalid: string[] = [];
  for (const entry of (raw ?? '').split(/[\s,]+/).filter(Boolean)) {
    (isAllowEntry(entry) ? valid : invalid).push(entry);
  }
  return { valid, invalid };
}

function isAllowEntry(entry: string): boolean {
  const [address, prefix, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Whether a client address (possibly IPv4-mapped IPv6) is allowed. */
export function ipAllowed(list: BlockList, ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped ? mapped[1]! : ip;
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  return list.check(address, family);
}
