import { Module } from '@nestjs/common';
import { JobDeliveriesController } from './job-deliveries.controller';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

/** /v1/webhooks: registration, deliveries, redelivery (also by job: /v1/jobs/:id/deliveries/...). */
@Module({ controllers: [WebhooksController, JobDeliveriesController], providers: [WebhooksService] })
export class WebhooksModule {}
