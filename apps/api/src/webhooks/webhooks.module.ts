import { Module } from '@nestjs/common';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

/** /v1/webhooks: registration, deliveries, redelivery. */
@Module({ controllers: [WebhooksController], providers: [WebhooksService] })
export class WebhooksModule {}
