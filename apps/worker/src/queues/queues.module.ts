import { ALL_QUEUES, QueueName } from '@moyo/contracts';
import { bullPrefix, PositionQueueSet, positionShards, SharedBullConnection } from '@moyo/persistence';
import { BullModule, getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { DynamicModule, Module } from '@nestjs/common';
import type { WorkerConfig } from '../config/worker-config';
import { QueueConnectionsService } from './queue-connections.service';

/**
 * The BullMQ connection (key prefix from config) and the queues this worker consumes. The
 * `@Processor` classes live in one module per capability (positions, eyegraphs, webhooks).
 */
@Module({})
export class QueuesModule {
  static register(config: WorkerConfig): DynamicModule {
    const shared = new SharedBullConnection(config);
    // Each queue's prefix (with a Redis Cluster a hash tag per queue): the processors' workers too.
    // With QUEUE_SHARDS > 1 the positions shards too (consumed by PositionShardWorkers).
    const shards = positionShards(config, config.redisPrefix, config.queueShards).filter(
      (s) => s.name !== QueueName.Positions,
    );
    const queues = BullModule.registerQueue(
      ...ALL_QUEUES.map((name) => ({ name, prefix: bullPrefix(config, config.redisPrefix, name) })),
      ...shards,
    );
    const positionQueues = {
      provide: PositionQueueSet,
      useFactory: (...all: Queue[]) => new PositionQueueSet(all, config.queueShards),
      inject: [QueueName.Positions, ...shards.map((s) => s.name)].map((name) => getQueueToken(name)),
    };
    return {
      module: QueuesModule,
      global: true,
      imports: [BullModule.forRoot({ connection: shared.connection, prefix: config.redisPrefix }), queues],
      providers: [
        QueueConnectionsService,
        { provide: SharedBullConnection, useValue: shared },
        positionQueues,
      ],
      exports: [queues, QueueConnectionsService, PositionQueueSet],
    };
  }
}
