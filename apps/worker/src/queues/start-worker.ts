import { bullWorkerOptions } from '@moyo/persistence';
import { Processor } from '@nestjs/bullmq';
import type { Worker, WorkerOptions } from 'bullmq';
import type { PinoLogger } from 'nestjs-pino';
import type { WorkerConfig } from '../config/worker-config';

/**
 * Declares `processor` as the consumer of `queue` with worker options from the config, which the
 * static `@Processor()` arguments cannot read: concurrency and the job lock (a crashed worker's
 * jobs are taken up again once their lock lapses). Workers do not start by themselves
 * (`autorun: false`): `startWorker` runs them once the whole app is up. Call it from the module's
 * `register(config)`, before the app initialises.
 */
export function configureProcessor(
  processor: abstract new (...args: never[]) => unknown,
  queue: string,
  concurrency: number,
  config: WorkerConfig,
  extra: Omit<WorkerOptions, 'connection'> = {},
): void {
  Processor(queue, {
    ...bullWorkerOptions(config),
    ...extra,
    autorun: false,
    concurrency,
    lockDuration: config.lockDurationMs,
    stalledInterval: config.stalledIntervalMs,
  })(processor as unknown as new (...args: unknown[]) => unknown);
}

/** Starts consuming (at application bootstrap); a fatal worker error is logged. */
export function startWorker(worker: Worker, logger: PinoLogger): void {
  worker.run().catch((err: unknown) => logger.error({ err, queue: worker.name }, 'worker stopped'));
}
