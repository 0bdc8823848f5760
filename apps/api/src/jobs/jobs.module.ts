import { Module } from '@nestjs/common';
import { JobSubmissionService } from './job-submission.service';
import { JobsController } from './jobs.controller';
import { JobsService } from './jobs.service';

/** GET/DELETE /v1/jobs; JobSubmissionService creates rows and queue jobs for the submit endpoints. */
@Module({
  controllers: [JobsController],
  providers: [JobsService, JobSubmissionService],
  exports: [JobSubmissionService],
})
export class JobsModule {}
