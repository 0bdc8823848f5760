import { describe, expect, it } from 'vitest';
import {
  addressRefusal,
  checkWebhookUrl,
  guardedLookup,
  parseWebhookAllowlist,
  WebhookTargetRefusedError,
} from '../src/webhooks/ssrf-guard';

const none = parseWebhookAllowlist('');

describe('SSRF guard', () => {
  it('lets public unicast addresses through and refuses the special ranges', () => {
    expect(addressRefusal('93.184.215.14', 'example.com', none)).toBeNull();
    expect(addressRefusal('2606:4700::6810:84e5', 'example.com', none)).toBeNull();
    const refused: [string, string][] = [
      ['127.0.0.1', 'loopback'],
      ['10.0.0.5', 'private'],
      ['172.16.3.4', 'private'],
      ['192.168.1.1', 'private'],
      ['169.254.169.254', 'linkLocal'],
      ['100.64.0.1', 'carrierGradeNat'],
      ['0.0.0.0', 'unspecified'],
      ['::1', 'loopback'],
      ['fe80::1', 'linkLocal'],
      ['fd12::1', 'uniqueLocal'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:10.1.1.1', 'private'],
    ];
    for (const [address, range] of refused) {
      expect(addressRefusal(address, 'h', none)).toContain(`(${range})`);
    }
  });

  it('allows what WEBHOOK_ALLOWLIST names: addresses, CIDR ranges and host names', () => {
    const allow = parseWebhookAllowlist(' 127.0.0.1, 10.0.0.0/8 ,hooks.internal,fd00::/8');
    expect(addressRefusal('127.0.0.1', '127.0.0.1', allow)).toBeNull();
    expect(addressRefusal('127.0.0.2', '127.0.0.2', allow)).toContain('loopback');
    expect(addressRefusal('10.200.3.4', 'x', allow)).toBeNull();
    expect(addressRefusal('::ffff:10.200.3.4', 'x', allow)).toBeNull();
    expect(addressRefusal('192.168.0.1', 'x', allow)).toContain('private');
    expect(addressRefusal('192.168.0.1', 'HOOKS.internal.', allow)).toBeNull();
    expect(addressRefusal('fd00::7', 'x', allow)).toBeNull();
  });

  it('names a malformed allowlist entry', () => {
    expect(() => parseWebhookAllowlist('10.0.0.0/33')).toThrow('"10.0.0.0/33" is not a valid CIDR range');
    expect(() => parseWebhookAllowlist('127.0.0.1,not a host')).toThrow('"not a host" is not a host name');
  });

  it('checks URLs: scheme, credentials and literal addresses', () => {
    expect(() => checkWebhookUrl('ftp://example.com/', none)).toThrow(/http or https/);
    expect(() => checkWebhookUrl('http://u:p@example.com/', none)).toThrow(/credentials/);
    expect(() => checkWebhookUrl('http://[::1]:8080/', none)).toThrow(WebhookTargetRefusedError);
    expect(() => checkWebhookUrl('http://169.254.169.254/', none)).toThrow(/linkLocal/);
    expect(() => checkWebhookUrl('nonsense', none)).toThrow(/not a valid URL/);
    expect(checkWebhookUrl('https://example.com/hook', none).hostname).toBe('example.com');
  });

  it('refuses a name that resolves to a loopback address at connect time', async () => {
    const lookup = guardedLookup(none);
    const err = await new Promise<Error | null>((resolve) => lookup('localhost', {}, (e) => resolve(e)));
    expect(err).toBeInstanceOf(WebhookTargetRefusedError);
    const allowed = guardedLookup(parseWebhookAllowlist('127.0.0.1,::1'));
    const address = await new Promise<string>((resolve, reject) =>
      allowed('localhost', { family: 4 }, (e, a) => (e ? reject(e) : resolve(a as string))),
    );
    expect(address).toBe('127.0.0.1');
  });
});
