import { randomUUID } from 'node:crypto';
import {
  ANALYSIS_JOB_OPTIONS,
  hashOf,
  jobIdentity,
  JobName,
  QueueName,
  type AnalyzeEyegraphJob,
  type AnalyzePositionJob,
} from '@moyo/contracts';
import { ENGINE } from '@moyo/engine';
import {
  BatchRepository,
  JobRepository,
  PositionQueueSet,
  type Batch,
  type Job,
  type NewJob,
  type Prisma,
} from '@moyo/persistence';
import { InjectQueue } from '@nestjs/bullmq';
import { HttpException, Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { PinoLogger } from 'nestjs-pino';
import { errorBody, FieldError } from '../errors/api-errors';
import type { JobSpec } from './job-spec';
import { QueueAdds } from './queue-adds';
import { QUEUE_TIMEOUT_MS, withTimeout } from './queue-timeout';
import { mapInSlices, slicesOf, weightOf, yieldToEventLoop } from './slices';

/** A job prepared for submission: its deterministic id, its row and its queue payload. */
interface PreparedJob {
  id: string;
  spec: JobSpec;
  row: NewJob;
  payload: AnalyzePositionJob | AnalyzeEyegraphJob;
}

/** The result of a submission: the job rows as stored, and whether an Idempotency-Key replayed. */
export interface SubmittedJob {
  job: Job;
  replayed: boolean;
}

export interface SubmittedBatch {
  batch: Batch;
  jobs: Job[];
  replayed: boolean;
}

/** `Idempotency-Key`: 1-200 visible ASCII characters. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

/** Reads the Idempotency-Key header: undefined when absent; FieldError (400) when malformed. */
export function parseIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header)) {
    throw new FieldError('Idempotency-Key', 'must be 1 to 200 visible ASCII characters (e.g. a UUID)', 400);
  }
  return header;
}

/**
 * Turns validated job specs into jobs rows and BullMQ jobs that never disagree: the row is written
 * first (status queued) and then the queue job is added with the row's id as BullMQ job id; if the
 * add fails the row is marked failed and the client gets 503. Ids are deterministic (contracts'
 * `deterministicJobId` over tenant, input, analyses, options, webhook URL and engine version), so
 * a repeated submission is the same job: returned as it stands, or queued again when it had
 * failed or been cancelled.
 */
@Injectable()
export class JobSubmissionService {
  private readonly adds = new QueueAdds();

  constructor(
    private readonly jobs: JobRepository,
    private readonly batches: BatchRepository,
    private readonly positions: PositionQueueSet<Queue>,
    @InjectQueue(QueueName.Eyegraphs) private readonly eyegraphs: Queue,
    private readonly logger: PinoLogger,
  ) {
    logger.setContext('JobSubmission');
  }

  /** Submits one job for the tenant; with an Idempotency-Key a repeat returns the first job. */
  async submitOne(tenantId: string, spec: JobSpec, idempotencyKey?: string): Promise<SubmittedJob> {
    const prepared = this.prepare(tenantId, spec, null);
    if (idempotencyKey) {
      const earlier = await this.jobs.findByIdempotencyKey(tenantId, idempotencyKey);
      if (earlier) {
        this.checkSameRequest(earlier.id, prepared.id, idempotencyKey);
        return { job: await this.ensureQueued(earlier, prepared), replayed: true };
      }
      const batch = await this.batches.findByIdempotencyKey(tenantId, idempotencyKey);
      if (batch) {
        throw new FieldError(
          'Idempotency-Key',
          `was already used for a different request (batch ${batch.id})`,
        );
      }
    }
    const { job, created } = await this.jobs.createIfAbsent({
      ...prepared.row,
      idempotencyKey: idempotencyKey ?? null,
    });
    // Skipped because the key was taken by a concurrent request for another job.
    this.checkSameRequest(job.id, prepared.id, idempotencyKey);
    if (created) {
      await this.enqueue([prepared]);
      return { job, replayed: false };
    }
    if (idempotencyKey) await this.jobs.attachIdempotencyKey(job.id, tenantId, idempotencyKey);
    return { job: await this.ensureQueued(job, prepared), replayed: false };
  }

