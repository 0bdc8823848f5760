import { describe, expect, it } from 'vitest';
import {
  addressRefusal,
  checkWebhookUrl,
  parseWebhookAllowlist,
  WebhookTargetRefusedError,
} from '../src/webhooks/ssrf';

const none = parseWebhookAllowlist('');

describe('webhook SSRF checks', () => {
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
      ['224.0.0.1', 'multicast'],
      ['::1', 'loopback'],
      ['fe80::1', 'linkLocal'],
      ['fd12::1', 'uniqueLocal'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:10.1.1.1', 'private'],
    ];
    for (const [address, range] of refused) {
      expect(addressRefusal(address, 'h', none)).toContain(`(${range})`);
    }
    expect(addressRefusal('10.0.0.5', 'hooks.example', none)).toMatch(
      /^hooks\.example resolves to 10\.0\.0\.5 \(private\).*WEBHOOK_ALLOWLIST/,
    );
    expect(addressRefusal('nonsense', 'h', none)).toBe('nonsense is not an IP address');
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
    expect(addressRefusal('10.1.2.3', 'x', parseWebhookAllowlist('::ffff:10.0.0.0/104'))).toBeNull();
  });

  it('names a malformed allowlist entry', () => {
    expect(() => parseWebhookAllowlist('10.0.0.0/33')).toThrow('"10.0.0.0/33" is not a valid CIDR range');
    expect(() => parseWebhookAllowlist('127.0.0.1,not a host')).toThrow('"not a host" is not a host name');
    expect(parseWebhookAllowlist(' , ')).toEqual({ hosts: new Set(), ranges: [] });
  });

  it('checks URLs: scheme, credentials and literal addresses', () => {
    expect(() => checkWebhookUrl('ftp://example.com/', none)).toThrow(/http or https/);
    expect(() => checkWebhookUrl('http://u:p@example.com/', none)).toThrow(/credentials/);
    expect(() => checkWebhookUrl('http://u@example.com/', none)).toThrow(/credentials/);
    expect(() => checkWebhookUrl('http://[::1]:8080/', none)).toThrow(WebhookTargetRefusedError);
    expect(() => checkWebhookUrl('http://169.254.169.254/', none)).toThrow(/linkLocal/);
    expect(() => checkWebhookUrl('http://10.0.0.5/hook', none)).toThrow(
      '10.0.0.5 (private), which webhooks may not reach unless WEBHOOK_ALLOWLIST permits it',
    );
    // The URL parser normalises other spellings of an IPv4 address, so they are caught too.
    expect(() => checkWebhookUrl('http://2130706433/', none)).toThrow(/127\.0\.0\.1 \(loopback\)/);
    expect(() => checkWebhookUrl('http://0x7f.1/', none)).toThrow(/loopback/);
    expect(() => checkWebhookUrl('http://[::ffff:a00:1]/', none)).toThrow(/private/);
    // IPv4-compatible IPv6 (deprecated) carries the IPv4 address too: [::127.0.0.1] is loopback.
    expect(() => checkWebhookUrl('http://[::127.0.0.1]/', none)).toThrow(/::7f00:1 \(loopback\)/);
    expect(() => checkWebhookUrl('http://[::10.1.2.3]/', none)).toThrow(/private/);
    expect(() => checkWebhookUrl('http://[0:0:0:0:0:ffff:169.254.169.254]/', none)).toThrow(/linkLocal/);
    expect(() => checkWebhookUrl('http://[::]/', none)).toThrow(/unspecified/);
    expect(() => checkWebhookUrl('http://[64:ff9b::7f00:1]/', none)).toThrow(WebhookTargetRefusedError);
    expect(() => checkWebhookUrl('nonsense', none)).toThrow(/not a valid URL/);
    expect(checkWebhookUrl('https://example.com/hook', none).hostname).toBe('example.com');
    expect(checkWebhookUrl('http://93.184.215.14:8080/x', none).port).toBe('8080');
  });

  it('refuses localhost names without a lookup, unless allowlisted by name or loopback address', () => {
    for (const url of ['http://localhost/x', 'http://LOCALHOST.:8080/', 'https://api.localhost/h']) {
      expect(() => checkWebhookUrl(url, none)).toThrow(/loopback name.*WEBHOOK_ALLOWLIST/);
    }
    // Not a localhost name: left to the delivery-time lookup.
    expect(checkWebhookUrl('http://localhost.example.com/', none).hostname).toBe('localhost.example.com');
    expect(checkWebhookUrl('http://localhost/x', parseWebhookAllowlist('localhost')).hostname).toBe(
      'localhost',
    );
    expect(checkWebhookUrl('http://localhost/x', parseWebhookAllowlist('127.0.0.1')).hostname).toBe(
      'localhost',
    );
    expect(checkWebhookUrl('http://localhost/x', parseWebhookAllowlist('::1')).hostname).toBe('localhost');
    expect(() => checkWebhookUrl('http://a.localhost/x', parseWebhookAllowlist('localhost'))).toThrow(
      /loopback name/,
    );
    expect(() => checkWebhookUrl('http://localhost/x', parseWebhookAllowlist('10.0.0.0/8'))).toThrow(
      /loopback name/,
    );
  });

  it('accepts allowlisted literal addresses', () => {
    const allow = parseWebhookAllowlist('127.0.0.1,10.0.0.0/8');
    expect(checkWebhookUrl('http://127.0.0.1:9999/hook', allow).port).toBe('9999');
    expect(checkWebhookUrl('http://10.0.0.5/hook', allow).hostname).toBe('10.0.0.5');
    expect(() => checkWebhookUrl('http://192.168.0.1/hook', allow)).toThrow(/private/);
  });
});
