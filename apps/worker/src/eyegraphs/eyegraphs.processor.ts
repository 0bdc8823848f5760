import { QueueName, type AnalyzeEyegraphJob } from '@moyo/contracts';
import { closeBull } from '@moyo/persistence';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { Job } from 'bullmq';
import { PinoLogger } from 'nestjs-pino';
import { WorkerConfig } from '../config/worker-config';
import { startWorker } from '../queues/start-worker';
import { runHere, type EnginePool } from '../engine/engine-pool';
import { EYEGRAPH_ENGINE } from '../engine/engine.module';
import { eyegraphCacheKey } from '../engine/engine-tasks';
import {
  JobRunnerService,
  type ComputedResult,
  type JobRunSummary,
  type JobSteps,
} from '../jobs/job-runner.service';

/**
 * Consumes the `eyegraphs` queue: eye value and vital points of a graph, read out in the
 * eye-graph engine threads (their own pool, so a long reading never delays position jobs), or
 * taken from the result cache. Concurrency is WORKER_EYEGRAPH_CONCURRENCY.
 */
@Processor(QueueName.Eyegraphs, { autorun: false })
export class EyegraphsProcessor extends WorkerHost implements OnApplicationBootstrap, OnModuleDestroy {
  constructor(
    private readonly runner: JobRunnerService,
    @Inject(EYEGRAPH_ENGINE) private readonly engine: EnginePool,
    private readonly config: WorkerConfig,
    private readonly logger: PinoLogger,
  ) {
    super();
    logger.setContext(EyegraphsProcessor.name);
  }

  onApplicationBootstrap(): void {
    startWorker(this.worker, this.logger);
  }

  /** Closes the BullMQ worker, letting jobs in flight finish, before engine and database close. */
  async onModuleDestroy(): Promise<void> {
    await closeBull(this.worker);
  }

  process(job: Job<AnalyzeEyegraphJob>, token?: string): Promise<JobRunSummary> {
    return this.runner.run(job, this.steps, token);
  }

  private readonly steps: JobSteps<{ cacheKey: string }> = {
    prepare: (data) => ({ cacheKey: runHere(() => eyegraphCacheKey((data as AnalyzeEyegraphJob).input)) }),
    compute: (data, { cacheKey }, cached) => this.compute(data as AnalyzeEyegraphJob, cacheKey, cached),
  };

  private async compute(data: AnalyzeEyegraphJob, key: string, cached: unknown): Promise<ComputedResult> {
    if (cached) return { result: cached, cache: { kind: 'hit', key }, engineMs: 0 };
    const t0 = performance.now();
    const result = await this.engine.eyegraph({ input: data.input });
    return { result, cache: { kind: 'store', key }, engineMs: performance.now() - t0 };
  }
}
