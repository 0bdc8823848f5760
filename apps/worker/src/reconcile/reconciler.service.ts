import { randomUUID } from 'node:crypto';
import { ANALYSIS_JOB_OPTIONS, analysisJobPayload, QueueName, WebhookEvent } from '@moyo/contracts';
import {
  PositionQueueSet,
  RedisService,
  ResultRepository,
  WebhookDeliveryRepository,
  type JobHeader,
  type UnfinishedCursor,
} from '@moyo/persistence';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { PinoLogger } from 'nestjs-pino';
import { WorkerConfig } from '../config/worker-config';
import { PeriodicSweep } from './periodic-sweep';
import { jobView, WebhookFanoutService } from '../webhooks/webhook-fanout.service';

/** Rows one sweep looks at per table; the next sweep goes on after the last one (then wraps). */
const PAGE = 1000;
/** Queue states read at once (one Redis script call each, pipelined on the connection). */
const CHUNK = 100;
/** BullMQ states of a job that is still on its way to a worker or running. */
const ALIVE = new Set(['waiting', 'active', 'delayed', 'prioritized', 'waiting-children']);

/** What one sweep did. */
export interface ReconcileCounts {
  /** Unfinished jobs and pending deliveries looked at. */
  checkedJobs: number;
  checkedDeliveries: number;
  /** Jobs queued again because Redis had no live queue job for them. */
  requeuedJobs: number;
  /** Jobs marked failed because BullMQ had given up on them (failed, stalled too often). */
  failedJobs: number;
  /** Deliveries queued again, and deliveries marked failed because BullMQ gave up on them. */
  requeuedDeliveries: number;
  failedDeliveries: number;
}

/**
 * Keeps the jobs table (the source of truth of what was accepted) and the queues in agreement, so
 * no accepted job or delivery waits for ever. Every RECONCILE_INTERVAL_MS one worker replica (the
 * one that takes the Redis key `<prefix>:reconcile:lock`, SET NX PX) sweeps; each step is
 * idempotent and conditional, so two sweeps at once do no harm either:
 * - a queued or running job with no live BullMQ job (Redis restarted without its data, a crash
 *   between the row and the add) is added again, its payload made from the row; a duplicate run
 *   is a no-op for the worker (it skips a finished job);
 * - a job BullMQ failed for good (attempts used up, stalled more than allowed) while the row was
 *   never updated (PostgreSQL away at that moment, or the worker died) is marked failed with
 *   BullMQ's reason, and its job.failed webhooks are created and queued;
 * - a pending webhook delivery whose queue job is gone is queued again under a new queue job id
 *   (recorded on the delivery first, so only one sweep adds it), and so is one BullMQ failed without
 *   the processor's word (stalled) while WEBHOOK_RETRY_WINDOW_MS lasts; after that it is marked failed.
 * Jobs and deliveries younger than RECONCILE_GRACE_MS are left alone (their enqueue may be under way).
 */
