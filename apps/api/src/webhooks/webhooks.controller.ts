import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBearerAuth,
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { z } from 'zod';
import { TenantId } from '../auth/authenticated-request';
import { ApiConfig } from '../config/api-config';
import { parseLimit } from '../jobs/jobs-query';
import { parseWebhookRequest, webhookRequestSchema } from './dto/webhook-request';
import { WebhooksService } from './webhooks.service';

@ApiTags('webhooks')
@ApiBearerAuth()
@Controller('v1/webhooks')
export class WebhooksController {
  constructor(
    private readonly webhooks: WebhooksService,
    private readonly config: ApiConfig,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'Register a webhook',
    description:
      'Every job of the tenant that ends sends the events asked for (job.completed, job.failed) to `url`, signed ' +
      'with `Moyo-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`. The secret is in this answer only.',
  })
  @ApiBody({
    schema: z.toJSONSchema(webhookRequestSchema, { io: 'input', unrepresentable: 'any' }) as object,
  })
  @ApiCreatedResponse({ description: 'The webhook with its signing `secret` (shown this once).' })
  @ApiUnprocessableEntityResponse({
    description:
      'A field is wrong; `url` also when it has credentials or names a private, loopback or link-local ' +
      'address (or localhost) that WEBHOOK_ALLOWLIST does not permit.',
  })
  create(@TenantId() tenantId: string, @Body() body: unknown) {
    return this.webhooks.create(tenantId, parseWebhookRequest(body, this.config.webhookAllowlist));
  }

  @Get()
  @ApiOperation({ summary: 'List the tenant’s webhooks (without secrets)' })
  list(@TenantId() tenantId: string) {
    return this.webhooks.list(tenantId);
  }

  @Get('job-secret')
  @ApiOperation({ summary: 'The secret that signs deliveries to a job’s own webhookUrl' })
  jobSecret(@TenantId() tenantId: string) {
    return this.webhooks.jobWebhookSecret(tenantId);
  }

  @Get(':id')
  @ApiNotFoundResponse({ description: 'No such webhook for this API key.' })
  get(@TenantId() tenantId: string, @Param('id') id: string) {
    return this.webhooks.get(id, tenantId);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted, with its deliveries.' })
  @ApiNotFoundResponse({ description: 'No such webhook for this API key.' })
  async remove(@TenantId() tenantId: string, @Param('id') id: string): Promise<void> {
    await this.webhooks.remove(id, tenantId);
  }

  @Get(':id/deliveries')
  @ApiOperation({ summary: 'Deliveries of a webhook, newest first, each with every attempt' })
  @ApiQuery({ name: 'limit', required: false, description: '1..100, default 20' })
  @ApiQuery({ name: 'cursor', required: false })
  @ApiOkResponse({ description: '{items: [delivery with attemptLog], nextCursor}' })
  deliveries(@TenantId() tenantId: string, @Param('id') id: string, @Query() query: Record<string, unknown>) {
    const cursor = typeof query.cursor === 'string' && query.cursor !== '' ? query.cursor : undefined;
    return this.webhooks.deliveries(id, tenantId, parseLimit(query), cursor);
  }

  @Post(':id/deliveries/:deliveryId/redeliver')
  @HttpCode(202)
  @ApiOperation({ summary: 'Send a delivery again (a new series of attempts)' })
  @ApiAcceptedResponse({ description: 'The delivery, pending again.' })
  @ApiConflictResponse({ description: 'The delivery is still pending.' })
  redeliver(@TenantId() tenantId: string, @Param('id') id: string, @Param('deliveryId') deliveryId: string) {
    return this.webhooks.redeliver(id, deliveryId, tenantId);
  }
}
