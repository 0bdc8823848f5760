import { createHash, createHmac } from 'node:crypto';

/**
 * Deliveries of webhooks (queue `webhooks`, job DeliverWebhookJob): their ids, their retry
 * schedule and the secret of a job's own `webhookUrl`. Event names, headers, the signature and
 * the encryption of stored secrets are in `../webhooks`.
 */

/**
 * The delivery id of one event of one job to one target (a registered webhook's id, or the job's
 * own URL): a UUID derived from the three, so fanning the same event out twice makes one
 * delivery. Pure.
 */
export function webhookDeliveryId(jobId: string, event: string, target: string): string {
  const h = createHash('sha256').update(`${jobId}\n${event}\n${target}`).digest('hex');
  // Version-5-style UUID: version nibble 5, RFC 4122 variant bits.
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * The signing secret of deliveries to a job's own `webhookUrl`, which has no registered webhook
 * and so no stored secret: `whsec_` + hex HMAC-SHA256(key, "job-webhook:" + tenantId), `key`
 * being the WEBHOOK_SECRET_KEY bytes. The api can show it to its tenant; jobs without a tenant
 * (auto-followed games) use "job-webhook:". Pure.
 */
export function jobWebhookSecret(tenantId: string | null, key: Buffer): string {
  return `whsec_${createHmac('sha256', key)
    .update(`job-webhook:${tenantId ?? ''}`)
    .digest('hex')}`;
}

/** Longest wait between two delivery attempts. */
export const WEBHOOK_MAX_BACKOFF_MS = 4 * 60 * 60 * 1000;

/** Name of the custom BullMQ backoff of deliveries; workers register `webhookBackoffDelay` for it. */
export const WEBHOOK_BACKOFF_TYPE = 'moyo-webhook';

/**
 * Wait before the next attempt of a delivery after `attemptsMade` attempts (from 1):
 * `baseMs * 2^(attemptsMade-1)`, at most WEBHOOK_MAX_BACKOFF_MS. Pure.
 */
export function webhookBackoffDelay(attemptsMade: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attemptsMade - 1), WEBHOOK_MAX_BACKOFF_MS);
}

/**
 * How many attempts make a delivery's retries span at least `windowMs` with that backoff: the
 * smallest n whose n-1 waits add up to `windowMs` or more (at least 1). With the defaults (30 s
 * base, 12 h window) that is 12 attempts over about 12.3 hours. Pure.
 */
export function webhookAttemptsFor(windowMs: number, baseMs: number): number {
  let attempts = 1;
  let waited = 0;
  while (waited < windowMs) {
    waited += webhookBackoffDelay(attempts, baseMs);
    attempts += 1;
  }
  return attempts;
}

/** The retry schedule of deliveries (WEBHOOK_BACKOFF_BASE_MS, WEBHOOK_RETRY_WINDOW_MS). */
export interface WebhookRetrySchedule {
  backoffBaseMs: number;
  retryWindowMs: number;
}

/**
 * BullMQ options of a DeliverWebhookJob: the delivery id as job id (one queue job per delivery;
 * a redelivery passes another, e.g. `<deliveryId>-r<n>`), attempts covering the retry window and
 * the custom backoff. Pure.
 */
export function deliverWebhookJobOptions(jobId: string, schedule: WebhookRetrySchedule) {
  return {
    jobId,
    attempts: webhookAttemptsFor(schedule.retryWindowMs, schedule.backoffBaseMs),
    backoff: { type: WEBHOOK_BACKOFF_TYPE, delay: schedule.backoffBaseMs },
    removeOnComplete: { age: 24 * 3600, count: 10_000 },
    removeOnFail: { age: 7 * 24 * 3600 },
  };
}