  /**
   * Submits several jobs under one batch (the turns of `analyzeTurns`): ids, inserts and
   * `addBulk`s in slices of MOVES_PER_SLICE moves with a turn of the event loop between them, so
   * a batch of 250,000 moves does not hold up other requests. With an Idempotency-Key a repeat
   * returns the first batch (after making sure each of its jobs exists and is queued, so a request
   * cut short by a crash, even between two slices, completes on retry).
   */
  async submitBatch(tenantId: string, specs: JobSpec[], idempotencyKey?: string): Promise<SubmittedBatch> {
    const batchId = randomUUID();
    let prepared = await this.prepareAll(tenantId, specs, batchId);
    const jobIds = prepared.map((p) => p.id);
    const requestHash = hashOf(jobIds);
    let batch: Batch | null = idempotencyKey
      ? await this.batches.findByIdempotencyKey(tenantId, idempotencyKey)
      : null;
    let replayed = batch !== null;
    const single =
      !batch && idempotencyKey ? await this.jobs.findByIdempotencyKey(tenantId, idempotencyKey) : null;
    if (single) {
      throw new FieldError('Idempotency-Key', `was already used for a different request (job ${single.id})`);
    }
    if (!batch) {
      const r = await this.batches.createIfAbsent({
        id: batchId,
        tenantId,
        jobIds,
        idempotencyKey,
        requestHash,
      });
      batch = r.batch;
      replayed = !r.created;
    }
    if (batch.requestHash !== requestHash) {
      throw new FieldError('Idempotency-Key', `was already used for a different request (batch ${batch.id})`);
    }
    if (batch.id !== batchId) prepared = await this.prepareAll(tenantId, specs, batch.id);

    const unique = [...new Map(prepared.map((p) => [p.id, p])).values()];
    const created: Job[] = [];
    const existing: Job[] = [];
    for (const slice of slicesOf(unique, (p) => weightOf(p.spec))) {
      const stored = await this.jobs.createManyIfAbsent(slice.map((p) => p.row));
      created.push(...stored.created);
      existing.push(...stored.existing);
    }
    const byId = new Map(unique.map((p) => [p.id, p]));
    const createdIds = new Set(created.map((j) => j.id));
    await this.enqueue(unique.filter((p) => createdIds.has(p.id)));
    const rows = new Map<string, Job>(created.map((j) => [j.id, j]));
    for (const job of existing)
      rows.set(job.id, await this.ensureQueued(job, byId.get(job.id) as PreparedJob));
    const jobs = jobIds.map((id) => rows.get(id)).filter((j): j is Job => j !== undefined);
    return { batch, jobs, replayed };
  }

  /** `prepare` for every spec, yielding to the event loop between slices (hashing is the cost). */
  private prepareAll(tenantId: string, specs: JobSpec[], batchId: string): Promise<PreparedJob[]> {
    return mapInSlices(specs, weightOf, (spec) => this.prepare(tenantId, spec, batchId));
  }

  private prepare(tenantId: string, spec: JobSpec, batchId: string | null): PreparedJob {
    const options = {
      analyses: spec.analyses,
      analysisOptions: spec.analysisOptions,
      webhookUrl: spec.webhookUrl,
    };
    const { id, inputHash } = jobIdentity({
      kind: spec.kind,
      tenantId,
      input: spec.input,
      options,
      engineVersion: ENGINE.version,
    });
    const common = { jobId: id, tenantId, batchId, analyses: spec.analyses, options: spec.analysisOptions };
    const payload: AnalyzePositionJob | AnalyzeEyegraphJob =
      spec.kind === 'position'
        ? { name: JobName.AnalyzePosition, ...common, input: spec.input }
        : { name: JobName.AnalyzeEyegraph, ...common, input: spec.input };
    const row: NewJob = {
      id,
      tenantId,
      kind: spec.kind,
      input: spec.input as unknown as Prisma.InputJsonValue,
      options: { analyses: spec.analyses, analysisOptions: spec.analysisOptions } as Prisma.InputJsonValue,
      inputHash,
      batchId,
      webhookUrl: spec.webhookUrl,
      // A position's moves stored as one string (~1.5 kB less WAL per job, read back as pairs).
      compactMoves: spec.kind === 'position',
    };
    return { id, spec, row, payload };
  }

  private checkSameRequest(storedId: string, requestedId: string, idempotencyKey: string | undefined): void {
    if (idempotencyKey && storedId !== requestedId) {
      throw new FieldError('Idempotency-Key', `was already used for a different request (job ${storedId})`);
    }
  }

