import 'reflect-metadata';
import { exitIfShutdownHangs } from '@moyo/contracts';
import { Logger } from 'nestjs-pino';
import { createWorkerApp } from './bootstrap';
import { loadWorkerConfigOrExit } from './config/worker-config';
import { drainOnSignals } from './shutdown/drain';

async function main(): Promise<void> {
  // SIGTERM drains (WORKER_DRAIN_TIMEOUT_MS for the jobs in flight, then the pools), but never for
  // longer than this: under Kubernetes' 30 s grace.
  exitIfShutdownHangs('worker', 25_000);
  const config = loadWorkerConfigOrExit();
  const app = await createWorkerApp(config);
  drainOnSignals(app);
  app
    .get(Logger)
    .log(`worker started (concurrency ${config.concurrency}, prefix ${config.redisPrefix})`, 'Bootstrap');
}

main().catch((err: unknown) => {
  process.stderr.write(
    `moyo worker: failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
