import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The pure parts of the server-side request forgery guard of webhooks: a target must be a public
 * unicast address. Private, loopback, link-local, carrier-grade NAT, multicast, reserved and other
 * special ranges are refused unless WEBHOOK_ALLOWLIST names the host, the address or a CIDR range
 * holding it. The api applies `checkWebhookUrl` when a URL is registered (no DNS lookup, so only
 * literal addresses and obviously local names are caught there); the worker applies it again
 * before each delivery and checks every address a name resolves to at connect time, which stays
 * the authoritative check.
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
 * entries ignored). Throws an Error naming the first entry that is none of them. Pure.
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

/**
 * IPv6 addresses that carry an IPv4 address are checked as that IPv4 address: IPv4-mapped
 * (::ffff:10.0.0.1) and the deprecated IPv4-compatible form (::127.0.0.1, which ipaddr.js calls
 * plain unicast, though stacks may route it to the IPv4 address); `::` and `::1` stay IPv6.
 */
function normalise(addr: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 {
  if (addr.kind() !== 'ipv6') return addr;
  const v6 = addr as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address();
  const p = v6.parts;
  const compatible = p.slice(0, 6).every((x) => x === 0) && (p[6] !== 0 || p[7] > 1);
  return compatible ? new ipaddr.IPv4([p[6] >> 8, p[6] & 0xff, p[7] >> 8, p[7] & 0xff]) : addr;
}

function hostAllowed(host: string, allowlist: WebhookAllowlist): boolean {
  return allowlist.hosts.has(host.toLowerCase().replace(/\.$/, ''));
}

function rangeAllowed(addr: ipaddr.IPv4 | ipaddr.IPv6, allowlist: WebhookAllowlist): boolean {
  return allowlist.ranges.some(([net, bits]) => net.kind() === addr.kind() && addr.match(net as never, bits));
}

/**
 * Null when `address` (an IP literal) may be connected to for `host`, else why not: it must be
 * public unicast, or `host` an allowlisted name, or the address inside an allowlisted range. Pure.
 */
export function addressRefusal(address: string, host: string, allowlist: WebhookAllowlist): string | null {
  if (hostAllowed(host, allowlist)) return null;
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = normalise(ipaddr.parse(address));
  } catch {
    return `${address} is not an IP address`;
  }
  const range = addr.range();
  if (range === 'unicast' || rangeAllowed(addr, allowlist)) return null;
  const what = host === address ? address : `${host} resolves to ${addr.toString()}`;
  return `${what} (${range}), which webhooks may not reach unless WEBHOOK_ALLOWLIST permits it`;
}

/** `localhost` and its subdomains, which resolvers answer with loopback addresses (RFC 6761). */
function isLocalhostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

const LOOPBACKS = [ipaddr.parse('127.0.0.1'), ipaddr.parse('::1')];

/**
 * Checks a webhook URL without any DNS lookup: http or https, no credentials, and a host that is
 * neither an IP literal outside public unicast nor a `localhost` name, unless the allowlist names
 * the host or holds the address (for `localhost`, a loopback address). Returns the parsed URL or
 * throws WebhookTargetRefusedError naming the problem. Pure.
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
  } else if (
    isLocalhostName(host) &&
    !hostAllowed(host, allowlist) &&
    !LOOPBACKS.some((addr) => rangeAllowed(addr, allowlist))
  ) {
    throw new WebhookTargetRefusedError(
      `${host} is a loopback name, which webhooks may not reach unless WEBHOOK_ALLOWLIST permits it`,
    );
  }
  return u;
}
