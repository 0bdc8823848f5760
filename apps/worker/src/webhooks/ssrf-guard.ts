import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Server-side request forgery guard of webhook deliveries: a target must be a public unicast
 * address. Private, loopback, link-local, carrier-grade NAT, multicast, reserved and other
 * special ranges are refused unless WEBHOOK_ALLOWLIST names the host, the address or a CIDR
 * range holding it. The check runs on the address the connection actually uses (a DNS lookup
 * hook), so a name that resolves differently at connect time cannot slip past it.
 */

/** WEBHOOK_ALLOWLIST parsed: host names (lowercase) and address ranges. */
export interface WebhookAllowlist {
  hosts: ReadonlySet<string>;
  ranges: readonly [ipaddr.IPv4 | ipaddr.IPv6, number][];
}

/** A webhook target the guard refuses. */
export class WebhookTargetRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookTargetRefusedError';
  }
}

const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,62}[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]{0,62}[a-z0-9_])?)*$/;

/**
 * Parses WEBHOOK_ALLOWLIST: comma-separated host names, IP addresses and CIDR ranges (blank
 * entries ignored). Throws an Error naming the first entry that is none of them.
 */
export function parseWebhookAllowlist(text: string): WebhookAllowlist {
  const hosts = new Set<string>();
  const ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];
  for (const raw of text.split(',')) {
    const entry = raw.trim().toLowerCase();
    if (entry === '') continue;
    if (entry.includes('/')) {
      try {
        const [addr, bits] = ipaddr.parseCIDR(entry);
        ranges.push([
          normalise(addr),
          addr.kind() === 'ipv6' && normalise(addr).kind() === 'ipv4' ? bits - 96 : bits,
        ]);
      } catch {
        throw new Error(`"${raw.trim()}" is not a valid CIDR range`);
      }
    } else if (ipaddr.isValid(entry)) {
      const addr = normalise(ipaddr.parse(entry));
      ranges.push([addr, addr.kind() === 'ipv4' ? 32 : 128]);
    } else if (HOST_NAME.test(entry)) {
      hosts.add(entry);
    } else {
      throw new Error(`"${raw.trim()}" is not a host name, IP address or CIDR range`);
    }
  }
  return { hosts, ranges };
}

/** IPv4-mapped IPv6 addresses (::ffff:10.0.0.1) are checked as the IPv4 address they carry. */
function normalise(addr: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 {
  return addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()
    ? (addr as ipaddr.IPv6).toIPv4Address()
    : addr;
}

/**
 * Null when `address` (an IP literal) may be connected to for `host`, else why not: it must be
 * public unicast, or `host` an allowlisted name, or the address inside an allowlisted range.
 */
export function addressRefusal(address: string, host: string, allowlist: WebhookAllowlist): string | null {
  if (allowlist.hosts.has(host.toLowerCase().replace(/\.$/, ''))) return null;
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = normalise(ipaddr.parse(address));
  } catch {
    return `${address} is not an IP address`;
  }
  const range = addr.range();
  if (range === 'unicast') return null;
  for (const [net, bits] of allowlist.ranges) {
    if (net.kind() === addr.kind() && addr.match(net as never, bits)) return null;
  }
  return `${host} resolves to ${addr.toString()} (${range}), which webhooks may not reach unless WEBHOOK_ALLOWLIST permits it`;
}

/**
 * Checks a webhook URL before any connection: http or https, no credentials, and, when the host
 * is an IP literal (no DNS lookup will happen), the address itself. Throws
 * WebhookTargetRefusedError naming the problem.
 */
export function checkWebhookUrl(url: string, allowlist: WebhookAllowlist): URL {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new WebhookTargetRefusedError(`webhook URL "${url}" is not a valid URL`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    throw new WebhookTargetRefusedError(`webhook URL must be http or https (got ${u.protocol})`);
  }
  if (u.username || u.password) throw new WebhookTargetRefusedError('webhook URL must not carry credentials');
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    const refusal = addressRefusal(host, host, allowlist);
    if (refusal) throw new WebhookTargetRefusedError(refusal);
  }
  return u;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `dns.lookup` replacement for the delivery agent's connections: resolves as usual, then fails
 * with WebhookTargetRefusedError if any resolved address is refused (a name with one private
 * address is refused whole, so round-robin answers cannot be used to get through).
 */
export function guardedLookup(allowlist: WebhookAllowlist) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as LookupAddress[];
      for (const a of list) {
        const refusal = addressRefusal(a.address, hostname, allowlist);
        if (refusal) return callback(new WebhookTargetRefusedError(refusal), []);
      }
      if (list.length === 0) return callback(new WebhookTargetRefusedError(`${hostname} has no address`), []);
      if (options.all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}