@Injectable()
export class ReconcilerService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly periodic: PeriodicSweep;
  private jobCursor: UnfinishedCursor | undefined;
  private deliveryCursor: { createdAt: Date; id: string } | undefined;

  constructor(
    private readonly results: ResultRepository,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly fanout: WebhookFanoutService,
    private readonly redis: RedisService,
    private readonly positions: PositionQueueSet<Queue>,
    @InjectQueue(QueueName.Eyegraphs) private readonly eyegraphs: Queue,
    @InjectQueue(QueueName.Webhooks) private readonly webhooks: Queue,
    private readonly config: WorkerConfig,
    private readonly logger: PinoLogger,
  ) {
    logger.setContext(ReconcilerService.name);
    this.periodic = new PeriodicSweep(
      config.reconcileIntervalMs,
      () => this.sweepIfLeader(),
      (err: unknown) => this.logger.warn({ err }, 'reconcile sweep failed; next one will retry'),
    );
  }

  onApplicationBootstrap(): void {
    this.periodic.start();
  }

  /** Stops the timer and waits for a sweep in progress. */
  async onModuleDestroy(): Promise<void> {
    await this.periodic.stop();
  }

  /** Sweeps when this replica gets the lock for this interval; null when another has it. */
  async sweepIfLeader(): Promise<ReconcileCounts | null> {
    const lock = await this.redis.client.set(
      this.redis.key('reconcile', 'lock'),
      randomUUID(),
      'PX',
      Math.max(100, Math.floor(this.config.reconcileIntervalMs * 0.7)),
      'NX',
    );
    if (lock !== 'OK') return null;
    const counts = await this.sweep();
    const changed =
      counts.requeuedJobs + counts.failedJobs + counts.requeuedDeliveries + counts.failedDeliveries;
    if (changed > 0) this.logger.warn({ ...counts }, 'reconciled jobs and deliveries with the queues');
    return counts;
  }

  /** One sweep of jobs, then deliveries (no lock: tests and the leader call it). */
  async sweep(): Promise<ReconcileCounts> {
    const counts: ReconcileCounts = {
      checkedJobs: 0,
      checkedDeliveries: 0,
      requeuedJobs: 0,
      failedJobs: 0,
      requeuedDeliveries: 0,
      failedDeliveries: 0,
    };
    const before = new Date(Date.now() - this.config.reconcileGraceMs);
    await this.sweepJobs(before, counts);
    await this.sweepDeliveries(before, counts);
    return counts;
  }

  private async sweepJobs(before: Date, counts: ReconcileCounts): Promise<void> {
    const page = await this.results.unfinished(before, PAGE, this.jobCursor);
    const last = page[page.length - 1];
    this.jobCursor = page.length === PAGE && last ? { createdAt: last.createdAt, id: last.id } : undefined;
    counts.checkedJobs += page.length;
    for (let i = 0; i < page.length; i += CHUNK) {
      const chunk = page.slice(i, i + CHUNK);
      const states = await Promise.all(chunk.map((job) => this.queueOf(job).getJobState(job.id)));
      for (const [k, job] of chunk.entries()) {
        const state = states[k];
        if (ALIVE.has(state)) continue;
        if (state === 'failed') {
          if (await this.failJob(job)) counts.failedJobs++;
        } else {
          // 'unknown' (lost) or 'completed' while the row is not: make it runnable again.
          await this.requeueJob(job, state === 'completed');
          counts.requeuedJobs++;
        }
      }
    }
  }

  private async requeueJob(job: JobHeader, removeFirst: boolean): Promise<void> {
    const queue = this.queueOf(job);
    if (removeFirst) await queue.remove(job.id);
    const payload = analysisJobPayload(job);
    await queue.add(payload.name, payload, { ...ANALYSIS_JOB_OPTIONS, jobId: job.id });
    this.logger.info({ jobId: job.id, status: job.status }, 'job had no live queue job: queued again');
  }

  /** Marks the job failed with BullMQ's reason and sends job.failed; false if it had ended meanwhile. */
  private async failJob(job: JobHeader): Promise<boolean> {
    const held = await this.queueOf(job).getJob(job.id);
    const reason = held?.failedReason || 'no reason recorded';
    const error = {
      message: `the job queue gave up on the job: ${reason}`,
      kind: 'internal',
      code: 'queue_gave_up',
      attempt: held?.attemptsMade ?? job.attempts,
    };
    const finishedAt = new Date();
    const body = jobView(job, { status: 'failed', result: null, error, timings: null, finishedAt });
    const deliveries = await this.fanout.deliveriesFor(job, WebhookEvent.JobFailed, body);
    const { failedNow } = await this.results.fail({
      jobId: job.id,
      error,
      final: true,
      deliveries,
      finishedAt,
    });
    if (!failedNow) return false;
    await this.fanout.enqueue(job.id, deliveries);
    this.logger.info({ jobId: job.id, reason }, 'job given up by the queue: marked failed');
    return true;
  }

  private async sweepDeliveries(before: Date, counts: ReconcileCounts): Promise<void> {
    const page = await this.deliveries.pendingBefore(before, PAGE, this.deliveryCursor);
    const last = page[page.length - 1];
    this.deliveryCursor =
      page.length === PAGE && last ? { createdAt: last.createdAt, id: last.id } : undefined;
    counts.checkedDeliveries += page.length;
    for (let i = 0; i < page.length; i += CHUNK) {
      const chunk = page.slice(i, i + CHUNK);
      const states = await Promise.all(chunk.map((d) => this.webhooks.getJobState(d.queueJobId ?? d.id)));
      for (const [k, delivery] of chunk.entries()) {
        const state = states[k];
        if (ALIVE.has(state)) continue;
        const queueJobId = delivery.queueJobId ?? delivery.id;
        // The processor settles a delivery in the database before its last failure, so a pending
        // delivery whose queue job failed was given up by the queue itself (a job held by workers
        // killed twice "stalled more than allowable limit"): queued again while its retry window
        // lasts, failed with the queue's reason after that.
        if (
          state === 'failed' &&
          Date.now() - delivery.createdAt.getTime() >= this.config.webhookRetryWindowMs
        ) {
          const held = await this.webhooks.getJob(queueJobId);
          await this.deliveries.markFailed(
            delivery.id,
            `the job queue gave up on the delivery: ${held?.failedReason || 'no reason recorded'}`,
          );
          counts.failedDeliveries++;
          continue;
        }
        const next = `${delivery.id}-q${Date.now()}`;
        if (!(await this.deliveries.moveToQueueJob(delivery.id, delivery.queueJobId, next))) continue;
        await this.fanout.enqueueAs(delivery, next);
        counts.requeuedDeliveries++;
      }
    }
  }

  /** The job's queue: eyegraphs, or its positions shard (QUEUE_SHARDS: by game or tenant). */
  private queueOf(job: Pick<JobHeader, 'id' | 'kind' | 'tenantId'>): Queue {
    return job.kind === 'eyegraph' ? this.eyegraphs : this.positions.of(job.id, job.tenantId);
  }
}
