import { PersistenceModule } from '@moyo/persistence';
import { DynamicModule, Module } from '@nestjs/common';
import { IngestConfig } from './config/ingest-config';
import { FollowModule } from './follow/follow.module';
import { loggerModule } from './logging/logger.module';

/** The ingest app's root module, built from an already validated config (tests pass their own). */
@Module({})
export class IngestModule {
  static register(config: IngestConfig): DynamicModule {
    return {
      module: IngestModule,
      imports: [
        loggerModule(config),
        PersistenceModule.forConfig(config),
        FollowModule.register(config),
      ],
      providers: [{ provide: IngestConfig, useValue: config }],
      exports: [IngestConfig],
    };
  }
}
