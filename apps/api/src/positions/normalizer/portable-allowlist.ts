import type { WebhookAllowlist } from '@moyo/contracts';
import ipaddr from 'ipaddr.js';

/** WEBHOOK_ALLOWLIST as plain data that crosses to a thread (ipaddr's objects lose their class). */
export interface PortableAllowlist {
  hosts: string[];
  ranges: [string, number][];
}

/** The allowlist as plain data. Pure. */
export function portableAllowlist(allowlist: WebhookAllowlist): PortableAllowlist {
  return {
    hosts: [...allowlist.hosts],
    ranges: allowlist.ranges.map(([address, bits]) => [address.toString(), bits]),
  };
}

let last: { key: string; allowlist: WebhookAllowlist } | undefined;

/** The allowlist again from its plain form (the last one is kept: every task sends the same). */
export function allowlistOf(portable: PortableAllowlist): WebhookAllowlist {
  const key = JSON.stringify(portable);
  if (last?.key !== key) {
    const allowlist: WebhookAllowlist = {
      hosts: new Set(portable.hosts),
      ranges: portable.ranges.map(([address, bits]) => [ipaddr.parse(address), bits]),
    };
    last = { key, allowlist };
  }
  return last.allowlist;
}
