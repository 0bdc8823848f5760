import { DynamicModule, Module } from '@nestjs/common';
import { WorkerConfig } from './worker-config';

/** Makes the validated WorkerConfig injectable everywhere. */
@Module({})
export class WorkerConfigModule {
  static forRoot(config: WorkerConfig): DynamicModule {
    return {
      module: WorkerConfigModule,
      global: true,
      providers: [{ provide: WorkerConfig, useValue: config }],
      exports: [WorkerConfig],
    };
  }
}
