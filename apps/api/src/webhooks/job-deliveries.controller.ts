import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { TenantId } from '../auth/authenticated-request';
import { WebhooksService } from './webhooks.service';

/** Redelivery by job: every delivery of a job, also those to its own `webhookUrl` (no webhook id). */
@ApiTags('jobs')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No API key, or an invalid or revoked one.' })
@Controller('v1/jobs')
export class JobDeliveriesController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Post(':id/deliveries/:deliveryId/redeliver')
  @HttpCode(202)
  @ApiOperation({ summary: "Send one of the job's webhook deliveries again (a new series of attempts)" })
  @ApiAcceptedResponse({ description: 'The delivery, pending again.' })
  @ApiConflictResponse({ description: 'The delivery is still pending.' })
  @ApiNotFoundResponse({ description: 'No such delivery of this job for this API key.' })
  redeliver(
    @TenantId() tenantId: string,
    @Param('id') jobId: string,
    @Param('deliveryId') deliveryId: string,
  ) {
    return this.webhooks.redeliverForJob(jobId, deliveryId, tenantId);
  }
}
