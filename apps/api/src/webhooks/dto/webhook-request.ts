import { WEBHOOK_EVENTS, type WebhookAllowlist } from '@moyo/contracts';
import { z } from 'zod';
import { FieldError, FieldErrors, problemsOf } from '../../errors/api-errors';
import { checkWebhookTarget, webhookUrlSchema } from '../../jobs/job-spec';

/** `POST /v1/webhooks` body: where to send, and which events (default: all). */
export const webhookRequestSchema = z.strictObject({
  url: webhookUrlSchema,
  events: z
    .array(
      z.enum(WEBHOOK_EVENTS as [string, ...string[]], {
        error: `must be one of ${WEBHOOK_EVENTS.join(', ')}`,
      }),
    )
    .min(1, 'must name at least one event')
    .max(WEBHOOK_EVENTS.length)
    .optional(),
});

/**
 * Validates a `POST /v1/webhooks` body; `url` must also be a target `allowlist` lets webhooks reach.
 * Throws FieldError / FieldErrors (422) naming the field.
 */
export function parseWebhookRequest(
  body: unknown,
  allowlist: WebhookAllowlist,
): { url: string; events: string[] } {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new FieldError('body', 'must be a JSON object like {"url": "https://example.com/hook"}', 400);
  }
  const parsed = webhookRequestSchema.safeParse(body);
  if (!parsed.success) throw new FieldErrors(problemsOf(parsed.error, body));
  checkWebhookTarget('url', parsed.data.url, allowlist);
  return { url: parsed.data.url, events: [...new Set(parsed.data.events ?? WEBHOOK_EVENTS)] };
}
