import { WebhookEvent, type AnalyzeEyegraphJob, type AnalyzePositionJob } from '@moyo/contracts';
import {
  isDatabaseUnavailable,
  ResultRepository,
  type CacheUse,
  type Prisma,
  type StartedJob,
} from '@moyo/persistence';
import { Injectable } from '@nestjs/common';
import { UnrecoverableError, type Job } from 'bullmq';
import { PinoLogger } from 'nestjs-pino';
import { EngineTaskError } from '../engine/engine-pool';
import { CompletionBatcher } from './completion-batcher';
import { PeekBatcher } from './peek-batcher';
import { postponeJob, retryWhileDatabaseDown } from './database-outage';
import { jobView, WebhookFanoutService } from '../webhooks/webhook-fanout.service';

/** What a processor's engine step gives the runner. */
export interface ComputedResult {
  result: unknown;
  cache: CacheUse;
  /** Milliseconds spent in engine threads (0 on a cache hit). */
  engineMs: number;
}

/** What the BullMQ job returns (kept small: the result itself is in PostgreSQL). */
export interface JobRunSummary {
  jobId: string;
  outcome: 'completed' | 'skipped';
  cache?: CacheUse['kind'];
}

type AnalysisJob = AnalyzePositionJob | AnalyzeEyegraphJob;

/** What a processor's `prepare` gives the runner (and whatever else its `compute` needs). */
export interface PreparedJob {
  /** The job's result-cache key; null: no cache (see `quick`). */
  cacheKey: string | null;
  /**
   * A job that takes less time than its bookkeeping (an inline `board` job: ~0.1 ms): it is
   * not marked running, its attempt and start time are written with its completion (one batched
   * write), and it uses no result cache (a lookup and an entry cost more than the analysis). It
   * is computed and completed without being read first when it has no webhooks to call
   * (CompletionBatcher.completeQuick); otherwise it is read (one batched read: PeekBatcher).
   */
  quick?: boolean;
}

/** A processor's two steps around the runner's bookkeeping. */
export interface JobSteps<P extends PreparedJob> {
  /**
   * The job's result-cache key (and whatever else `compute` needs), worked out in this thread:
   * it must be cheap. Throws (EngineTaskError for invalid input) like `compute` would.
   */
  prepare(data: AnalysisJob): P;
  /** The result: `cached` (the result stored under the key, or null) or the engine's. */
  compute(data: AnalysisJob, prepared: P, cached: Prisma.JsonValue | null): Promise<ComputedResult>;
}

/**
 * The lifecycle every analysis job shares, around the processor's engine step: mark the job
 * running (the same statement reads the result cache and the tenant's webhooks), compute or take
 * the cached result, then store status, result, cache and webhook deliveries in one transaction
 * (shared with the other jobs finishing at the same time: CompletionBatcher) and queue the
 * deliveries. A quick job (PreparedJob.quick) is not marked running: it is computed and
 * completed by one statement without a read when it is queued or running and has no webhooks to
 * call (`completeUnread`); else it is read (with the other jobs starting at the same time:
 * PeekBatcher) and run as the others. Either way its row is written once, at its completion. Invalid input fails at once (UnrecoverableError: no retry); anything else is
 * rethrown for BullMQ's retry with backoff. PostgreSQL being away is no failure of the job: the
 * final writes are retried in place for a while, then the job is postponed without using up an
 * attempt (and a final failure that cannot be written is left to the reconciler).
 */
@Injectable()
export class JobRunnerService {
  constructor(
    private readonly results: ResultRepository,
    private readonly completions: CompletionBatcher,
    private readonly peeks: PeekBatcher,
    private readonly fanout: WebhookFanoutService,
    private readonly logger: PinoLogger,
  ) {
    logger.setContext(JobRunnerService.name);
  }

