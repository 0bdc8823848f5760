import { Injectable } from '@nestjs/common';
import type { Job, JobKind, JobResult, JobStatus } from '../generated/prisma/client';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { InsertCoalescer } from './insert-coalescer';
import { compactResult, expandResult } from './board-result';
import { compactInput, withInputExpanded } from './job-input';
import { INSERT_LOCK_NAMESPACE, lockBuckets, lockStatement } from './job-insert-locks';
import { JOB_COLUMNS_BUT_INPUT, jobOfRow, type JobRow, type ResultColumns } from './job-rows';

export { jobsForTenant } from './job-rows';

export interface NewJob {
  id: string;
  tenantId: string | null;
  kind: JobKind;
  input: Prisma.InputJsonValue;
  options?: Prisma.InputJsonValue;
  inputHash: string;
  batchId?: string | null;
  webhookUrl?: string | null;
  idempotencyKey?: string | null;
  /**
   * Store the input's moves as one string (job-input.ts: ~1.5 kB less WAL per job for a 50-move
   * position); every read through this library gives them back as pairs. Not stored itself.
   */
  compactMoves?: boolean;
}

export type JobWithResult = Job & { result: JobResult | null };

/** Filters of a job listing; every one optional. */
export interface JobListFilter {
  status?: JobStatus[];
  kind?: JobKind;
  batchId?: string;
  createdAfter?: Date;
  createdBefore?: Date;
}

/** Where a listing page starts: after the job with this creation time and id (newest first). */
export interface JobListCursor {
  createdAt: Date;
  id: string;
}

/** Jobs and their results. Every read takes the tenant so one tenant never sees another's job. */
@Injectable()
export class JobRepository {
  /** createIfAbsent's inserts, coalesced across the callers of one event-loop turn. */
  private readonly single = new InsertCoalescer<NewJob, Job>((jobs) => this.insertIfAbsent(jobs));

  constructor(private readonly prisma: PrismaService) {}

  /**
   * Inserts the job unless one with its (deterministic) id, or with the same tenant and
   * idempotency key, exists; returns the stored row and whether this call created it.
   */
  async createIfAbsent(job: NewJob): Promise<{ job: Job; created: boolean }> {
    // With the other requests' inserts of this turn of the event loop: one round trip for them all.
    const inserted = await this.single.add(job);
    if (inserted) return { job: inserted, created: true };
    const existing =
      (job.idempotencyKey && job.tenantId
        ? await this.findByIdempotencyKey(job.tenantId, job.idempotencyKey)
        : null) ?? (await this.findById(job.id));
    if (!existing) throw new Error(`job ${job.id}: insert skipped but no conflicting row found`);
    return { job: existing, created: false };
  }

  /**
   * Inserts the jobs that do not exist yet (by id) and returns them as `created`; the jobs that
   * already existed come back as `existing`. One statement for the inserts (a batch of turns).
   */
  async createManyIfAbsent(jobs: NewJob[]): Promise<{ created: Job[]; existing: Job[] }> {
    if (jobs.length === 0) return { created: [], existing: [] };
    const created = await this.insertIfAbsent(jobs);
    const createdIds = new Set(created.map((j) => j.id));
    const missing = jobs.map((j) => j.id).filter((id) => !createdIds.has(id));
    // Turns shared with earlier requests (a common opening): read on the pool, not through Prisma.
    const existing = missing.length
      ? (
          await this.prisma.query<JobRow>(
            Prisma.sql`SELECT ${JOB_COLUMNS_BUT_INPUT}, input, options FROM jobs WHERE id = ANY(${missing}::text[])`,
            'jobs.findByIds',
          )
        ).map(jobOfRow)
      : [];
    return { created, existing };
  }

