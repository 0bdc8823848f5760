import {
  deliverWebhookJobOptions,
  signWebhookBody,
  verifyWebhookSignature,
  WEBHOOK_MAX_BACKOFF_MS,
  webhookAttemptsFor,
  webhookBackoffDelay,
  webhookDeliveryId,
} from '@moyo/contracts';
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';

describe('webhook delivery schedule and signature', () => {
  it('backs off exponentially, capped, over at least 12 hours with the defaults', () => {
    expect([1, 2, 3, 4].map((n) => webhookBackoffDelay(n, 30_000))).toEqual([
      30_000, 60_000, 120_000, 240_000,
    ]);
    expect(webhookBackoffDelay(30, 30_000)).toBe(WEBHOOK_MAX_BACKOFF_MS);
    const attempts = webhookAttemptsFor(12 * 3600_000, 30_000);
    let total = 0;
    for (let n = 1; n < attempts; n++) total += webhookBackoffDelay(n, 30_000);
    expect(total).toBeGreaterThanOrEqual(12 * 3600_000);
    // One attempt fewer would not cover the window.
    expect(total - webhookBackoffDelay(attempts - 1, 30_000)).toBeLessThan(12 * 3600_000);
    expect(attempts).toBe(12);
    expect(deliverWebhookJobOptions('d', { backoffBaseMs: 100, retryWindowMs: 1500 })).toMatchObject({
      jobId: 'd',
      attempts: 5,
      backoff: { type: 'moyo-webhook', delay: 100 },
    });
  });

  it('derives one delivery id per job, event and target', () => {
    const id = webhookDeliveryId('job-1', 'job.completed', 'hook-1');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(webhookDeliveryId('job-1', 'job.completed', 'hook-1')).toBe(id);
    expect(webhookDeliveryId('job-1', 'job.failed', 'hook-1')).not.toBe(id);
    expect(webhookDeliveryId('job-2', 'job.completed', 'hook-1')).not.toBe(id);
  });

  it('signs t + "." + body with HMAC-SHA256, as a receiver recomputes it', () => {
    const body = '{"id":"x"}';
    const header = signWebhookBody('whsec_s', body, 1_700_000_000);
    const expected = createHmac('sha256', 'whsec_s').update(`1700000000.${body}`).digest('hex');
    expect(header).toBe(`t=1700000000,v1=${expected}`);
    expect(verifyWebhookSignature('whsec_s', body, header, 1_700_000_100)).toBeNull();
    expect(verifyWebhookSignature('whsec_s', body + ' ', header, 1_700_000_100)).toBe('mismatch');
    expect(verifyWebhookSignature('whsec_s', body, header, 1_700_009_999)).toBe('expired');
    expect(verifyWebhookSignature('whsec_s', body, 'garbage')).toBe('malformed');
  });
});
