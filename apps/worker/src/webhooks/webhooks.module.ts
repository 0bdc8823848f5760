import { Module } from '@nestjs/common';
import { DeliverWebhookProcessor } from './deliver-webhook.processor';
import { WebhookFanoutService } from './webhook-fanout.service';
import { WebhookSenderService } from './webhook-sender.service';

/** Webhook deliveries: fan-out of finished jobs, and the `webhooks` queue's processor. */
@Module({
  providers: [WebhookFanoutService, WebhookSenderService, DeliverWebhookProcessor],
  exports: [WebhookFanoutService],
})
export class WebhooksModule {}
