import { Injectable } from '@nestjs/common';
import type { Job, JobResult } from '../generated/prisma/client';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import {
  HEADER_COLUMNS,
  jobHeader,
  subscribersOf,
  type JobHeader,
  type JobHeaderRow,
  type Subscriber,
} from './job-header';
import { compactResult, expandResult } from './board-result';
import { completeQuick } from './quick-completion';
import { withInputExpanded } from './job-input';
import { withResults } from './job-results';
import type { NewWebhookDelivery } from './webhook-delivery.repository';

/** Where the next page of `unfinished` starts: after this job. */
export interface UnfinishedCursor {
  createdAt: Date;
  id: string;
}

/** How a completed job's result relates to the result cache. */
export type CacheUse = { kind: 'store'; key: string } | { kind: 'hit'; key: string } | { kind: 'none' };

export interface JobCompletion {
  jobId: string;
  result: Prisma.InputJsonValue;
  timings: Prisma.InputJsonValue;
  cache: CacheUse;
  /** The `job.completed` deliveries (deterministic ids: a second completion adds none). */
  deliveries: NewWebhookDelivery[];
  finishedAt: Date;
  /**
   * A job never marked running (`peekMany`): its attempt and when it began, written with the
   * completion. Absent: `start` wrote them.
   */
  attempt?: number;
  startedAt?: Date;
}

/** A job as `start` or `peekMany` found it, with the webhooks its completion goes to. */
export interface StartedJob {
  job: JobHeader;
  /** False for a job already completed, failed or cancelled: nothing to run. */
  runnable: boolean;
  /** The result cached under the key given to `start` (null: none, or not asked). */
  cached: Prisma.JsonValue | null;
  /** Active webhooks of the job's tenant subscribed to `completedEvent` (runnable jobs). */
  subscribers: Subscriber[];
}

export interface JobFailure {
  jobId: string;
  error: Prisma.InputJsonValue;
  /** false: BullMQ retries the job, which goes back to `queued`; true: it ends `failed`. */
  final: boolean;
  /** The `job.failed` deliveries, for a final failure. */
  deliveries: NewWebhookDelivery[];
  finishedAt: Date;
  /** The attempt, for a job never marked running (see JobCompletion.attempt). */
  attempt?: number;
}

/**
 * A job.completed delivery's payload as stored: without `result`, which job_results holds (the
 * result is stored once; WebhookDeliveryRepository.find puts it back for the send).
 */
function withoutResult(delivery: NewWebhookDelivery): NewWebhookDelivery {
  const p = delivery.payload;
  if (p === null || typeof p !== 'object' || Array.isArray(p) || !('result' in p)) return delivery;
  const { result: _stored, ...rest } = p as Record<string, Prisma.InputJsonValue>;
  return { ...delivery, payload: rest };
}

type StartedRow = JobHeaderRow & {
  runnable: boolean;
  cached: Prisma.JsonValue | null;
  subscribers: Subscriber[] | null;
};

function startedJob(r: StartedRow): StartedJob {
  return {
    job: jobHeader(r),
    runnable: r.runnable,
    cached: r.runnable && r.cached !== null ? expandResult(r.cached) : null,
    subscribers: r.subscribers ?? [],
  };
}

/**
 * INSERT of webhook deliveries from one JSON parameter (nothing when the list is empty); with
 * `onlyIf`, only when that SQL condition holds.
 */
function insertDeliveries(
  deliveries: NewWebhookDelivery[],
  onlyIf: Prisma.Sql = Prisma.sql`true`,
): Prisma.Sql {
  const rows = JSON.stringify(deliveries);
  return Prisma.sql`
    INSERT INTO webhook_deliveries (id, webhook_id, tenant_id, url, event, job_id, payload)
    SELECT d.id::uuid, d."webhookId"::uuid, d."tenantId"::uuid, d.url, d.event, d."jobId", d.payload
      FROM jsonb_to_recordset(${rows}::jsonb)
        AS d(id text, "webhookId" text, "tenantId" text, url text, event text, "jobId" text, payload jsonb)
     WHERE ${onlyIf}
    ON CONFLICT (id) DO NOTHING`;
}

/**
 * The worker's writes of a job's lifecycle: running, then completed with its result (plus the
 * result cache and the webhook deliveries), or failed, each state change in one transaction.
 * Idempotent: processing a job twice stores one result and one set of deliveries.
 */
