import { QueueName } from '@moyo/contracts';
import { JobRepository, PositionQueueSet, WebhookRepository, type Job } from '@moyo/persistence';
import { InjectQueue } from '@nestjs/bullmq';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { errorBody } from '../errors/api-errors';
import { jobSummary, jobView } from './job-view';
import { QUEUE_TIMEOUT_MS, withTimeout } from './queue-timeout';
import { encodeCursor, type JobsQuery } from './jobs-query';

/** Reading, listing and cancelling a tenant's jobs. */
@Injectable()
export class JobsService {
  constructor(
    private readonly jobs: JobRepository,
    private readonly webhooks: WebhookRepository,
    private readonly positions: PositionQueueSet<Queue>,
    @InjectQueue(QueueName.Eyegraphs) private readonly eyegraphs: Queue,
  ) {}

  /** The job with its result and webhook deliveries; 404 when it is not the tenant's. */
  async get(id: string, tenantId: string) {
    const job = await this.find(id, tenantId);
    const deliveries = await this.webhooks.deliveriesOfJob(job.id, tenantId);
    return {
      ...jobView(job),
      deliveries: deliveries.map((d) => ({
        id: d.id,
        webhookId: d.webhookId,
        event: d.event,
        url: d.url,
        status: d.status,
        attempts: d.attempts,
        responseCode: d.responseCode,
        lastError: d.lastError,
        deliveredAt: d.deliveredAt?.toISOString() ?? null,
      })),
    };
  }

  /** One page of the tenant's jobs, newest first, and the cursor of the next page (null at the end). */
  async list(tenantId: string, query: JobsQuery) {
    const rows = await this.jobs.list(tenantId, query.filter, query.limit + 1, query.cursor);
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    return {
      items: page.map(jobSummary),
      nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
    };
  }

  /**
   * Cancels a queued job: removes it from its BullMQ queue, then marks the row cancelled (only if
   * still queued). A job a worker holds (active or locked) cannot be removed: 409, and so is a job
   * that is running, completed or failed. Cancelling a cancelled job answers it as it is.
   */
  async cancel(id: string, tenantId: string) {
    const job = await this.find(id, tenantId);
    if (job.status === 'cancelled') return jobView(job);
    if (job.status !== 'queued') throw this.notCancellable(job.status);
    const queue = job.kind === 'position' ? this.positions.of(job.id, job.tenantId) : this.eyegraphs;
    // A silent Redis makes this throw after QUEUE_TIMEOUT_MS: the filter answers 503.
    const queued = await withTimeout(queue.getJob(job.id), QUEUE_TIMEOUT_MS, 'reading the queued job');
    if (queued) {
      const state = await queued.getState();
      if (state === 'active') throw this.notCancellable('running');
      try {
        await queued.remove();
      } catch {
        // Locked: a worker took it between getState and remove.
        throw this.notCancellable('running');
      }
    }
    if (!(await this.jobs.cancelIfQueued(job.id, tenantId))) {
      const now = await this.find(id, tenantId);
      if (now.status !== 'cancelled') throw this.notCancellable(now.status);
    }
    return jobView(await this.find(id, tenantId));
  }

  private async find(id: string, tenantId: string) {
    const job = id.length <= 200 ? await this.jobs.findForTenant(id, tenantId) : null;
    if (!job) throw new NotFoundException(errorBody(404, `job ${id} not found`));
    return job;
  }

  private notCancellable(status: Job['status'] | string): ConflictException {
    return new ConflictException(
      errorBody(409, `job is ${status}; only a queued job can be cancelled`, { status }),
    );
  }
}
