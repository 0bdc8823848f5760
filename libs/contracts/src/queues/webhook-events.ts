/**
 * Webhook event names. A registered webhook lists the events it wants (`webhooks.events`; the api
 * stores all of them when the client names none); each delivery carries one.
 */
export const WebhookEvent = {
  /** A job ended with a result. */
  JobCompleted: 'job.completed',
  /** A job ended without a result (invalid input, or retries exhausted). */
  JobFailed: 'job.failed',
} as const;
export type WebhookEvent = (typeof WebhookEvent)[keyof typeof WebhookEvent];

/** Every webhook event, in a stable order. */
export const WEBHOOK_EVENTS: readonly WebhookEvent[] = [WebhookEvent.JobCompleted, WebhookEvent.JobFailed];
