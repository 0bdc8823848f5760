import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { EyegraphsController } from './eyegraphs.controller';

/** POST /v1/eyegraphs. */
@Module({ imports: [JobsModule], controllers: [EyegraphsController] })
export class EyegraphsModule {}
