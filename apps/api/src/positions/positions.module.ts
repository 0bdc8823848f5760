import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { KataGoModule } from '../katago/katago.module';
import { RequestThreadModule } from '../request-thread/request-thread.module';
import { PositionsController } from './positions.controller';
import { PositionNormalizer } from './normalizer/position-normalizer';
import { PositionsService } from './positions.service';

/** POST /v1/positions. */
@Module({
  imports: [JobsModule, KataGoModule, RequestThreadModule],
  controllers: [PositionsController],
  providers: [PositionsService, PositionNormalizer],
})
export class PositionsModule {}
