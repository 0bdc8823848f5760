import {
  decryptWebhookSecret,
  jobWebhookSecret,
  QueueName,
  signWebhookBody,
  WEBHOOK_BACKOFF_TYPE,
  webhookBackoffDelay,
  WebhookHeader,
  type DeliverWebhookJob,
} from '@moyo/contracts';
import { closeBull, isDatabaseUnavailable, WebhookDeliveryRepository } from '@moyo/persistence';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { UnrecoverableError, type Job, type MinimalJob } from 'bullmq';
import { PinoLogger } from 'nestjs-pino';
import { WorkerConfig } from '../config/worker-config';
import { postponeJob, retryWhileDatabaseDown } from '../jobs/database-outage';
import { startWorker } from '../queues/start-worker';

import { WebhookSenderService } from './webhook-sender.service';

/**
 * Sends one webhook delivery per queue job, signed (`Moyo-Signature`), recording every attempt.
 * A failed attempt throws so BullMQ retries it with the `moyo-webhook` backoff (exponential,
 * attempts covering WEBHOOK_RETRY_WINDOW_MS); after the last one the delivery is `failed`.
 */
@Processor(QueueName.Webhooks, { autorun: false })
export class DeliverWebhookProcessor extends WorkerHost implements OnApplicationBootstrap, OnModuleDestroy {
  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly sender: WebhookSenderService,
    private readonly config: WorkerConfig,
    private readonly logger: PinoLogger,
  ) {
    super();
    logger.setContext(DeliverWebhookProcessor.name);
  }

  onApplicationBootstrap(): void {
    startWorker(this.worker, this.logger);
  }

  /** Closes the BullMQ worker, letting deliveries in flight finish, before the database closes. */
  async onModuleDestroy(): Promise<void> {
    await closeBull(this.worker);
  }

  async process(job: Job<DeliverWebhookJob>, token?: string): Promise<{ status: number | null }> {
    try {
      return await this.deliver(job);
    } catch (err) {
      // PostgreSQL away: try later without using up one of the delivery's attempts.
      if (isDatabaseUnavailable(err)) return postponeJob(job, token, err);
      throw err;
    }
  }

  private async deliver(job: Job<DeliverWebhookJob>): Promise<{ status: number | null }> {
    const { deliveryId } = job.data;
    const delivery = await this.deliveries.find(deliveryId);
    // Deleted with its webhook, or already settled (a duplicate queue job): nothing to send.
    if (!delivery || delivery.status !== 'pending') return { status: null };
    if (delivery.webhookId && (!delivery.webhook || !delivery.webhook.active)) {
      await this.deliveries.markFailed(deliveryId, 'webhook deleted or disabled');
      return { status: null };
    }
    let secret: string;
    try {
      secret = delivery.webhook
        ? decryptWebhookSecret(delivery.webhook.secretEncrypted, this.config.webhookSecretKey)
        : jobWebhookSecret(delivery.tenantId, this.config.webhookSecretKey);
    } catch (err) {
      // Another WEBHOOK_SECRET_KEY than the api's, or an altered row: no attempt can be signed.
      const error = `cannot decrypt the webhook's signing secret (is WEBHOOK_SECRET_KEY the api's?): ${(err as Error).message}`;
      await this.deliveries.markFailed(deliveryId, error);
      throw new UnrecoverableError(error);
    }

    // Attempt numbers continue over redeliveries (a new queue job for a settled delivery), so
    // every HTTP attempt gets its own row; the queue job's own count decides the last one.
    const attempt = delivery.attempts + 1;
    const queueAttempt = job.attemptsMade + 1;
    const lastAttempt = queueAttempt >= (job.opts.attempts ?? 1);
    const body = JSON.stringify(delivery.payload);
    const outcome = await this.sender.send(delivery.url, body, {
      [WebhookHeader.Signature]: signWebhookBody(secret, body, Math.floor(Date.now() / 1000)),
      [WebhookHeader.DeliveryId]: delivery.id,
      'Moyo-Event': delivery.event,
    });
    const delivered = outcome.error === null;
    const final = delivered || lastAttempt || outcome.refused;
    await retryWhileDatabaseDown(() =>
      this.deliveries.recordAttempt(deliveryId, {
        attempt,
        responseCode: outcome.status,
        latencyMs: outcome.latencyMs,
        error: outcome.error,
        status: delivered ? 'delivered' : final ? 'failed' : 'pending',
        nextAttemptAt: final
          ? null
          : new Date(Date.now() + webhookBackoffDelay(queueAttempt, readBackoffBase(job))),
      }),
    );
    if (delivered) return { status: outcome.status };
    this.logger.info(
      { deliveryId, url: delivery.url, attempt, error: outcome.error, final },
      final ? 'webhook delivery failed' : 'webhook attempt failed; will retry',
    );
    if (outcome.refused) throw new UnrecoverableError(outcome.error ?? 'refused');
    throw new Error(outcome.error ?? 'delivery failed');
  }
}

/**
 * BullMQ's custom backoff of deliveries: `webhookBackoffDelay` from the base delay the job was
 * queued with (a worker option, see `configureProcessor`).
 */
export function deliveryBackoff(attemptsMade: number, type?: string, _err?: Error, job?: MinimalJob): number {
  return type === WEBHOOK_BACKOFF_TYPE ? webhookBackoffDelay(attemptsMade, readBackoffBase(job)) : 0;
}

/** The base delay the job was queued with (see deliverWebhookJobOptions). */
function readBackoffBase(job: MinimalJob | undefined): number {
  const backoff = job?.opts.backoff;
  const delay = typeof backoff === 'object' ? backoff.delay : backoff;
  return typeof delay === 'number' && delay > 0 ? delay : 30_000;
}
