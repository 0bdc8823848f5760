import 'reflect-metadata';
import { Logger } from 'nestjs-pino';
import { createWorkerApp } from './bootstrap';
import { loadWorkerConfigOrExit } from './config/worker-config';

async function main(): Promise<void> {
  const config = loadWorkerConfigOrExit();
  const app = await createWorkerApp(config);
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
