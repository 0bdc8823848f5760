import { QueueName, type AnalyzePositionJob } from '@moyo/contracts';
import type { AnalysisReport } from '@moyo/engine';
import { ResultCacheRepository } from '@moyo/persistence';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { Job } from 'bullmq';
import { PinoLogger } from 'nestjs-pino';
import { WorkerConfig } from '../config/worker-config';
import { startWorker } from '../queues/start-worker';
import type { EnginePool } from '../engine/engine-pool';
import { POSITION_ENGINE } from '../engine/engine.module';
import { JobRunnerService, type ComputedResult, type JobRunSummary } from '../jobs/job-runner.service';

/**
 * Consumes the `positions` queue: replays the position in an engine thread to get its cache key,
 * answers from the result cache when it can, else runs the analyses there. Concurrency is
 * WORKER_CONCURRENCY (set before the worker starts, hence `autorun: false`).
 */
@Processor(QueueName.Positions, { autorun: false })
export class PositionsProcessor extends WorkerHost implements OnApplicationBootstrap, OnModuleDestroy {
  constructor(
    private readonly runner: JobRunnerService,
    private readonly cache: ResultCacheRepository,
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
    await this.worker.close();
  }

  process(job: Job<AnalyzePositionJob>): Promise<JobRunSummary> {
    return this.runner.run(job, (data) => this.compute(data as AnalyzePositionJob));
  }

  private async compute(data: AnalyzePositionJob): Promise<ComputedResult> {
    const task = { input: data.input, analyses: data.analyses, options: data.options ?? {} };
    const t0 = performance.now();
    const prepared = await this.engine.prepare(task);
    const cached = (await this.cache.find(prepared.cacheKey)) as AnalysisReport | null;
    if (cached) {
      // Same position, analyses and options: the same report, but reached in this job's moves.
      const result = { ...cached, board: { ...cached.board, moveNumber: prepared.moveNumber } };
      return { result, cache: { kind: 'hit', key: prepared.cacheKey }, engineMs: performance.now() - t0 };
    }
    const report = await this.engine.position(task);
    return {
      result: report,
      cache: { kind: 'store', key: prepared.cacheKey },
      engineMs: performance.now() - t0,
    };
  }
}
