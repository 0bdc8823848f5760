import { Injectable } from '@nestjs/common';
import type {
  Webhook,
  WebhookDelivery,
  WebhookDeliveryAttempt,
  WebhookDeliveryStatus,
} from '../generated/prisma/client';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { expandResult } from './board-result';

/** A delivery to create: one event of one job to one target. */
export interface NewWebhookDelivery {
  /** Deterministic (see @moyo/contracts webhookDeliveryId), so a repeated fan-out makes one row. */
  id: string;
  webhookId: string | null;
  tenantId: string | null;
  url: string;
  event: string;
  jobId: string;
  payload: Prisma.InputJsonValue;
}

/** What one HTTP attempt of a delivery gave. */
export interface DeliveryAttemptOutcome {
  /** 1 for the first attempt. */
  attempt: number;
  responseCode: number | null;
  latencyMs: number | null;
  error: string | null;
  /** delivered (2xx), pending (will be retried at `nextAttemptAt`) or failed (no more attempts). */
  status: WebhookDeliveryStatus;
  nextAttemptAt: Date | null;
}

export type DeliveryWithWebhook = WebhookDelivery & { webhook: Webhook | null };

/** Webhook deliveries and their attempts, for the worker that sends them. */
@Injectable()
export class WebhookDeliveryRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The tenant's active webhooks that want `event` (a webhook listing no events wants all). */
  subscribers(tenantId: string, event: string): Promise<Pick<Webhook, 'id' | 'url'>[]> {
    // Straight on the pool (PrismaService.query): this runs for every finished job of a tenant.
    return this.prisma.query<Pick<Webhook, 'id' | 'url'>>(
      Prisma.sql`
      SELECT id::text AS id, url FROM webhooks
       WHERE tenant_id = ${tenantId}::uuid AND active AND (cardinality(events) = 0 OR ${event} = ANY(events))
       ORDER BY created_at`,
      'moyo_webhook_subscribers',
    );
  }

  /**
   * The delivery with its webhook (for the URL and the encrypted secret), or null. A job.completed
   * payload is stored without `result` (ResultRepository.complete: the result is stored once, in
   * job_results); it comes back here with the job's result (null if the job is gone).
   */
  async find(id: string): Promise<DeliveryWithWebhook | null> {
    const d = await this.prisma.client.webhookDelivery.findUnique({
      where: { id },
      include: { webhook: true },
    });
    const p = d?.payload;
    if (!d?.jobId || p === null || typeof p !== 'object' || Array.isArray(p) || 'result' in p) return d;
    const [row] = await this.prisma.query<{ result: Prisma.JsonValue }>(
      Prisma.sql`SELECT result FROM job_results WHERE job_id = ${d.jobId}`,
    );
    return { ...d, payload: { ...p, result: row ? expandResult(row.result) : null } };
  }

  /** Deliveries of a job still waiting to be sent (to enqueue them again after a crash). */
  pendingForJob(jobId: string): Promise<WebhookDelivery[]> {
    return this.prisma.client.webhookDelivery.findMany({
      where: { jobId, status: 'pending' },
      orderBy: { createdAt: 'asc' },
    });
  }

  /** Every delivery of a job, oldest first. */
  listForJob(jobId: string): Promise<WebhookDelivery[]> {
    return this.prisma.client.webhookDelivery.findMany({ where: { jobId }, orderBy: { createdAt: 'asc' } });
  }

  /** The attempts of a delivery in order. */
  attempts(deliveryId: string): Promise<WebhookDeliveryAttempt[]> {
    return this.prisma.client.webhookDeliveryAttempt.findMany({
      where: { deliveryId },
      orderBy: { attempt: 'asc' },
    });
  }

  /**
   * Records one attempt and the delivery's new state in one transaction (one statement, straight
   * on the pool: it runs for every delivery). A repeated record of the same attempt number (a
   * retried queue job) keeps the first attempt row.
   */
  async recordAttempt(deliveryId: string, outcome: DeliveryAttemptOutcome): Promise<void> {
    const deliveredAt = outcome.status === 'delivered' ? new Date().toISOString() : null;
    const next = outcome.nextAttemptAt ? outcome.nextAttemptAt.toISOString() : null;
    await this.prisma.query(
      Prisma.sql`
      WITH attempt AS (
        INSERT INTO webhook_delivery_attempts (id, delivery_id, attempt, response_code, latency_ms, error)
        VALUES (gen_random_uuid(), ${deliveryId}::uuid, ${outcome.attempt}::int, ${outcome.responseCode}::int,
                ${outcome.latencyMs}::int, ${outcome.error}::text)
        ON CONFLICT (delivery_id, attempt) DO NOTHING
      )
      UPDATE webhook_deliveries
         SET status = ${outcome.status}::"WebhookDeliveryStatus", attempts = ${outcome.attempt}::int,
             response_code = ${outcome.responseCode}::int, last_error = ${outcome.error}::text,
             next_attempt_at = ${next}::timestamptz, delivered_at = ${deliveredAt}::timestamptz
       WHERE id = ${deliveryId}::uuid`,
      'moyo_webhook_record_attempt',
    );
  }

  /**
   * Pending deliveries created before `createdBefore`, oldest first, `limit` of them after
   * `afterId` in (created_at, id) order: the reconciler checks that each still has a queue job.
   */
  pendingBefore(createdBefore: Date, limit: number, after?: { createdAt: Date; id: string }) {
    return this.prisma.client.webhookDelivery.findMany({
      where: {
        status: 'pending',
        createdAt: { lt: createdBefore },
        ...(after
          ? {
              OR: [
                { createdAt: { gt: after.createdAt } },
                { createdAt: after.createdAt, id: { gt: after.id } },
              ],
            }
          : {}),
      },
      select: { id: true, webhookId: true, event: true, jobId: true, createdAt: true, queueJobId: true },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: limit,
    });
  }

  /**
   * Records that the pending delivery is now carried by the queue job `queueJobId`, if its queue
   * job is still `expected` (null: the delivery's own id). False when another process changed it
   * first (a redelivery, another reconciler): then it must not be queued again.
   */
  async moveToQueueJob(deliveryId: string, expected: string | null, queueJobId: string): Promise<boolean> {
    const r = await this.prisma.client.webhookDelivery.updateMany({
      where: { id: deliveryId, status: 'pending', queueJobId: expected },
      data: { queueJobId },
    });
    return r.count === 1;
  }

  /** Marks a delivery failed without an attempt (e.g. its webhook was deleted). */
  async markFailed(deliveryId: string, error: string): Promise<void> {
    await this.prisma.client.webhookDelivery.update({
      where: { id: deliveryId },
      data: { status: 'failed', lastError: error, nextAttemptAt: null },
    });
  }
}