  /**
   * An existing job asked for again: a queued one is added to its queue once more (a no-op while
   * BullMQ holds it; restores it if a crash came between row and add); a failed or cancelled one
   * is reset to queued and added again; running and completed ones are left alone.
   */
  private async ensureQueued(job: Job, prepared: PreparedJob): Promise<Job> {
    if (job.status === 'queued') {
      // BullMQ may hold it as failed while the row still says queued (a worker died between the
      // two writes): retry it there; an add would be ignored for an id BullMQ already knows.
      const held = await withTimeout(
        this.queueOf(prepared.spec.kind, job.id, job.tenantId).getJob(job.id),
        QUEUE_TIMEOUT_MS,
        'reading a job',
      ).catch(() => undefined);
      if (held && (await held.isFailed().catch(() => false))) await held.retry().catch(() => undefined);
      else await this.enqueue([prepared], false);
      return job;
    }
    if (job.status === 'failed' || job.status === 'cancelled') {
      // A failed job may still sit in BullMQ's failed set under the same id: make room for the add
      // first, so the reconciler never sees the row queued again beside BullMQ's old failure
      // (it would fail the row once more). Should a concurrent request remove a job just added,
      // the reconciler queues the row again.
      await withTimeout(
        this.queueOf(prepared.spec.kind, job.id, job.tenantId).remove(job.id),
        QUEUE_TIMEOUT_MS,
        'removing a job',
      ).catch(() => undefined);
      if (await this.jobs.requeue(job.id)) {
        await this.enqueue([prepared]);
        return (await this.jobs.findForTenant(job.id, job.tenantId)) ?? job;
      }
    }
    return job;
  }

  /**
   * Adds the jobs to their queues (jobId = row id). When Redis refuses, the rows that are still
   * queued become failed (`failRows`) and the request answers 503, so no row waits for a queue
   * job that does not exist.
   */
  private async enqueue(prepared: PreparedJob[], failRows = true): Promise<void> {
    for (const [queue, mine] of this.byQueue(prepared)) {
      try {
        // A late add after the timeout is harmless: the row is failed by then, so the worker skips
        // the job (markRunning), and a resubmission requeues it. So are the jobs of slices added
        // before one that failed: their rows are failed below too.
        const slices = slicesOf(mine, (p) => weightOf(p.spec));
        for (let i = 0; i < slices.length; i++) {
          if (i > 0) await yieldToEventLoop();
          const slice = slices[i];
          // One job: with the other requests' adds of this turn (QueueAdds: one addBulk).
          const add: Promise<unknown> =
            slice.length === 1
              ? this.adds.add(queue, slice[0].payload.name, slice[0].payload, {
                  ...ANALYSIS_JOB_OPTIONS,
                  jobId: slice[0].id,
                })
              : queue.addBulk(
                  slice.map((p) => ({
                    name: p.payload.name,
                    data: p.payload,
                    opts: { ...ANALYSIS_JOB_OPTIONS, jobId: p.id },
                  })),
                );
          add.catch(() => undefined);
          await withTimeout(add, QUEUE_TIMEOUT_MS, `adding ${slice.length} job(s) to ${queue.name}`);
        }
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        this.logger.error({ err, jobs: mine.length, queue: queue.name }, 'enqueue failed');
        if (failRows) {
          await this.jobs.failUnqueued(
            mine.map((p) => p.id),
            { code: 'enqueue_failed', message: `the job could not be queued: ${message}`, retryable: true },
          );
        }
        throw new HttpException(
          errorBody(503, 'the job queue (Redis) is unavailable; nothing was queued, retry the request', {
            jobIds: mine.map((p) => p.id),
          }),
          503,
        );
      }
    }
  }

  /** A job's queue: a position job's shard (QUEUE_SHARDS: by game or tenant), or eyegraphs. */
  private queueOf(kind: 'position' | 'eyegraph', jobId: string, tenantId: string | null | undefined): Queue {
    return kind === 'position' ? this.positions.of(jobId, tenantId) : this.eyegraphs;
  }

  /** The jobs by the queue each goes to, in order within a queue. */
  private byQueue(prepared: PreparedJob[]): Map<Queue, PreparedJob[]> {
    const groups = new Map<Queue, PreparedJob[]>();
    for (const p of prepared) {
      const queue = this.queueOf(p.spec.kind, p.id, p.row.tenantId);
      const group = groups.get(queue);
      if (group) group.push(p);
      else groups.set(queue, [p]);
    }
    return groups;
  }
}