  /**
   * Inserts the jobs whose id, and whose tenant's Idempotency-Key, no row has yet (the first of
   * duplicates within the list); returns the inserted rows, in no particular order. One round
   * trip, one transaction: `moyo_insert_jobs` (migration 20261129040000) takes the advisory locks
   * of the ids' and keys' buckets (INSERT_LOCK_NAMESPACE), then inserts from one JSON parameter,
   * a prepared statement on the pool without Prisma: its query compiler spent seconds of the
   * event loop on a batch of 500 turns (measured: 3.4 s of a 6 s analyzeTurns request of 2000
   * moves), and the function's plans are made once per connection (the locks and the INSERT sent
   * as one simple query were planned again for every insert, the more so the more partitions:
   * PostgreSQL CPU of a single-job insert with 31 partitions 1.31-1.60 -> 0.23-0.29 ms, with one
   * 0.46-0.60 -> 0.10-0.13 ms). A
   * transaction of BEGIN, lock, insert and COMMIT as four round trips cost 2.5-3x the bare insert
   * per job (A/B, 2026-11-25).
   */
  private async insertIfAbsent(jobs: NewJob[]): Promise<Job[]> {
    const rows = JSON.stringify(
      jobs.map(({ compactMoves, ...job }) => ({
        ...job,
        input: compactMoves ? compactInput(job.input) : job.input,
        options: job.options ?? {},
      })),
    );
    const lockKeys = jobs.flatMap((job) =>
      job.tenantId && job.idempotencyKey ? [job.id, `${job.tenantId}:${job.idempotencyKey}`] : [job.id],
    );
    // input and options are not read back: the caller has them, and parsing them again (a batch
    // holds up to 250,000 moves) would cost the event loop what the insert saved.
    const given = new Map(jobs.map((job) => [job.id, job]));
    // DISTINCT ON: one of the list's duplicates (the same deterministic id, the same job). The NOT
    // EXISTS see every row committed before the locks were taken (the function's INSERT is a
    // statement of its own, with a snapshot taken after the locks).
    const inserted = await this.prisma.query<Omit<JobRow, 'input' | 'options'>>(
      Prisma.sql`SELECT ${JOB_COLUMNS_BUT_INPUT}
                   FROM moyo_insert_jobs(${rows}::jsonb, ${INSERT_LOCK_NAMESPACE}::int, ${lockBuckets(lockKeys)}::int[])`,
      'moyo_insert_jobs',
    );
    return inserted.map((row) => {
      const job = given.get(row.id) as NewJob;
      return jobOfRow({
        ...row,
        input: job.input as Prisma.JsonValue,
        options: (job.options ?? {}) as Prisma.JsonValue,
      });
    });
  }

  /**
   * The tenant's job submitted with this Idempotency-Key, or null. A prepared statement on the
   * pool, as findById: a submission with a key reads this first, and a query through Prisma's
   * query compiler cost about 1 ms of the api's CPU.
   */
  async findByIdempotencyKey(tenantId: string, idempotencyKey: string): Promise<Job | null> {
    const [row] = await this.prisma.query<JobRow>(
      Prisma.sql`SELECT ${JOB_COLUMNS_BUT_INPUT}, input, options FROM jobs
                  WHERE tenant_id = ${tenantId}::uuid AND idempotency_key = ${idempotencyKey} LIMIT 1`,
      'jobs.findByIdempotencyKey',
    );
    return row ? jobOfRow(row) : null;
  }

  /** The job with this id, whatever its tenant, or null (a repeated submission's row). */
  private async findById(id: string): Promise<Job | null> {
    const [row] = await this.prisma.query<JobRow>(
      Prisma.sql`SELECT ${JOB_COLUMNS_BUT_INPUT}, input, options FROM jobs WHERE id = ${id} LIMIT 1`,
      'jobs.findById',
    );
    return row ? jobOfRow(row) : null;
  }

  /**
   * Records `idempotencyKey` on a job that has none (the job existed before, submitted without a
   * key or with another). Does nothing when the key is taken meanwhile. Returns whether it was set.
   */
  async attachIdempotencyKey(id: string, tenantId: string, idempotencyKey: string): Promise<boolean> {
    const rows = await this.prisma.transaction(async (run) => {
      // The lock of the key's bucket, as insertIfAbsent takes it: the key is checked and set alone.
      await run(Prisma.raw(lockStatement([`${tenantId}:${idempotencyKey}`])));
      return run<{ id: string }>(Prisma.sql`
        UPDATE jobs SET idempotency_key = ${idempotencyKey}
         WHERE id = ${id} AND tenant_id = ${tenantId}::uuid AND idempotency_key IS NULL
           AND NOT EXISTS (SELECT 1 FROM jobs x WHERE x.tenant_id = ${tenantId}::uuid AND x.idempotency_key = ${idempotencyKey})
        RETURNING id`);
    });
    return rows.length === 1;
  }

  /**
   * Puts a failed or cancelled job back to queued (progress, error and times cleared) so it can be
   * enqueued again. Conditional: of two concurrent callers one gets true. False for other states.
   */
  async requeue(id: string): Promise<boolean> {
    const r = await this.prisma.client.job.updateMany({
      where: { id, status: { in: ['failed', 'cancelled'] } },
      data: {
        status: 'queued',
        progress: 0,
        attempts: 0,
        error: Prisma.DbNull,
        timings: Prisma.DbNull,
        startedAt: null,
        finishedAt: null,
      },
    });
    return r.count === 1;
  }

  /** Marks the tenant's job cancelled if it is still queued; returns whether it was. */
  async cancelIfQueued(id: string, tenantId: string): Promise<boolean> {
    const r = await this.prisma.client.job.updateMany({
      where: { id, tenantId, status: 'queued' },
      data: { status: 'cancelled', finishedAt: new Date() },
    });
    return r.count === 1;
  }

  /**
   * Marks the jobs that are still queued cancelled (the moves they analyse were replaced by an
   * undo); returns the ids it cancelled. Running and finished jobs are left as they are.
   */
  async cancelQueued(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.prisma.client.$queryRaw<{ id: string }[]>`
      UPDATE jobs SET status = 'cancelled', finished_at = now()
       WHERE id = ANY(${ids}::text[]) AND status = 'queued'
      RETURNING id`;
    return rows.map((r) => r.id);
  }

