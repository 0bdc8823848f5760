import type { INestApplicationContext } from '@nestjs/common';
import type { Worker } from 'bullmq';
import { PinoLogger } from 'nestjs-pino';
import { WorkerConfig } from '../config/worker-config';
import { EyegraphsProcessor } from '../eyegraphs/eyegraphs.processor';
import { PositionShardWorkers } from '../positions/position-shard-workers';
import { PositionsProcessor } from '../positions/positions.processor';
import { DeliverWebhookProcessor } from '../webhooks/deliver-webhook.processor';

/** After the jobs in flight (or the drain deadline), closing the app's pools waits at most this. */
export const CLOSE_WAIT_MS = 4_000;

/** What a drain did, for its log line and the tests. */
export interface DrainOutcome {
  /** True when every job in flight finished before the deadline. */
  finishedInFlight: boolean;
  /** Milliseconds from the signal until the last job in flight ended (or the deadline). */
  inFlightMs: number;
  /** True when the app's pools (engine threads, database, Redis) closed within CLOSE_WAIT_MS. */
  closed: boolean;
}

function within<T>(promise: Promise<T>, ms: number): Promise<'done' | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.then(() => 'done' as const),
    new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * The BullMQ workers of the app: the processors' (positions shard 0, eye graphs, webhook
 * deliveries) and those of the other position shards (QUEUE_SHARDS).
 */
function bullWorkers(app: INestApplicationContext): Worker[] {
  return [
    ...[PositionsProcessor, EyegraphsProcessor, DeliverWebhookProcessor].map(
      (processor) => app.get<{ worker: Worker }>(processor, { strict: false }).worker,
    ),
    ...app.get(PositionShardWorkers, { strict: false }).bullWorkers,
  ];
}

/**
 * Drains a worker process: every BullMQ worker stops taking jobs at once (`pause`: no new fetch,
 * the pending blocking fetch is cut), the jobs in flight get up to `drainTimeoutMs` to finish,
 * then the app closes (processors, reconciler and retention sweeps, engine threads, database,
 * Redis; at most CLOSE_WAIT_MS). Past the deadline the BullMQ workers are closed without waiting
 * for the jobs still running: their locks are no longer renewed, so another worker takes them up
 * once they lapse (and skips those whose row a late write completed meanwhile), as after a crash.
 * Never throws.
 */
export async function drainWorker(app: INestApplicationContext): Promise<DrainOutcome> {
  const t0 = performance.now();
  const { drainTimeoutMs } = app.get(WorkerConfig);
  const workers = bullWorkers(app);
  const paused = Promise.all(workers.map((w) => w.pause().catch(() => undefined)));
  const finishedInFlight = (await within(paused, drainTimeoutMs)) === 'done';
  const inFlightMs = performance.now() - t0;
  // Past the deadline: stop renewing the locks of the jobs still running, without waiting for them.
  if (!finishedInFlight)
    await within(Promise.all(workers.map((w) => w.close(true).catch(() => undefined))), 1000);
  const closed =
    (await within(
      app.close().catch(() => undefined),
      CLOSE_WAIT_MS,
    )) === 'done';
  return { finishedInFlight, inFlightMs, closed };
}

/**
 * SIGTERM / SIGINT: `drainWorker`, one log line, exit 0. Replaces Nest's shutdown hooks, which
 * closed the processors one module after another (eye graphs and webhooks kept taking jobs while
 * positions drained) and re-raised the signal (exit status 143).
 */
export function drainOnSignals(app: INestApplicationContext): void {
  let draining = false;
  const drain = async (signal: string): Promise<void> => {
    if (draining) return;
    draining = true;
    const logger = await app.resolve(PinoLogger).catch(() => undefined);
    logger?.setContext('Shutdown');
    // Past the deadline the jobs still running are abandoned while their pools close: their late
    // failures (a closed thread pool or database pool) must not end the process with status 1
    // before the drain says why it exits. Logged, and the drain goes on to exit 0.
    const abandoned = (err: unknown) =>
      logger?.warn({ err }, 'while draining: an abandoned job failed as its pools closed');
    process.on('unhandledRejection', abandoned);
    process.on('uncaughtException', abandoned);
    logger?.info({ signal }, 'draining: no new jobs; waiting for the jobs in flight');
    const outcome = await drainWorker(app);
    const line = {
      ...outcome,
      inFlightMs: Math.round(outcome.inFlightMs),
    };
    if (outcome.finishedInFlight) logger?.info(line, 'drained: the jobs in flight finished; exiting');
    else
      logger?.warn(
        line,
        'drain deadline passed: queues closed without waiting for the jobs still running (another worker takes them up); exiting',
      );
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void drain(signal));
}
