import { Injectable } from '@nestjs/common';
import type { JobStatus, Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { resultsByJob } from './job-results';

/** How a job stands, without its input: what an answer about it needs. */
export interface JobOutcome {
  id: string;
  status: JobStatus;
  error: Prisma.JsonValue | null;
  /** The stored result (`job_results`), once completed. */
  result: { result: Prisma.JsonValue } | null;
}

/**
 * Status, error and result of jobs, never their inputs: a 2000-move game's 500 turns hold 250,000
 * moves of input, which a status check must not read and parse (the KataGo fronts ask for every
 * turn of a query at once).
 */
@Injectable()
export class JobOutcomeRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The tenant's jobs among `ids` (one statement), by id; others' and missing ids are absent. */
  async forTenant(ids: readonly string[], tenantId: string): Promise<Map<string, JobOutcome>> {
    if (ids.length === 0) return new Map();
    const rows = await this.prisma.client.job.findMany({
      where: { id: { in: [...new Set(ids)] }, tenantId },
      select: { id: true, status: true, error: true },
    });
    // Results by job id (job_results has no relation to jobs: it is partitioned by the job's day).
    const results = await resultsByJob(
      this.prisma,
      rows.map((r) => r.id),
    );
    return new Map(
      rows.map((r) => {
        const stored = results.get(r.id);
        return [r.id, { ...r, result: stored ? { result: stored.result } : null }];
      }),
    );
  }
}
