import { positionQueueNames, QueueName } from '@moyo/contracts';
import { PersistenceModule } from '@moyo/persistence';
import { DynamicModule, Module } from '@nestjs/common';
import { WorkerConfig } from './config/worker-config';
import { WorkerConfigModule } from './config/worker-config.module';
import { EyegraphsModule } from './eyegraphs/eyegraphs.module';
import { EyegraphsProcessor } from './eyegraphs/eyegraphs.processor';
import { loggerModule } from './logging/logger.module';
import { PositionsModule } from './positions/positions.module';
import { PositionsProcessor } from './positions/positions.processor';
import { QueuesModule } from './queues/queues.module';
import { ReconcileModule } from './reconcile/reconcile.module';
import { configureProcessor } from './queues/start-worker';
import { deliveryBackoff, DeliverWebhookProcessor } from './webhooks/deliver-webhook.processor';
import { WebhooksModule } from './webhooks/webhooks.module';

/**
 * The worker's root module, built from an already validated config (tests pass their own). The
 * processors' worker options (concurrency, lock) come from the config, so they are set here,
 * before Nest creates the BullMQ workers.
 */
@Module({})
export class WorkerModule {
  static register(config: WorkerConfig): DynamicModule {
    // The first positions shard (`positions` itself with one shard); PositionShardWorkers the rest.
    const [firstShard] = positionQueueNames(config.queueShards);
    configureProcessor(PositionsProcessor, firstShard, config.concurrency, config);
    configureProcessor(EyegraphsProcessor, QueueName.Eyegraphs, config.eyegraphConcurrency, config);
    configureProcessor(DeliverWebhookProcessor, QueueName.Webhooks, config.webhookConcurrency, config, {
      settings: { backoffStrategy: deliveryBackoff },
    });
    return {
      module: WorkerModule,
      imports: [
        WorkerConfigModule.forRoot(config),
        loggerModule(config),
        PersistenceModule.forConfig(config),
        QueuesModule.register(config),
        PositionsModule,
        EyegraphsModule,
        WebhooksModule,
        ReconcileModule,
      ],
    };
  }
}
