import { Module } from '@nestjs/common';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { ReconcilerService } from './reconciler.service';
import { RetentionService } from './retention.service';

/**
 * The periodic sweeps of one worker replica at a time: the reconciler (queues agree with the jobs
 * table, see ReconcilerService) and retention (storage stays bounded, see RetentionService).
 */
@Module({
  imports: [WebhooksModule],
  providers: [ReconcilerService, RetentionService],
  exports: [ReconcilerService, RetentionService],
})
export class ReconcileModule {}
