import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { WorkerModule } from './app.module';
import { WorkerConfig } from './config/worker-config';

/**
 * Creates and initialises the worker (no HTTP server). Signals are main.ts's (`drainOnSignals`:
 * every queue stops taking jobs, the jobs in flight finish within WORKER_DRAIN_TIMEOUT_MS, then
 * the pools close and the process exits 0); `app.close()` alone also lets jobs in flight finish.
 */
export async function createWorkerApp(config: WorkerConfig): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(WorkerModule.register(config), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  await app.init();
  return app;
}
