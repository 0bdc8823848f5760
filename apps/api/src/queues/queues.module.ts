import { ALL_QUEUES, QueueName } from '@moyo/contracts';
import { bullPrefix, PositionQueueSet, positionShards, SharedBullConnection } from '@moyo/persistence';
import { BullModule, getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { DynamicModule, Module } from '@nestjs/common';
import type { ApiConfig } from '../config/api-config';
import { QueueGuardService } from './queue-guard.service';

/**
 * Registers the BullMQ queues the api produces to (inject with `@InjectQueue(QueueName.X)`).
 * The api never starts workers: processors live in apps/worker only.
 */
@Module({})
export class QueuesModule {
  static register(config: ApiConfig): DynamicModule {
    // A producer fails fast while Redis is away (the request can answer 503) instead of holding
    // commands in memory until it returns.
    const shared = new SharedBullConnection(config, { enableOfflineQueue: false });
    // With QUEUE_SHARDS > 1 the positions shards too (PositionQueueSet routes a job to its own).
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
      providers: [QueueGuardService, { provide: SharedBullConnection, useValue: shared }, positionQueues],
      exports: [queues, PositionQueueSet],
    };
  }
}
