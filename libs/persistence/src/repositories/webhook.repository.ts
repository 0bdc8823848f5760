import { Injectable } from '@nestjs/common';
import type { Webhook, WebhookDelivery, WebhookDeliveryAttempt } from '../generated/prisma/client';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';

export type DeliveryWithAttempts = WebhookDelivery & { attemptsLog: WebhookDeliveryAttempt[] };

/** A webhook_deliveries row as `pg` returns it (deliveriesOfJob). */
interface DeliveryRow {
  id: string;
  webhook_id: string | null;
  tenant_id: string | null;
  url: string;
  event: string;
  job_id: string | null;
  payload: Prisma.JsonValue;
  status: WebhookDelivery['status'];
  attempts: number;
  response_code: number | null;
  last_error: string | null;
  next_attempt_at: Date | null;
  created_at: Date;
  delivered_at: Date | null;
  queue_job_id: string | null;
}

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
  async deliveriesOfJob(jobId: string, tenantId: string): Promise<WebhookDelivery[]> {
    // A prepared statement on the pool, not Prisma: GET /v1/jobs/:id reads this for every poll, and
    // a query through Prisma's compiler cost about 1 ms of the api's CPU (bench:api).
    return (
      await this.prisma.query<DeliveryRow>(
        Prisma.sql`SELECT id::text AS id, webhook_id::text AS webhook_id, tenant_id::text AS tenant_id, url, event,
                          job_id, payload, status::text AS status, attempts, response_code, last_error,
                          next_attempt_at, created_at, delivered_at, queue_job_id
                     FROM webhook_deliveries WHERE job_id = ${jobId} AND tenant_id = ${tenantId}::uuid
                    ORDER BY created_at, id`,
        'webhooks.deliveriesOfJob',
      )
    ).map((r) => ({
      id: r.id,
      webhookId: r.webhook_id,
      tenantId: r.tenant_id,
      url: r.url,
      event: r.event,
      jobId: r.job_id,
      payload: r.payload,
      status: r.status,
      attempts: r.attempts,
      responseCode: r.response_code,
      lastError: r.last_error,
      nextAttemptAt: r.next_attempt_at,
      createdAt: r.created_at,
      deliveredAt: r.delivered_at,
      queueJobId: r.queue_job_id,
    }));
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
