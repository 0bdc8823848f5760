import { Module } from '@nestjs/common';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { JobRunnerService } from './job-runner.service';

/** The lifecycle shared by analysis jobs (status, result, cache, webhooks). */
@Module({
  imports: [WebhooksModule],
  providers: [JobRunnerService],
  exports: [JobRunnerService],
})
export class JobsModule {}
