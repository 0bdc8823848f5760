import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { PositionsController } from './positions.controller';
import { PositionsService } from './positions.service';

/** POST /v1/positions. */
@Module({ imports: [JobsModule], controllers: [PositionsController], providers: [PositionsService] })
export class PositionsModule {}
