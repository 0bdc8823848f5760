import { bullWorkerOptions, closeBull, PositionQueueSet } from '@moyo/persistence';
import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Worker, type Queue } from 'bullmq';
import { PinoLogger } from 'nestjs-pino';
import { WorkerConfig } from '../config/worker-config';
import { startWorker } from '../queues/start-worker';
import { PositionsProcessor } from './positions.processor';

/**
 * With QUEUE_SHARDS > 1, the consumers of the positions shards other than the processor's own
 * (PositionsProcessor consumes shard 0, see WorkerModule): one BullMQ Worker per shard, each with
 * the processor's options (WORKER_CONCURRENCY, lock), running the processor's own `process`. So
 * every worker replica consumes every shard and the engine pool is shared by all of them. With one
 * shard there are none.
 */
@Injectable()
export class PositionShardWorkers implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly workers: Worker[] = [];

  constructor(
    private readonly queues: PositionQueueSet<Queue>,
    private readonly processor: PositionsProcessor,
    private readonly config: WorkerConfig,
    private readonly logger: PinoLogger,
  ) {
    logger.setContext(PositionShardWorkers.name);
  }

  /** The BullMQ workers of the other shards (the drain on SIGTERM pauses them with the rest). */
  get bullWorkers(): readonly Worker[] {
    return this.workers;
  }

  /** The shards these workers consume (all but the processor's). */
  get names(): string[] {
    return this.workers.map((w) => w.name);
  }

  onApplicationBootstrap(): void {
    for (const queue of this.queues.all().slice(1)) {
      const worker = new Worker(queue.name, (job, token) => this.processor.process(job, token), {
        ...bullWorkerOptions(this.config),
        connection: queue.opts.connection,
        prefix: queue.opts.prefix,
        autorun: false,
        concurrency: this.config.concurrency,
        lockDuration: this.config.lockDurationMs,
        stalledInterval: this.config.stalledIntervalMs,
      });
      worker.on('error', (err) => this.logger.warn({ err, queue: queue.name }, 'shard worker error'));
      this.workers.push(worker);
      startWorker(worker, this.logger);
    }
  }

  /** Closes the shard workers, letting jobs in flight finish, as the processor's own. */
  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.workers.map((w) => closeBull(w)));
  }
}
