import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { addressRefusal, WebhookTargetRefusedError, type WebhookAllowlist } from '@moyo/contracts';

/**
 * The connect-time half of the webhook SSRF guard (the pure checks are in @moyo/contracts). The
 * check runs on the address the connection actually uses (a DNS lookup hook), so a name that
 * resolves differently at connect time cannot slip past it.
 */

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
