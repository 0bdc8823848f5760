import { Injectable } from '@nestjs/common';
import type { Webhook, WebhookDelivery, WebhookDeliveryAttempt } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';

export type DeliveryWithAttempts = WebhookDelivery & { attemptsLog: WebhookDeliveryAttempt[] };

/** Where a deliveries page starts: after this delivery (newest first). */
export interface DeliveryCursor {
  createdAt: Date;
  id: string;
}

/** Registered webhooks and their deliveries, as the api manages them. Every call takes the tenant. */
@Injectable()
export class WebhookRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Registers a webhook; the secret arrives already encrypted. */
  create(data: {
    tenantId: string;
    url: string;
    secretEncrypted: string;
    events: string[];
  }): Promise<Webhook> {
    return this.prisma.client.webhook.create({ data });
  }

  /** The tenant's webhooks, newest first. */
  listForTenant(tenantId: string): Promise<Webhook[]> {
    return this.prisma.client.webhook.findMany({
      where: { tenantId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    });
  }

  findForTenant(id: string, tenantId: string): Promise<Webhook | null> {
    return this.prisma.client.webhook.findFirst({ where: { id, tenantId } });
  }

  /**
   * Deletes the tenant's webhook with its deliveries and their attempts (cascade). Deliveries still
   * on the queue find no row and are dropped by the worker. Returns whether it existed.
   */
  async deleteForTenant(id: string, tenantId: string): Promise<boolean> {
    const r = await this.prisma.client.webhook.deleteMany({ where: { id, tenantId } });
    return r.count === 1;
  }

  /** The webhook's deliveries, newest first, `limit` after `cursor`, each with its attempts. */
  listDeliveries(webhookId: string, limit: number, cursor?: DeliveryCursor): Promise<DeliveryWithAttempts[]> {
    return this.prisma.client.webhookDelivery.findMany({
      where: {
        webhookId,
        ...(cursor
          ? {
              OR: [
                { createdAt: { lt: cursor.createdAt } },
                { createdAt: cursor.createdAt, id: { lt: cursor.id } },
              ],
            }
          : {}),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit,
      include: { attemptsLog: { orderBy: { attempt: 'asc' } } },
    });
  }

  /** One delivery of the webhook (null: to a job's own URL), with its attempts, or null. */
  findDelivery(webhookId: string | null, deliveryId: string): Promise<DeliveryWithAttempts | null> {
    return this.prisma.client.webhookDelivery.findFirst({
      where: { id: deliveryId, webhookId },
      include: { attemptsLog: { orderBy: { attempt: 'asc' } } },
    });
  }

  /** One delivery of the tenant's job (to a registered webhook or to the job's own URL), or null. */
  findJobDelivery(jobId: string, deliveryId: string, tenantId: string): Promise<DeliveryWithAttempts | null> {
    return this.prisma.client.webhookDelivery.findFirst({
      where: { id: deliveryId, jobId, tenantId },
      include: { attemptsLog: { orderBy: { attempt: 'asc' } } },
    });
  }

  /** The deliveries of one job (to registered webhooks and to its own URL), oldest first. */
  deliveriesOfJob(jobId: string, tenantId: string): Promise<WebhookDelivery[]> {
    return this.prisma.client.webhookDelivery.findMany({
      where: { jobId, tenantId },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
  }

  /**
   * Marks a delivery pending again for a redelivery (attempts already recorded stay), carried by
   * the BullMQ job `queueJobId`. Returns false when it is pending already (a delivery is in
   * flight: nothing to do).
   */
  async markForRedelivery(deliveryId: string, queueJobId: string): Promise<boolean> {
    const r = await this.prisma.client.webhookDelivery.updateMany({
      where: { id: deliveryId, status: { not: 'pending' } },
      data: { status: 'pending', nextAttemptAt: new Date(), lastError: null, queueJobId },
    });
    return r.count === 1;
  }

  /** Undoes `markForRedelivery` when the redelivery could not be queued: back to `status`. */
  async markRedeliveryNotQueued(deliveryId: string, status: WebhookDelivery['status']): Promise<void> {
    await this.prisma.client.webhookDelivery.updateMany({
      where: { id: deliveryId, status: 'pending' },
      data: { status, nextAttemptAt: null, lastError: 'redelivery could not be queued' },
    });
  }
}
