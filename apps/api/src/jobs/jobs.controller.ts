import { Controller, Delete, Get, Param, Query } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { TenantId } from '../auth/authenticated-request';
import { parseJobsQuery } from './jobs-query';
import { JobsService } from './jobs.service';

@ApiTags('jobs')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No API key, or an invalid or revoked one.' })
@Controller('v1/jobs')
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  @Get()
  @ApiOperation({ summary: 'List jobs, newest first (cursor pagination)' })
  @ApiQuery({
    name: 'status',
    required: false,
    description: 'comma-separated: queued,running,completed,failed,cancelled',
  })
  @ApiQuery({ name: 'kind', required: false, enum: ['position', 'eyegraph'] })
  @ApiQuery({ name: 'batchId', required: false })
  @ApiQuery({ name: 'createdAfter', required: false, description: 'ISO 8601 time (inclusive)' })
  @ApiQuery({ name: 'createdBefore', required: false, description: 'ISO 8601 time (exclusive)' })
  @ApiQuery({ name: 'limit', required: false, description: '1..100, default 20' })
  @ApiQuery({ name: 'cursor', required: false, description: 'nextCursor of the previous page' })
  @ApiOkResponse({ description: '{items: [job summary], nextCursor: string | null}' })
  list(@TenantId() tenantId: string, @Query() query: Record<string, unknown>) {
    return this.jobs.list(tenantId, parseJobsQuery(query));
  }

  @Get(':id')
  @ApiOperation({ summary: 'A job: status, progress, result, error, timings, webhook deliveries' })
  @ApiOkResponse({ description: 'status is queued, running, completed, failed or cancelled' })
  @ApiNotFoundResponse({ description: 'No such job for this API key (another tenant’s job included).' })
  get(@TenantId() tenantId: string, @Param('id') id: string) {
    return this.jobs.get(id, tenantId);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Cancel a queued job' })
  @ApiOkResponse({ description: 'The job, now cancelled.' })
  @ApiConflictResponse({ description: 'The job is running, completed or failed.' })
  @ApiNotFoundResponse({ description: 'No such job for this API key.' })
  cancel(@TenantId() tenantId: string, @Param('id') id: string) {
    return this.jobs.cancel(id, tenantId);
  }
}
