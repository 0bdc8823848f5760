import { Module } from '@nestjs/common';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { ReconcilerService } from './reconciler.service';

/** The periodic sweep that makes the queues agree with the jobs table (see ReconcilerService). */
@Module({
  imports: [WebhooksModule],
  providers: [ReconcilerService],
  exports: [ReconcilerService],
})
export class ReconcileModule {}
