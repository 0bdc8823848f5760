import { BatchRepository, type JobStatus } from '@moyo/persistence';
import { Controller, Get, NotFoundException, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { TenantId } from '../auth/authenticated-request';
import { errorBody } from '../errors/api-errors';
import { jobSummary } from '../jobs/job-view';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STATUSES: JobStatus[] = ['queued', 'running', 'completed', 'failed', 'cancelled'];

@ApiTags('batches')
@ApiBearerAuth()
@Controller('v1/batches')
export class BatchesController {
  constructor(private readonly batches: BatchRepository) {}

  @Get(':id')
  @ApiOperation({ summary: 'A batch: its jobs in turn order and how many are in each state' })
  @ApiOkResponse({ description: '{id, size, status, counts, jobs: [job summary with turn], links}' })
  @ApiNotFoundResponse({ description: 'No such batch for this API key.' })
  async get(@TenantId() tenantId: string, @Param('id') id: string) {
    const batch = UUID.test(id) ? await this.batches.findForTenant(id, tenantId) : null;
    if (!batch) throw new NotFoundException(errorBody(404, `batch ${id} not found`));
    const counts = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<JobStatus, number>;
    for (const job of batch.jobRows) counts[job.status] += 1;
    const done = counts.completed + counts.failed + counts.cancelled;
    return {
      id: batch.id,
      size: batch.size,
      createdAt: batch.createdAt.toISOString(),
      status:
        done === batch.jobRows.length ? 'finished' : counts.running > 0 || done > 0 ? 'running' : 'queued',
      counts,
      jobs: batch.jobRows.map((job) => {
        const input = job.input as { analyzeTurn?: number; moves?: unknown[] } | null;
        return { ...jobSummary(job), turn: input?.analyzeTurn ?? input?.moves?.length ?? null };
      }),
      links: { self: `/v1/batches/${batch.id}`, jobs: `/v1/jobs?batchId=${batch.id}` },
    };
  }
}
