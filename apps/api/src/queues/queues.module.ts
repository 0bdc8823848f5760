import { PositionQueueSet, registerBullQueues } from '@moyo/persistence';
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
    const bull = registerBullQueues(config, { enableOfflineQueue: false });
    return {
      module: QueuesModule,
      global: true,
      imports: bull.imports,
      providers: [QueueGuardService, ...bull.providers],
      exports: [bull.queues, PositionQueueSet],
    };
  }
}
