import { Module } from '@nestjs/common';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { PartitionService } from './partition.service';
import { ReconcilerService } from './reconciler.service';
import { RetentionService } from './retention.service';

/**
 * The periodic sweeps of one worker replica at a time: the reconciler (queues agree with the jobs
 * table, see ReconcilerService), retention (storage stays bounded, see RetentionService) and the
 * day partitions of jobs and job_results (created ahead, dropped when expired: PartitionService).
 */
@Module({
  imports: [WebhooksModule],
  providers: [ReconcilerService, RetentionService, PartitionService],
  exports: [ReconcilerService, RetentionService, PartitionService],
})
export class ReconcileModule {}
