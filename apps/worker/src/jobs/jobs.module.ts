import { Module } from '@nestjs/common';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { CompletionBatcher } from './completion-batcher';
import { JobRunnerService } from './job-runner.service';
import { PeekBatcher } from './peek-batcher';

/** The lifecycle shared by analysis jobs (status, result, cache, webhooks). */
@Module({
  imports: [WebhooksModule],
  providers: [JobRunnerService, CompletionBatcher, PeekBatcher],
  exports: [JobRunnerService],
})
export class JobsModule {}
