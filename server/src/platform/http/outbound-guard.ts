import dns from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { rootCertificates } from 'node:tls';
import { Agent, buildConnector, request } from 'undici';

/**
 * Server-side calls to addresses a user typed (webhooks, and any later feature where a non-root
 * user picks the URL) must not become a way into the gateway's own network. The check runs on
 * the IP addresses the connection actually uses: a hostname is resolved once, inside the
 * connection (a custom `lookup`), and refused when any of its addresses is forbidden, so DNS
 * answers that change between a check and the connect cannot slip through.
 */

/** Never reachable: link-local (cloud metadata lives there), unspecified, multicast, reserved. */
const ALWAYS_REFUSED = new BlockList();
ALWAYS_REFUSED.addSubnet('0.0.0.0', 8, 'ipv4');
ALWAYS_REFUSED.addSubnet('169.254.0.0', 16, 'ipv4');
ALWAYS_REFUSED.addSubnet('224.0.0.0', 4, 'ipv4');
ALWAYS_REFUSED.addSubnet('240.0.0.0', 4, 'ipv4');
ALWAYS_REFUSED.addSubnet('::', 128, 'ipv6');
ALWAYS_REFUSED.addSubnet('fe80::', 10, 'ipv6');
ALWAYS_REFUSED.addSubnet('ff00::', 8, 'ipv6');
ALWAYS_REFUSED.addSubnet('64:ff9b::', 96, 'ipv6');
ALWAYS_REFUSED.addAddress('fd00:ec2::254', 'ipv6');

/** Loopback and private networks: refused unless the operator allows them. */
const PRIVATE = new BlockList();
PRIVATE.addSubnet('127.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('10.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('172.16.0.0', 12, 'ipv4');
PRIVATE.addSubnet('192.168.0.0', 16, 'ipv4');
PRIVATE.addSubnet('100.64.0.0', 10, 'ipv4');
PRIVATE.addSubnet('198.18.0.0', 15, 'ipv4');
PRIVATE.addSubnet('::1', 128, 'ipv6');
PRIVATE.addSubnet('fc00::', 7, 'ipv6');

export class OutboundRefusedError extends Error {
  readonly code = 'OUTBOUND_REFUSED';
}

/** Why an IP address may not be called, or null. IPv4-mapped IPv6 is judged as IPv4. */
export function addressRefusal(address: string, allowPrivate: boolean): string | null {
  let ip = address.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) ip = mapped[1]!;
  const family = isIP(ip);
  if (family === 0) return `not an IP address: ${address}`;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (ALWAYS_REFUSED.check(ip, type)) return `address not allowed: ${ip}`;
  if (!allowPrivate && PRIVATE.check(ip, type)) return `private address not allowed: ${ip}`;
  return null;
}

/** A `lookup` for net/tls connect that refuses the connection when any resolved address is forbidden. */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const refused = addresses.map((a) => addressRefusal(a.address, allowPrivate)).find(Boolean);
      if (refused || addresses.length === 0) {
        return callback(new OutboundRefusedError(refused ?? `no address for ${hostname}`), '', 0);
      }
      if (options.all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/**
 * A connector for undici agents that judges every new connection: hostnames through
 * `guardedLookup`, IP literals (which net.connect never looks up) before connecting. It runs once
 * per pooled connection, so keep-alive traffic pays nothing for it.
 */
export function guardedConnector(
  allowPrivate: boolean,
  options: buildConnector.BuildOptions = {},
): buildConnector.connector {
  const connect = buildConnector({ ...options, lookup: guardedLookup(allowPrivate) });
  return (opts, callback) => {
    const host = opts.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host)) {
      const refused = addressRefusal(host, allowPrivate);
      if (refused) return callback(new OutboundRefusedError(refused), null);
    }
    connect(opts, callback);
  };
}

/**
 * The policy for calls to channel upstreams (relay, tests, balances, model lists): an admin
 * chooses the address, and self-hosted models on loopback or a private network are normal, but
 * link-local (cloud metadata), unspecified and multicast addresses are refused.
 */
export const channelConnector = (options: buildConnector.BuildOptions = {}) =>
  guardedConnector(true, options);

let channelAgent: Agent | null = null;

/** A shared keep-alive agent with the channel policy, for calls outside the relay's own pool. */
export function channelDispatcher(): Agent {
  channelAgent ??= new Agent({ connect: channelConnector({ timeout: 10_000 }), keepAliveTimeout: 4_000 });
  return channelAgent;
}

const agents = new Map<string, Agent>();

function agentFor(allowPrivate: boolean, ca: string | null): Agent {
  const key = `${allowPrivate ? 1 : 0}:${ca ?? ''}`;
  let agent = agents.get(key);
  if (!agent) {
    agent = new Agent({
      connect: guardedConnector(allowPrivate, {
        timeout: 5_000,
        // Adding a CA must not drop the public ones a real webhook needs.
        ...(ca ? { ca: [...rootCertificates, ca] } : {}),
      }),
      keepAliveTimeout: 1_000,
    });
    agents.set(key, agent);
  }
  return agent;
}

export interface GuardedPostOptions {
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  allowPrivate: boolean;
  /** Extra trusted CA certificates (PEM), added to the public ones. */
  ca?: string | null;
}

/**
 * POSTs to a user-given http(s) address through the guard: no redirects are followed (a 3xx is
 * a failure like any non-2xx), the whole exchange has a deadline, and the answer is discarded.
 * Resolves with the status; rejects with a readable reason.
 */
export async function guardedPost(url: string, options: GuardedPostOptions): Promise<number> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new OutboundRefusedError('invalid URL');
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') {
    throw new OutboundRefusedError(`protocol not allowed: ${target.protocol}`);
  }
  // An IP literal is connected to without any lookup, so it is judged here.
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    const refused = addressRefusal(host, options.allowPrivate);
    if (refused) throw new OutboundRefusedError(refused);
  }
  const res = await request(target, {
    method: 'POST',
    headers: options.headers,
    body: options.body,
    dispatcher: agentFor(options.allowPrivate, options.ca ?? null),
    signal: AbortSignal.timeout(options.timeoutMs),
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  });
  await res.body.dump();
  return res.statusCode;
}
