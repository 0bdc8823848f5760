import { Injectable } from '@nestjs/common';
import { jobLinks } from '../jobs/job-view';
import { JobSubmissionService } from '../jobs/job-submission.service';
import type { JobSpec } from '../jobs/job-spec';
import { KataGoQueryService } from '../katago/katago-query.service';
import type { PositionRequestLimits } from './dto/position-request';
import { PositionNormalizer } from './normalizer/position-normalizer';

/** POST /v1/positions: validation and normalisation, then one job or a batch of them. */
@Injectable()
export class PositionsService {
  constructor(
    private readonly submission: JobSubmissionService,
    private readonly katago: KataGoQueryService,
    private readonly normalizer: PositionNormalizer,
  ) {}

  async submit(
    tenantId: string,
    body: unknown,
    idempotencyKey: string | undefined,
    limits: PositionRequestLimits,
  ) {
    const request = await this.normalizer.normalize(body, limits);
    if (request.katago) {
      // A KataGo query: one batch (one job per turn) whose answers GET /v1/katago/analysis/:batchId reads.
      // Its turns' jobs were made with the request (on the request thread for a long game).
      const { query, turnJobs, warnings } = request.katago;
      const { batchId, turns, submitted } = await this.katago.submit(
        tenantId,
        { query, turnJobs },
        idempotencyKey,
      );
      return {
        id: query.id,
        batchId,
        warnings,
        jobIds: submitted.batch.jobIds,
        jobs: turns.map((t) => ({
          id: t.jobId,
          turn: t.turnNumber,
          status: submitted.jobs.find((j) => j.id === t.jobId)?.status ?? 'queued',
          links: { self: `/v1/jobs/${t.jobId}` },
        })),
        replayed: submitted.replayed,
        links: {
          self: `/v1/batches/${batchId}`,
          jobs: `/v1/jobs?batchId=${batchId}`,
          katago: `/v1/katago/analysis/${batchId}`,
        },
      };
    }
    const specs: JobSpec[] = request.inputs.map((input) => ({
      kind: 'position',
      input,
      analyses: request.analyses,
      analysisOptions: request.analysisOptions,
      webhookUrl: request.webhookUrl,
    }));
    if (request.turns === null) {
      const { job, replayed } = await this.submission.submitOne(tenantId, specs[0], idempotencyKey);
      return { jobId: job.id, status: job.status, batchId: job.batchId, replayed, links: jobLinks(job) };
    }
    const { batch, jobs, replayed } = await this.submission.submitBatch(tenantId, specs, idempotencyKey);
    const turns = request.turns;
    const byId = new Map(jobs.map((j) => [j.id, j]));
    return {
      batchId: batch.id,
      jobIds: batch.jobIds,
      jobs: batch.jobIds.map((id, i) => {
        const job = byId.get(id);
        return { id, turn: turns[i], status: job?.status ?? 'queued', links: { self: `/v1/jobs/${id}` } };
      }),
      replayed,
      links: { self: `/v1/batches/${batch.id}`, jobs: `/v1/jobs?batchId=${batch.id}` },
    };
  }
}
