import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { HealthRepository, RedisService } from '@moyo/persistence';
import { Logger } from 'nestjs-pino';
import { IngestModule } from './app.module';
import { IngestConfig } from './config/ingest-config';

/**
 * Creates and initialises the ingest app (no HTTP server). Signals are main.ts's
 * (`drainOnSignals`: followers stopped, leases released, sockets and pools closed, exit 0).
 */
export async function createIngestApp(config: IngestConfig): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(IngestModule.register(config), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  await app.init();
  return app;
}

/** Pings Redis and PostgreSQL once; returns the names of those that did not answer. */
export async function unreachableDependencies(app: INestApplicationContext): Promise<string[]> {
  const [redis, postgres] = await Promise.allSettled([
    app.get(RedisService).ping(),
    app.get(HealthRepository).ping(),
  ]);
  return [
    redis.status === 'rejected' ? 'redis' : '',
    postgres.status === 'rejected' ? 'postgres' : '',
  ].filter(Boolean);
}
