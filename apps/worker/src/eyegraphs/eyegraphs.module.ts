import { Module } from '@nestjs/common';
import { EngineModule } from '../engine/engine.module';
import { JobsModule } from '../jobs/jobs.module';
import { EyegraphsProcessor } from './eyegraphs.processor';

/** Eye-graph jobs (queue `eyegraphs`). */
@Module({
  imports: [EngineModule, JobsModule],
  providers: [EyegraphsProcessor],
})
export class EyegraphsModule {}
