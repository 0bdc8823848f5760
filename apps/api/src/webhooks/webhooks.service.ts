import {
  deliverWebhookJobOptions,
  encryptWebhookSecret,
  JobName,
  jobWebhookSecret,
  newWebhookSecret,
  QueueName,
  type DeliverWebhookJob,
} from '@moyo/contracts';
import { WebhookRepository, type DeliveryWithAttempts, type Webhook } from '@moyo/persistence';
import { InjectQueue } from '@nestjs/bullmq';
import { ConflictException, HttpException, Injectable, NotFoundException } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { ApiConfig } from '../config/api-config';
import { errorBody } from '../errors/api-errors';
import { decodeCursor, encodeCursor } from '../jobs/jobs-query';
import { QUEUE_TIMEOUT_MS, withTimeout } from '../jobs/queue-timeout';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function webhookView(w: Webhook) {
  return {
    id: w.id,
    url: w.url,
    events: w.events,
    active: w.active,
    createdAt: w.createdAt.toISOString(),
    links: { self: `/v1/webhooks/${w.id}`, deliveries: `/v1/webhooks/${w.id}/deliveries` },
  };
}

function deliveryView(d: DeliveryWithAttempts) {
  return {
    id: d.id,
    webhookId: d.webhookId,
    event: d.event,
    jobId: d.jobId,
    url: d.url,
    status: d.status,
    attempts: d.attempts,
    responseCode: d.responseCode,
    lastError: d.lastError,
    nextAttemptAt: d.nextAttemptAt?.toISOString() ?? null,
    createdAt: d.createdAt.toISOString(),
    deliveredAt: d.deliveredAt?.toISOString() ?? null,
    attemptLog: d.attemptsLog.map((a) => ({
      attempt: a.attempt,
      responseCode: a.responseCode,
      latencyMs: a.latencyMs,
      error: a.error,
      at: a.createdAt.toISOString(),
    })),
  };
}

/**
 * Registered webhooks: create (the signing secret is shown once, stored AES-GCM encrypted), list,
 * delete, their deliveries, and redelivery (a DeliverWebhookJob on the webhooks queue).
 */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly config: ApiConfig,
    @InjectQueue(QueueName.Webhooks) private readonly queue: Queue,
  ) {}

  async create(tenantId: string, request: { url: string; events: string[] }) {
    const secret = newWebhookSecret();
    const webhook = await this.webhooks.create({
      tenantId,
      url: request.url,
      events: request.events,
      secretEncrypted: encryptWebhookSecret(secret, this.config.webhookSecretKey),
    });
    return { ...webhookView(webhook), secret };
  }

  async list(tenantId: string) {
    return { items: (await this.webhooks.listForTenant(tenantId)).map(webhookView) };
  }

  async get(id: string, tenantId: string) {
    return webhookView(await this.find(id, tenantId));
  }

  async remove(id: string, tenantId: string): Promise<void> {
    if (!UUID.test(id) || !(await this.webhooks.deleteForTenant(id, tenantId)))
      throw this.notFound('webhook', id);
  }

  /** The secret that signs deliveries to jobs' own `webhookUrl`s (derived: the same every time). */
  jobWebhookSecret(tenantId: string) {
    return {
      secret: jobWebhookSecret(tenantId, this.config.webhookSecretKey),
      usedFor: 'Moyo-Signature of deliveries to the webhookUrl given with a job',
    };
  }

  async deliveries(id: string, tenantId: string, limit: number, cursorText: string | undefined) {
    const webhook = await this.find(id, tenantId);
    const cursor = cursorText === undefined ? undefined : decodeCursor(cursorText);
    const rows = await this.webhooks.listDeliveries(webhook.id, limit + 1, cursor);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      items: page.map(deliveryView),
      nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
    };
  }

  /**
   * Sends a delivery again: marks it pending and puts a new DeliverWebhookJob on the webhooks queue
   * (its own BullMQ id, so the earlier queue job does not block it). A delivery still pending is in
   * flight: 409. If the queue refuses, the delivery goes back to failed and the answer is 503.
   */
  async redeliver(id: string, deliveryId: string, tenantId: string) {
    const webhook = await this.find(id, tenantId);
    const delivery = UUID.test(deliveryId) ? await this.webhooks.findDelivery(webhook.id, deliveryId) : null;
    if (!delivery) throw this.notFound('delivery', deliveryId);
    return this.resend(delivery);
  }

  /**
   * Sends a delivery of the tenant's job again, as `redeliver` does: also the deliveries to the
   * job's own `webhookUrl`, which belong to no registered webhook.
   */
  async redeliverForJob(jobId: string, deliveryId: string, tenantId: string) {
    const delivery = UUID.test(deliveryId)
      ? await this.webhooks.findJobDelivery(jobId, deliveryId, tenantId)
      : null;
    if (!delivery) throw this.notFound('delivery', deliveryId);
    return this.resend(delivery);
  }

  private async resend(delivery: DeliveryWithAttempts) {
    const queueJobId = `${delivery.id}-r${Date.now()}`;
    if (!(await this.webhooks.markForRedelivery(delivery.id, queueJobId))) {
      throw new ConflictException(
        errorBody(
          409,
          'the delivery is pending (an attempt is scheduled); redeliver it once it has succeeded or failed',
        ),
      );
    }
    const payload: DeliverWebhookJob = {
      name: JobName.DeliverWebhook,
      deliveryId: delivery.id,
      webhookId: delivery.webhookId,
      event: delivery.event,
      jobId: delivery.jobId,
    };
    try {
      await withTimeout(
        this.queue.add(
          JobName.DeliverWebhook,
          payload,
          deliverWebhookJobOptions(queueJobId, this.config.webhookRetry),
        ),
        QUEUE_TIMEOUT_MS,
        'queueing a redelivery',
      );
    } catch {
      await this.webhooks.markRedeliveryNotQueued(delivery.id, delivery.status);
      throw new HttpException(
        errorBody(503, 'the webhooks queue (Redis) is unavailable; retry the request'),
        503,
      );
    }
    const now = await this.webhooks.findDelivery(delivery.webhookId, delivery.id);
    return deliveryView(now ?? delivery);
  }

  private async find(id: string, tenantId: string): Promise<Webhook> {
    const webhook = UUID.test(id) ? await this.webhooks.findForTenant(id, tenantId) : null;
    if (!webhook) throw this.notFound('webhook', id);
    return webhook;
  }

  private notFound(what: string, id: string): NotFoundException {
    return new NotFoundException(errorBody(404, `${what} ${id} not found`));
  }
}
