import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { WorkerModule } from './app.module';
import { WorkerConfig } from './config/worker-config';

/**
 * Creates and initialises the worker (no HTTP server). Shutdown hooks close the BullMQ workers,
 * which let in-flight jobs finish, on SIGTERM/SIGINT.
 */
export async function createWorkerApp(config: WorkerConfig): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(WorkerModule.register(config), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  await app.init();
  return app;
}
