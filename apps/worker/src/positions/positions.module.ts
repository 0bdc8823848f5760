import { Module } from '@nestjs/common';
import { EngineModule } from '../engine/engine.module';
import { JobsModule } from '../jobs/jobs.module';
import { PositionsProcessor } from './positions.processor';

/** Position analysis jobs (queue `positions`). */
@Module({
  imports: [EngineModule, JobsModule],
  providers: [PositionsProcessor],
})
export class PositionsModule {}
