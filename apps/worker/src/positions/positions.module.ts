import { Module } from '@nestjs/common';
import { EngineModule } from '../engine/engine.module';
import { JobsModule } from '../jobs/jobs.module';
import { PositionShardWorkers } from './position-shard-workers';
import { PositionsProcessor } from './positions.processor';

/** Position analysis jobs (queue `positions`, or its QUEUE_SHARDS shards). */
@Module({
  imports: [EngineModule, JobsModule],
  providers: [PositionsProcessor, PositionShardWorkers],
})
export class PositionsModule {}
