import { ALL_QUEUES } from '@moyo/contracts';
import { bullPrefix, SharedBullConnection } from '@moyo/persistence';
import { BullModule } from '@nestjs/bullmq';
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
      providers: [QueueGuardService, { provide: SharedBullConnection, useValue: shared }],
      exports: [queues],
    };
  }
}