@Injectable()
export class ResultRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Marks a queued (or retried) job running and counts the attempt. Returns the job and whether
   * it is to be run; a job already completed, failed or cancelled is not (`runnable` false).
   * With `cacheKey`, a runnable job also comes with the result cached under it (`cached`, null
   * when none), and with the webhooks subscribed to `completedEvent`. Null when there is no such
   * job. One statement whatever the case (raw SQL, as the other hot-path writes here: the worker
   * runs it for every job).
   */
  async start(
    jobId: string,
    attempt: number,
    cacheKey: string | null = null,
    completedEvent = 'job.completed',
  ): Promise<StartedJob | null> {
    // The second SELECT answers only when the UPDATE matched nothing (a job in no state to run),
    // with the row as the statement's snapshot saw it: racing a concurrent completion it may say
    // `running`, and then the completing worker queues the deliveries itself.
    const rows = await this.prisma.query<StartedRow>(
      Prisma.sql`
      WITH started AS (
        UPDATE jobs SET status = 'running', attempts = ${attempt}, started_at = now(), progress = 10
         WHERE id = ${jobId} AND status IN ('queued', 'running')
     RETURNING ${HEADER_COLUMNS}
      )
      SELECT started.*, true AS runnable,
             (SELECT COALESCE(c.result, r.result) FROM result_cache c LEFT JOIN job_results r ON r.job_id = c.job_id
               WHERE c.key = ${cacheKey}::varchar) AS cached,
             ${subscribersOf(Prisma.sql`started.tenant_id::uuid`, completedEvent)} AS subscribers
        FROM started
      UNION ALL
      SELECT ${HEADER_COLUMNS}, false, NULL, NULL FROM jobs
       WHERE id = ${jobId} AND NOT EXISTS (SELECT 1 FROM started)`,
      'moyo_job_start',
    );
    return rows.length === 1 ? startedJob(rows[0]) : null;
  }

  /**
   * The jobs as they stand, without marking them running: for jobs that take less time than the
   * write would (the worker's inline `board` jobs), whose attempt and start time go with their
   * completion (JobCompletion.attempt, startedAt) as one write. Runnable jobs (queued or running)
   * come with the webhooks subscribed to `completedEvent`. Jobs not found are left out. One read
   * statement for all of them (no commit to flush).
   */
  async peekMany(jobIds: string[], completedEvent = 'job.completed'): Promise<Map<string, StartedJob>> {
    if (jobIds.length === 0) return new Map();
    const rows = await this.prisma.query<StartedRow>(
      Prisma.sql`
      SELECT ${HEADER_COLUMNS}, status IN ('queued', 'running') AS runnable, NULL AS cached,
             CASE WHEN status IN ('queued', 'running')
                  THEN ${subscribersOf(Prisma.sql`jobs.tenant_id`, completedEvent)} END AS subscribers
        FROM jobs WHERE id = ANY(${jobIds}::text[])`,
      'moyo_job_peek',
    );
    return new Map(rows.map((r) => [r.id, startedJob(r)]));
  }

  /** Records progress (0-100) of a running job. */
  async progress(jobId: string, progress: number): Promise<void> {
    const value = Math.max(0, Math.min(100, Math.round(progress)));
    await this.prisma.query(Prisma.sql`
      UPDATE jobs SET progress = ${value} WHERE id = ${jobId} AND status = 'running'`);
  }

  /**
   * Stores the result, marks the job completed, stores or counts the cached result and creates
   * the deliveries (their payloads without the result, which job_results holds): one SQL
   * statement, so one transaction. The first stored result stays (ON
   * CONFLICT DO NOTHING), as do deliveries already made. Returns whether this call completed the
   * job (false: it was already completed, or cancelled).
   */
  async complete(c: JobCompletion): Promise<{ completedNow: boolean }> {
    const result = JSON.stringify(compactResult(c.result));
    const cacheKey = c.cache.kind === 'none' ? null : c.cache.key;
    const storeCache = c.cache.kind === 'store';
    const hitCache = c.cache.kind === 'hit';
    // The result goes over the wire and through the jsonb parser once and is stored once: a new
    // cache entry names this job (its job_results row, inserted by the same statement, in the
    // partition of the job's day: job_created_at is the job's created_at).
    const rows = await this.prisma.query<{ completed: number }>(
      Prisma.sql`
      WITH r AS (SELECT ${result}::jsonb AS result), stored AS (
        INSERT INTO job_results (job_id, job_created_at, result)
        SELECT j.id, j.created_at, r.result FROM r, jobs j WHERE j.id = ${c.jobId}
        ON CONFLICT (job_id, job_created_at) DO NOTHING
      ), done AS (
        UPDATE jobs SET status = 'completed', progress = 100, timings = ${JSON.stringify(c.timings)}::jsonb,
               error = NULL, finished_at = ${c.finishedAt.toISOString()}::timestamptz,
               attempts = COALESCE(${c.attempt ?? null}::int, attempts),
               started_at = COALESCE(${c.startedAt?.toISOString() ?? null}::timestamptz, started_at)
         WHERE id = ${c.jobId} AND status IN ('queued', 'running')
        RETURNING id
      ), cached AS (
        INSERT INTO result_cache (key, job_id)
        SELECT ${cacheKey}::varchar, ${c.jobId} WHERE ${storeCache}::boolean
        ON CONFLICT (key) DO NOTHING
      ), hit AS (
        UPDATE result_cache SET hits = hits + 1, last_hit_at = ${c.finishedAt.toISOString()}::timestamptz
         WHERE ${hitCache}::boolean AND key = ${cacheKey}::varchar
      ), delivered AS (${insertDeliveries(c.deliveries.map(withoutResult))})
      SELECT count(*)::int AS completed FROM done`,
      'moyo_job_complete',
    );
    return { completedNow: rows[0]?.completed === 1 };
  }

  /**
   * `complete` for several jobs in one SQL statement, so one transaction (and one WAL flush) for
   * all of them: what the worker sends when jobs finish together. The same writes and rules per
   * job as `complete`; the job ids must differ. Returns, per job in order, whether this call
   * completed it.
   */
  async completeMany(cs: JobCompletion[]): Promise<{ completedNow: boolean }[]> {
    if (cs.length === 0) return [];
    if (new Set(cs.map((c) => c.jobId)).size !== cs.length) {
      throw new RangeError('completeMany: jobId must differ between the completions of one call');
    }
    const rows = JSON.stringify(
      cs.map((c) => ({
        job_id: c.jobId,
        result: compactResult(c.result),
        timings: c.timings,
        cache_key: c.cache.kind === 'none' ? null : c.cache.key,
        store: c.cache.kind === 'store',
        hit: c.cache.kind === 'hit',
        finished_at: c.finishedAt.toISOString(),
        attempt: c.attempt ?? null,
        started_at: c.startedAt?.toISOString() ?? null,
      })),
    );
    const deliveries = cs.flatMap((c) => c.deliveries.map(withoutResult));
    // The ids again as an array: the jobs rows are then found by index (= ANY), not by joining
    // the recordset of unknown size, for which the planner may scan every partition.
    const ids = cs.map((c) => c.jobId);
    // As in `complete`: each result is parsed once (with the batch) and stored once, in the
    // partition of its job's day; a new cache entry names the first job of the batch storing it.
    const done = await this.prisma.query<{ id: string }>(
      Prisma.sql`
      WITH c AS (
        SELECT * FROM jsonb_to_recordset(${rows}::jsonb) AS c(job_id text, result jsonb, timings jsonb,
               cache_key varchar, store boolean, hit boolean, finished_at timestamptz, attempt int,
               started_at timestamptz)
      ), stored AS (
        INSERT INTO job_results (job_id, job_created_at, result)
        SELECT j.id, j.created_at, c.result FROM c, jobs j
         WHERE j.id = ANY(${ids}::text[]) AND j.id = c.job_id
        ON CONFLICT (job_id, job_created_at) DO NOTHING
      ), done AS (
        UPDATE jobs j SET status = 'completed', progress = 100, timings = c.timings, error = NULL,
               finished_at = c.finished_at, attempts = COALESCE(c.attempt, j.attempts),
               started_at = COALESCE(c.started_at, j.started_at)
          FROM c
         WHERE j.id = ANY(${ids}::text[]) AND j.id = c.job_id AND j.status IN ('queued', 'running')
        RETURNING j.id
      ), cached AS (
        INSERT INTO result_cache (key, job_id)
        SELECT DISTINCT ON (c.cache_key) c.cache_key, c.job_id FROM c WHERE c.store
         ORDER BY c.cache_key, c.job_id
        ON CONFLICT (key) DO NOTHING
      ), hit AS (
        UPDATE result_cache r SET hits = r.hits + h.n, last_hit_at = h.at
          FROM (SELECT cache_key, count(*)::int AS n, max(finished_at) AS at FROM c WHERE c.hit
                 GROUP BY cache_key) h
         WHERE r.key = h.cache_key
      ), delivered AS (${insertDeliveries(deliveries)})
      SELECT id FROM done`,
      'moyo_job_complete_many',
    );
    const completed = new Set(done.map((r) => r.id));
    return cs.map((c) => ({ completedNow: completed.has(c.jobId) }));
  }

  /**
   * Completes quick jobs without their having been read first, in one statement
   * (`completeQuick`: only those queued or running with no deliveries to make; the others are left
   * as they are, `completedNow` false). Returns, per job in order, whether this call completed it.
   */
  completeQuickMany(
    cs: JobCompletion[],
    completedEvent = 'job.completed',
  ): Promise<{ completedNow: boolean }[]> {
    return completeQuick(this.prisma, cs, completedEvent);
  }

  /**
   * Records a failure. A final one marks the job failed and creates its deliveries (one
   * statement; none when the job had already ended, e.g. completed meanwhile); otherwise the job
   * goes back to `queued` with the error, for BullMQ's retry.
   */
  async fail(f: JobFailure): Promise<{ failedNow: boolean }> {
    const error = JSON.stringify(f.error);
    const attempt = f.attempt ?? null;
    if (!f.final) {
      // A job never marked running (peekMany) is still queued: the error and attempt go on it too.
      await this.prisma.query(Prisma.sql`
        UPDATE jobs SET status = 'queued', error = ${error}::jsonb, attempts = COALESCE(${attempt}::int, attempts)
         WHERE id = ${f.jobId} AND status IN ('queued', 'running')`);
      return { failedNow: false };
    }
    const rows = await this.prisma.query<{ failed: number }>(Prisma.sql`
      WITH done AS (
        UPDATE jobs SET status = 'failed', error = ${error}::jsonb, finished_at = ${f.finishedAt.toISOString()}::timestamptz,
               attempts = COALESCE(${attempt}::int, attempts)
         WHERE id = ${f.jobId} AND status IN ('queued', 'running')
        RETURNING id
      ), delivered AS (${insertDeliveries(f.deliveries, Prisma.sql`EXISTS (SELECT 1 FROM done)`)})
      SELECT count(*)::int AS failed FROM done`);
    return { failedNow: rows[0]?.failed === 1 };
  }

  /**
   * Jobs not yet finished (queued or running) created before `createdBefore`, oldest first, at
   * most `limit` of them after `after` (exclusive): the reconciler's pages. Uses the
   * (status, created_at) index.
   */
  async unfinished(createdBefore: Date, limit: number, after?: UnfinishedCursor): Promise<JobHeader[]> {
    const afterAt = after ? after.createdAt.toISOString() : null;
    const rows = await this.prisma.query<JobHeaderRow>(Prisma.sql`
      SELECT ${HEADER_COLUMNS} FROM jobs
       WHERE status IN ('queued', 'running') AND created_at < ${createdBefore.toISOString()}::timestamptz
         AND (${afterAt}::timestamptz IS NULL OR (created_at, id) > (${afterAt}::timestamptz, ${after?.id ?? ''}))
       ORDER BY created_at, id
       LIMIT ${limit}`);
    return rows.map(jobHeader);
  }

  /** The job with its result (any tenant: for the worker and tests). */
  async findWithResult(jobId: string): Promise<(Job & { result: JobResult | null }) | null> {
    const job = await this.prisma.client.job.findFirst({ where: { id: jobId } });
    return job ? (await withResults(this.prisma, [withInputExpanded(job)]))[0] : null;
  }

  /** How many result rows the job has (0 or 1: the primary key allows no more). */
  countResults(jobIds: string[]): Promise<number> {
    return this.prisma.client.jobResult.count({ where: { jobId: { in: jobIds } } });
  }
}
