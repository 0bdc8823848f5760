import {
  deliverWebhookJobOptions,
  JobName,
  QueueName,
  webhookDeliveryId,
  type DeliverWebhookJob,
  type WebhookRetrySchedule,
} from '@moyo/contracts';
import {
  WebhookDeliveryRepository,
  type JobHeader,
  type NewWebhookDelivery,
  type Prisma,
  type Subscriber,
  type WebhookDelivery,
} from '@moyo/persistence';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { WorkerConfig } from '../config/worker-config';

/**
 * A finished job as `GET /v1/jobs/:id` shows it (apps/api `jobView`): the body of its webhook
 * deliveries. Timings: the worker's own (`engineMs`, `cache`) plus `queueMs` (created to
 * started), `runMs` (started to finished) and `totalMs` (created to finished).
 */
export function jobView(
  job: JobHeader,
  end: {
    status: 'completed' | 'failed';
    result: unknown;
    error: unknown;
    timings: Record<string, unknown> | null;
    finishedAt: Date;
  },
) {
  const since = (from: Date | null) =>
    from ? Math.max(0, end.finishedAt.getTime() - from.getTime()) : undefined;
  const options = job.options as { analyses?: unknown } | null;
  return {
    id: job.id,
    kind: job.kind,
    status: end.status,
    progress: end.status === 'completed' ? 100 : job.progress,
    batchId: job.batchId,
    analyses: Array.isArray(options?.analyses) ? options.analyses : [],
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    finishedAt: end.finishedAt.toISOString(),
    links: {
      self: `/v1/jobs/${job.id}`,
      events: `/v1/jobs/${job.id}/events`,
      ...(job.kind === 'position' ? { board: `/v1/jobs/${job.id}/board.svg` } : {}),
      ...(job.batchId ? { batch: `/v1/batches/${job.batchId}` } : {}),
    },
    attempts: job.attempts,
    webhookUrl: job.webhookUrl,
    input: job.input,
    options: job.options,
    result: end.result ?? null,
    error: end.error ?? null,
    timings: {
      ...(end.timings ?? {}),
      queueMs: job.startedAt ? Math.max(0, job.startedAt.getTime() - job.createdAt.getTime()) : undefined,
      runMs: since(job.startedAt),
      totalMs: since(job.createdAt),
    },
  };
}

/** The body of a delivery. */
export type JobView = ReturnType<typeof jobView>;

/**
 * Turns a finished job into webhook deliveries (one per subscribed webhook of its tenant, plus
 * one to the job's own `webhookUrl`) and puts them on the `webhooks` queue.
 */
@Injectable()
export class WebhookFanoutService {
  private readonly schedule: WebhookRetrySchedule;

  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    @InjectQueue(QueueName.Webhooks) private readonly queue: Queue,
    config: WorkerConfig,
  ) {
    this.schedule = {
      backoffBaseMs: config.webhookBackoffBaseMs,
      retryWindowMs: config.webhookRetryWindowMs,
    };
  }

  /** The deliveries of `event` for `job` with `body`; ids are deterministic (see webhookDeliveryId). */
  async deliveriesFor(job: JobHeader, event: string, body: JobView): Promise<NewWebhookDelivery[]> {
    const hooks = job.tenantId ? await this.deliveries.subscribers(job.tenantId, event) : [];
    return this.deliveriesTo(hooks, job, event, body);
  }

  /**
   * `deliveriesFor` with the tenant's webhooks subscribed to `event` already known (read with the
   * job: ResultRepository.start, peekMany): one per webhook, plus one to the job's `webhookUrl`.
   */
  deliveriesTo(
    hooks: readonly Subscriber[],
    job: JobHeader,
    event: string,
    body: JobView,
  ): NewWebhookDelivery[] {
    const payload = body as unknown as Prisma.InputJsonValue;
    const out: NewWebhookDelivery[] = [];
    if (job.tenantId) {
      for (const hook of hooks) {
        out.push({
          id: webhookDeliveryId(job.id, event, hook.id),
          webhookId: hook.id,
          tenantId: job.tenantId,
          url: hook.url,
          event,
          jobId: job.id,
          payload,
        });
      }
    }
    if (job.webhookUrl) {
      out.push({
        id: webhookDeliveryId(job.id, event, `url:${job.webhookUrl}`),
        webhookId: null,
        tenantId: job.tenantId,
        url: job.webhookUrl,
        event,
        jobId: job.id,
        payload,
      });
    }
    return out;
  }

  /**
   * Queues the given deliveries (or, without a list, the job's pending ones: after a crash
   * between the database commit and the queue). The delivery id is the queue job id, so a
   * delivery already queued is not queued twice.
   */
  async enqueue(
    jobId: string,
    deliveries?: Pick<WebhookDelivery, 'id' | 'webhookId' | 'event'>[],
  ): Promise<number> {
    const list = deliveries ?? (await this.deliveries.pendingForJob(jobId));
    if (list.length === 0) return 0;
    await this.queue.addBulk(list.map((d) => this.queueJob({ ...d, jobId }, d.id)));
    return list.length;
  }

  /**
   * Queues a pending delivery under the queue job id `queueJobId` (the reconciler's requeue of a
   * delivery whose queue job was lost; the caller has recorded the id on the delivery first).
   */
  async enqueueAs(
    delivery: Pick<WebhookDelivery, 'id' | 'webhookId' | 'event' | 'jobId'>,
    queueJobId: string,
  ): Promise<void> {
    const { name, data, opts } = this.queueJob(delivery, queueJobId);
    await this.queue.add(name, data, opts);
  }

  private queueJob(d: Pick<WebhookDelivery, 'id' | 'webhookId' | 'event' | 'jobId'>, queueJobId: string) {
    return {
      name: JobName.DeliverWebhook,
      data: {
        name: JobName.DeliverWebhook,
        deliveryId: d.id,
        webhookId: d.webhookId,
        event: d.event,
        jobId: d.jobId,
      } satisfies DeliverWebhookJob,
      opts: deliverWebhookJobOptions(queueJobId, this.schedule),
    };
  }
}
