import { createHmac, timingSafeEqual } from 'node:crypto';

/** Request headers of every webhook delivery. */
export const WebhookHeader = {
  /** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>` */
  Signature: 'Moyo-Signature',
  /** The delivery's id (`webhook_deliveries.id`): the same on every retry of one delivery. */
  DeliveryId: 'Moyo-Delivery-Id',
  /** The event, e.g. `job.completed`. */
  Event: 'Moyo-Event',
} as const;

/**
 * The `Moyo-Signature` value of a delivery body sent at `unixSeconds`: `t=<t>,v1=<hex
 * HMAC-SHA256(secret, t + "." + body)>`. The timestamp is signed too, so a captured delivery
 * cannot be replayed later under a fresh time. Pure.
 */
export function signWebhookBody(secret: string, body: string, unixSeconds: number): string {
  const t = Math.floor(unixSeconds);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

/** Why a signature was refused. */
export type WebhookSignatureProblem = 'malformed' | 'mismatch' | 'expired';

/**
 * Checks a `Moyo-Signature` header against the raw body as a receiver should: the HMAC matches
 * (constant-time compare) and `t` lies within `toleranceSeconds` of `nowSeconds`. Null when
 * valid, else what is wrong. Pure.
 */
export function verifyWebhookSignature(
  secret: string,
  body: string,
  header: string | undefined,
  nowSeconds: number = Date.now() / 1000,
  toleranceSeconds = 300,
): WebhookSignatureProblem | null {
  const parts = new Map<string, string>();
  for (const item of (header ?? '').split(',')) {
    const eq = item.indexOf('=');
    if (eq > 0) parts.set(item.slice(0, eq).trim(), item.slice(eq + 1).trim());
  }
  const t = Number(parts.get('t'));
  const given = parts.get('v1');
  if (!Number.isInteger(t) || !given || !/^[0-9a-f]{64}$/.test(given)) return 'malformed';
  const expected = signWebhookBody(secret, body, t).split('v1=')[1];
  if (!timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'))) return 'mismatch';
  if (Math.abs(nowSeconds - t) > toleranceSeconds) return 'expired';
  return null;
}
