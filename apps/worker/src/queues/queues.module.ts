import { ALL_QUEUES } from '@moyo/contracts';
import { bullPrefix, SharedBullConnection } from '@moyo/persistence';
import { BullModule } from '@nestjs/bullmq';
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
    const queues = BullModule.registerQueue(
      ...ALL_QUEUES.map((name) => ({ name, prefix: bullPrefix(config, config.redisPrefix, name) })),
    );
    return {
      module: QueuesModule,
      global: true,
      imports: [
        BullModule.forRoot({ connection: shared.connection, prefix: config.redisPrefix }),
        queues,
      ],
      providers: [QueueConnectionsService, { provide: SharedBullConnection, useValue: shared }],
      exports: [queues, QueueConnectionsService],
    };
  }
}