  async run<P extends PreparedJob>(
    job: Job<AnalysisJob>,
    steps: JobSteps<P>,
    token?: string,
  ): Promise<JobRunSummary> {
    const data = job.data;
    if (!data || typeof data.jobId !== 'string' || data.jobId === '') {
      throw new UnrecoverableError('job data: jobId is missing');
    }
    const jobId = data.jobId;
    const attempt = job.attemptsMade + 1;
    // The key comes first so that marking the job running also reads the cache; bad input is
    // reported after the job is marked running (attempt counted), as any other failure.
    let prepared: P | undefined;
    let prepareError: unknown;
    try {
      prepared = steps.prepare(data);
    } catch (err) {
      prepareError = err;
    }
    const quick = prepared?.quick === true;
    const startedAt = new Date();
    if (quick && prepared !== undefined) {
      try {
        const done = await this.completeUnread(data, steps, prepared, attempt, startedAt);
        if (done) return done;
      } catch (err) {
        if (isDatabaseUnavailable(err)) return postponeJob(job, token, err);
        throw err;
      }
    }
    let started: StartedJob | null;
    try {
      started = quick
        ? await this.peeks.peek(jobId)
        : await this.results.start(jobId, attempt, prepared?.cacheKey ?? null, WebhookEvent.JobCompleted);
    } catch (err) {
      if (isDatabaseUnavailable(err)) return postponeJob(job, token, err);
      throw err;
    }
    if (!started) throw new UnrecoverableError(`job ${jobId}: no such row in the jobs table`);
    if (!started.runnable) {
      // Processed before (a duplicate queue job, or a retry after a crash past the commit):
      // nothing to compute; make sure its deliveries got queued.
      if (started.job.status === 'completed' || started.job.status === 'failed')
        await this.fanout.enqueue(jobId);
      return { jobId, outcome: 'skipped' };
    }
    // No BullMQ progress call: the row's progress (10 when started, 100 when stored) is what
    // clients read, and BullMQ's completion says the rest (a Redis round trip saved per job).
    // A quick job's row still says queued with the previous attempt: describe it as this run.
    const job0 = quick
      ? { ...started.job, status: 'running' as const, attempts: attempt, startedAt }
      : started.job;
    try {
      if (prepared === undefined) throw prepareError;
      const computed = await steps.compute(data, prepared, started.cached);
      const finishedAt = new Date();
      const timings = timingsOf(computed);
      // The subscribers came with the job (start or peek): no lookup here; no body without them.
      const deliveries =
        started.subscribers.length > 0 || job0.webhookUrl
          ? this.fanout.deliveriesTo(
              started.subscribers,
              job0,
              WebhookEvent.JobCompleted,
              jobView(job0, {
                status: 'completed',
                result: computed.result,
                error: null,
                timings,
                finishedAt,
              }),
            )
          : [];
      // Batched with the completions of other jobs finishing at the same time (one transaction).
      await retryWhileDatabaseDown(() =>
        this.completions.complete({
          jobId,
          result: computed.result as Prisma.InputJsonValue,
          timings,
          cache: computed.cache,
          deliveries,
          finishedAt,
          ...(quick ? { attempt, startedAt } : {}),
        }),
      );
      await this.fanout.enqueue(jobId, deliveries);
      return { jobId, outcome: 'completed', cache: computed.cache.kind };
    } catch (err) {
      // The work is done or can be redone; only the database was missing: try again later.
      if (isDatabaseUnavailable(err)) return postponeJob(job, token, err);
      const invalid = err instanceof EngineTaskError && err.invalidInput;
      const final = invalid || attempt >= (job.opts.attempts ?? 1);
      const error = {
        message: err instanceof Error ? err.message : String(err),
        kind: invalid ? 'invalid-input' : 'internal',
        attempt,
        ...(err instanceof EngineTaskError ? { engineError: err.engineErrorName } : {}),
      };
      try {
        const finishedAt = new Date();
        const deliveries = final
          ? await retryWhileDatabaseDown(() =>
              this.fanout.deliveriesFor(
                job0,
                WebhookEvent.JobFailed,
                jobView(job0, { status: 'failed', result: null, error, timings: null, finishedAt }),
              ),
            )
          : [];
        await retryWhileDatabaseDown(() =>
          this.results.fail({ jobId, error, final, deliveries, finishedAt, attempt }),
        );
        if (final) await this.fanout.enqueue(jobId, deliveries);
      } catch (recordErr) {
        // BullMQ still fails the job; the reconciler then records it (reason and job.failed).
        this.logger.warn({ jobId, err: recordErr }, 'could not record the job failure');
      }
      if (invalid) throw new UnrecoverableError(error.message);
      throw err;
    }
  }

  /**
   * A quick job run without reading its row first: computed, then completed by one statement with
   * the other quick jobs finishing meanwhile (CompletionBatcher.completeQuick), which completes it
   * only when it is queued or running and has no webhooks to call. Null when that statement left
   * the job as it was (no such row, ended, cancelled, deliveries to make), when the analysis threw
   * or the statement failed for anything but the database being away: the caller then reads the
   * job and runs it as any other (computing it again: a quick analysis costs less than the read).
   */
  private async completeUnread<P extends PreparedJob>(
    data: AnalysisJob,
    steps: JobSteps<P>,
    prepared: P,
    attempt: number,
    startedAt: Date,
  ): Promise<JobRunSummary | null> {
    let computed: ComputedResult;
    try {
      computed = await steps.compute(data, prepared, null);
    } catch {
      return null;
    }
    const finishedAt = new Date();
    try {
      const { completedNow } = await retryWhileDatabaseDown(() =>
        this.completions.completeQuick({
          jobId: data.jobId,
          result: computed.result as Prisma.InputJsonValue,
          timings: timingsOf(computed),
          cache: computed.cache,
          deliveries: [],
          finishedAt,
          attempt,
          startedAt,
        }),
      );
      return completedNow ? { jobId: data.jobId, outcome: 'completed', cache: computed.cache.kind } : null;
    } catch (err) {
      if (isDatabaseUnavailable(err)) throw err;
      return null;
    }
  }
}

/** What only the worker knows of a run; the api derives queueMs, runMs and totalMs from the row. */
function timingsOf(computed: ComputedResult): { engineMs: number; cache: 'hit' | 'miss' } {
  return {
    engineMs: Math.round(computed.engineMs * 100) / 100,
    cache: computed.cache.kind === 'hit' ? 'hit' : 'miss',
  };
}
