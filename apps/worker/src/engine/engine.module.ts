import { Inject, Module, OnModuleDestroy } from '@nestjs/common';
import { WorkerConfig } from '../config/worker-config';
import { EnginePool } from './engine-pool';

/** The engine threads of position jobs. */
export const POSITION_ENGINE = Symbol('POSITION_ENGINE');
/** The engine threads of eye-graph jobs: their own, so a long reading never holds up positions. */
export const EYEGRAPH_ENGINE = Symbol('EYEGRAPH_ENGINE');

/** Closes the pools once the processors (which close first: lower module distance) are done. */
class EnginePoolsCloser implements OnModuleDestroy {
  constructor(
    @Inject(POSITION_ENGINE) private readonly positions: EnginePool,
    @Inject(EYEGRAPH_ENGINE) private readonly eyegraphs: EnginePool,
  ) {}

  async onModuleDestroy(): Promise<void> {
    await Promise.all([this.positions.close(), this.eyegraphs.close()]);
  }
}

/** Engine thread pools (Piscina), sized from the config. */
@Module({
  providers: [
    {
      provide: POSITION_ENGINE,
      inject: [WorkerConfig],
      useFactory: (config: WorkerConfig) => new EnginePool('positions', config.engineThreads),
    },
    {
      provide: EYEGRAPH_ENGINE,
      inject: [WorkerConfig],
      useFactory: (config: WorkerConfig) => new EnginePool('eyegraphs', config.eyegraphConcurrency),
    },
    EnginePoolsCloser,
  ],
  exports: [POSITION_ENGINE, EYEGRAPH_ENGINE],
})
export class EngineModule {}
