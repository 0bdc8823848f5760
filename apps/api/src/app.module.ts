import { PersistenceModule } from '@moyo/persistence';
import { DynamicModule, Module } from '@nestjs/common';
import { BoardsModule } from './boards/boards.module';
import { ApiConfig } from './config/api-config';
import { HealthModule } from './health/health.module';
import { loggerModule } from './logging/logger.module';
import { MetricsModule } from './metrics/metrics.module';
import { QueuesModule } from './queues/queues.module';
import { ViewerModule } from './viewer/viewer.module';
import { StreamsModule } from './streams/streams.module';
import { GamesModule } from './games/games.module';
import { AuthModule } from './auth/auth.module';
import { BatchesModule } from './batches/batches.module';
import { ErrorsModule } from './errors/errors.module';
import { EyegraphsModule } from './eyegraphs/eyegraphs.module';
import { ExportsModule } from './exports/exports.module';
import { JobsModule } from './jobs/jobs.module';
import { KataGoModule } from './katago/katago.module';
import { PositionsModule } from './positions/positions.module';
import { WebhooksModule } from './webhooks/webhooks.module';

/** The api's root module, built from an already validated config (tests pass their own). */
@Module({})
export class AppModule {
  static register(config: ApiConfig): DynamicModule {
    return {
      module: AppModule,
      // Global, so every module can inject ApiConfig.
      global: true,
      imports: [
        loggerModule(config),
        // Concurrent requests' rate-limit counts in one write to Redis.
        PersistenceModule.forConfig(config, { redisAutoPipelining: true }),
        QueuesModule.register(config),
        HealthModule,
        MetricsModule,
        BoardsModule,
        ViewerModule,
        StreamsModule,
        GamesModule,
        ErrorsModule,
        AuthModule,
        PositionsModule,
        EyegraphsModule,
        JobsModule,
        BatchesModule,
        ExportsModule,
        WebhooksModule,
        KataGoModule,
      ],
      providers: [{ provide: ApiConfig, useValue: config }],
      exports: [ApiConfig],
    };
  }
}