  /**
   * Marks still-queued jobs failed because they could not be put on the queue (Redis away), so
   * the jobs table never shows a queued job that no worker will see.
   */
  async failUnqueued(ids: string[], error: Prisma.InputJsonValue): Promise<void> {
    if (ids.length === 0) return;
    await this.prisma.client.job.updateMany({
      where: { id: { in: ids }, status: 'queued' },
      data: { status: 'failed', error, finishedAt: new Date() },
    });
  }

  /**
   * The tenant's jobs, newest first, `limit` of them after `cursor` (exclusive), without inputs
   * or results. Uses the (tenant_id, created_at) and (tenant_id, status, created_at) indexes.
   */
  async list(tenantId: string, filter: JobListFilter, limit: number, cursor?: JobListCursor): Promise<Job[]> {
    const where: Prisma.JobWhereInput = { tenantId };
    if (filter.status?.length) where.status = { in: filter.status };
    if (filter.kind) where.kind = filter.kind;
    if (filter.batchId) {
      // Membership is the batch's list: a job shared with an earlier request keeps its first batchId.
      const batch = await this.prisma.client.batch.findFirst({ where: { id: filter.batchId, tenantId } });
      where.id = { in: batch?.jobIds ?? [] };
    }
    if (filter.createdAfter || filter.createdBefore) {
      where.createdAt = { gte: filter.createdAfter, lt: filter.createdBefore };
    }
    if (cursor) {
      where.OR = [
        { createdAt: { lt: cursor.createdAt } },
        { createdAt: cursor.createdAt, id: { lt: cursor.id } },
      ];
    }
    const jobs = await this.prisma.client.job.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit,
    });
    return jobs.map(withInputExpanded);
  }

  /** The job with its result, or null if it does not exist or belongs to another tenant. */
  async findForTenant(id: string, tenantId: string | null): Promise<JobWithResult | null> {
    // One prepared statement on the pool, not Prisma: two queries through its query compiler cost
    // GET /v1/jobs/:id about 2 ms of the api's CPU (bench:api).
    const [row] = await this.prisma.query<JobRow & ResultColumns>(
      Prisma.sql`SELECT j.*, r.job_id AS r_job_id, r.job_created_at AS r_job_created_at, r.result AS r_result,
                        r.created_at AS r_created_at
                   FROM (SELECT ${JOB_COLUMNS_BUT_INPUT}, input, options FROM jobs
                          WHERE id = ${id} AND tenant_id IS NOT DISTINCT FROM ${tenantId}::uuid LIMIT 1) j
                   LEFT JOIN LATERAL (SELECT x.job_id, x.job_created_at, x.result, x.created_at FROM job_results x
                                       WHERE x.job_id = j.id LIMIT 1) r ON true`,
      'jobs.findForTenant',
    );
    if (!row) return null;
    const result: JobResult | null =
      row.r_job_id === null
        ? null
        : {
            jobId: row.r_job_id,
            jobCreatedAt: row.r_job_created_at as Date,
            result: expandResult(row.r_result as Prisma.JsonValue),
            createdAt: row.r_created_at as Date,
          };
    return { ...jobOfRow(row), result };
  }

  /**
   * Marks a queued (or retried, or stalled and re-delivered) job running and counts the attempt.
   * Returns false, changing nothing, when the row is in no state to run: cancelled through the
   * api, already completed or failed, or absent. The caller then skips the job.
   */
  async markRunning(id: string, attempt: number): Promise<boolean> {
    const r = await this.prisma.client.job.updateMany({
      where: { id, status: { in: ['queued', 'running'] } },
      data: { status: 'running', attempts: attempt, startedAt: new Date() },
    });
    return r.count === 1;
  }

  /**
   * Stores the result and marks the job completed in one transaction. Idempotent: a job
   * processed twice keeps its first result.
   */
  async complete(id: string, result: Prisma.InputJsonValue, timings: Prisma.InputJsonValue): Promise<void> {
    const job = await this.prisma.client.job.findFirstOrThrow({ where: { id }, select: { createdAt: true } });
    await this.prisma.client.$transaction([
      this.prisma.client.jobResult.upsert({
        where: { jobId_jobCreatedAt: { jobId: id, jobCreatedAt: job.createdAt } },
        create: { jobId: id, jobCreatedAt: job.createdAt, result: compactResult(result) },
        update: {},
      }),
      this.prisma.client.job.updateMany({
        where: { id },
        data: { status: 'completed', timings, error: Prisma.DbNull, finishedAt: new Date() },
      }),
    ]);
  }

  /** Records a failure; `final` false keeps the job queued for BullMQ's retry. */
  async fail(id: string, error: Prisma.InputJsonValue, final: boolean): Promise<void> {
    const status: JobStatus = final ? 'failed' : 'queued';
    await this.prisma.client.job.updateMany({
      where: { id },
      data: { status, error, finishedAt: final ? new Date() : null },
    });
  }
}
