import { QueueName, type AnalyzePositionJob } from '@moyo/contracts';
import type { AnalysisReport, Position } from '@moyo/engine';
import { closeBull } from '@moyo/persistence';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { Job } from 'bullmq';
import { PinoLogger } from 'nestjs-pino';
import { WorkerConfig } from '../config/worker-config';
import { startWorker } from '../queues/start-worker';
import { runHere, type EnginePool } from '../engine/engine-pool';
import { preparePosition, type PositionTask, type PreparedPosition } from '../engine/engine-tasks';
import { POSITION_ENGINE } from '../engine/engine.module';
import { prepareInline, runInline, runsInline, type PreparedInline } from '../engine/inline';
import {
  JobRunnerService,
  type ComputedResult,
  type JobRunSummary,
  type JobSteps,
} from '../jobs/job-runner.service';

/** `position`: replayed here, for analyses that run inline (see engine/inline.ts). */
type Prepared = (PreparedPosition | PreparedInline) & { task: PositionTask; position?: Position };

/**
 * Consumes the `positions` queue: replays the position to get its cache key (here: a replay is
 * cheaper than a thread round trip), answers from the result cache when it can, else runs the
 * analyses in an engine thread, or here when all are cheaper than a thread round trip (the
 * position replayed once, no result cache, a quick run of JobRunnerService: engine/inline.ts).
 * Concurrency is
 * WORKER_CONCURRENCY (set before the worker starts, hence `autorun: false`).
 */
@Processor(QueueName.Positions, { autorun: false })
export class PositionsProcessor extends WorkerHost implements OnApplicationBootstrap, OnModuleDestroy {
  constructor(
    private readonly runner: JobRunnerService,
    @Inject(POSITION_ENGINE) private readonly engine: EnginePool,
    private readonly config: WorkerConfig,
    private readonly logger: PinoLogger,
  ) {
    super();
    logger.setContext(PositionsProcessor.name);
  }

  onApplicationBootstrap(): void {
    startWorker(this.worker, this.logger);
  }

  /** Closes the BullMQ worker, letting jobs in flight finish, before engine and database close. */
  async onModuleDestroy(): Promise<void> {
    await closeBull(this.worker);
  }

  process(job: Job<AnalyzePositionJob>, token?: string): Promise<JobRunSummary> {
    return this.runner.run(job, this.steps, token);
  }

  private readonly steps: JobSteps<Prepared> = {
    prepare: (data) => {
      const d = data as AnalyzePositionJob;
      const task = { input: d.input, analyses: d.analyses, options: d.options ?? {} };
      if (runsInline(task)) return { ...runHere(() => prepareInline(task)), task };
      return { ...runHere(() => preparePosition(task)), task };
    },
    compute: (_data, prepared, cached) => this.compute(prepared, cached as AnalysisReport | null),
  };

  private async compute(prepared: Prepared, cached: AnalysisReport | null): Promise<ComputedResult> {
    if (cached && prepared.cacheKey !== null) {
      // Same position, analyses and options: the same report, but reached in this job's moves.
      const result = { ...cached, board: { ...cached.board, moveNumber: prepared.moveNumber } };
      return { result, cache: { kind: 'hit', key: prepared.cacheKey }, engineMs: 0 };
    }
    const t0 = performance.now();
    const { position, task } = prepared;
    const report = position ? runHere(() => runInline(task, position)) : await this.engine.position(task);
    return {
      result: report,
      cache: prepared.cacheKey === null ? { kind: 'none' } : { kind: 'store', key: prepared.cacheKey },
      engineMs: performance.now() - t0,
    };
  }
}
