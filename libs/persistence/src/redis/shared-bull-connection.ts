import type { OnApplicationShutdown } from '@nestjs/common';
import type { Cluster, RedisOptions } from 'ioredis';
import { bullConnection, closeBullConnection, type RedisTarget } from './redis';

/**
 * The BullMQ connection of an app's queues and workers (`bullConnection`), as a Nest provider
 * that closes it when the app shuts down: a shared Cluster client outlives every BullMQ object
 * using it and BullMQ never closes it. `onApplicationShutdown` comes after the processors
 * (onModuleDestroy) and the queues (beforeApplicationShutdown) have closed.
 */
export class SharedBullConnection implements OnApplicationShutdown {
  readonly connection: RedisOptions | Cluster;

  constructor(target: RedisTarget, options: { enableOfflineQueue?: boolean } = {}) {
    this.connection = bullConnection(target, options);
  }

  async onApplicationShutdown(): Promise<void> {
    await closeBullConnection(this.connection);
  }
}
