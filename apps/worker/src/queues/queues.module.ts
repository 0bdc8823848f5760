import { PositionQueueSet, registerBullQueues } from '@moyo/persistence';
import { DynamicModule, Module } from '@nestjs/common';
import type { WorkerConfig } from '../config/worker-config';
import { QueueConnectionsService } from './queue-connections.service';

/**
 * The BullMQ connection (key prefix from config) and the queues this worker consumes. The
 * `@Processor` classes live in one module per capability (positions, eyegraphs, webhooks).
 * Each queue's prefix (with a Redis Cluster a hash tag per queue) is the processors' workers' too;
 * with QUEUE_SHARDS > 1 the positions shards are registered too (consumed by PositionShardWorkers).
 */
@Module({})
export class QueuesModule {
  static register(config: WorkerConfig): DynamicModule {
    const bull = registerBullQueues(config);
    return {
      module: QueuesModule,
      global: true,
      imports: bull.imports,
      providers: [QueueConnectionsService, ...bull.providers],
      exports: [bull.queues, QueueConnectionsService, PositionQueueSet],
    };
  }
}
