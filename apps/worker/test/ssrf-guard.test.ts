import { parseWebhookAllowlist, WebhookTargetRefusedError } from '@moyo/contracts';
import { describe, expect, it } from 'vitest';
import { guardedLookup } from '../src/webhooks/ssrf-guard';

// The pure checks (allowlist, address ranges, URLs) are tested in libs/contracts/test.
describe('guardedLookup', () => {
  it('refuses a name that resolves to a loopback address at connect time', async () => {
    const lookup = guardedLookup(parseWebhookAllowlist(''));
    const err = await new Promise<Error | null>((resolve) => lookup('localhost', {}, (e) => resolve(e)));
    expect(err).toBeInstanceOf(WebhookTargetRefusedError);
    const allowed = guardedLookup(parseWebhookAllowlist('127.0.0.1,::1'));
    const address = await new Promise<string>((resolve, reject) =>
      allowed('localhost', { family: 4 }, (e, a) => (e ? reject(e) : resolve(a as string))),
    );
    expect(address).toBe('127.0.0.1');
  });
});
