import { ALL_QUEUES } from '@moyo/contracts';
import { bullConnectionOptions } from '@moyo/persistence';
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
    const queues = BullModule.registerQueue(...ALL_QUEUES.map((name) => ({ name })));
    return {
      module: QueuesModule,
      global: true,
      imports: [
        BullModule.forRoot({
          connection: bullConnectionOptions(config.redisUrl),
          prefix: config.redisPrefix,
        }),
        queues,
      ],
      providers: [QueueConnectionsService],
      exports: [queues, QueueConnectionsService],
    };
  }
}
