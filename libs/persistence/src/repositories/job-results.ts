import type { JobResult } from '../generated/prisma/client';
import type { PrismaService } from '../prisma/prisma.service';
import { expandResult } from './board-result';

/**
 * The results of these jobs, by job id (one statement; jobs without a result are absent).
 * job_results has no foreign key nor Prisma relation to jobs (it is partitioned by the job's
 * day, see schema.prisma), so repositories read results with this instead of `include`.
 */
export async function resultsByJob(
  prisma: PrismaService,
  jobIds: readonly string[],
): Promise<Map<string, JobResult>> {
  if (jobIds.length === 0) return new Map();
  const rows = await prisma.client.jobResult.findMany({ where: { jobId: { in: [...new Set(jobIds)] } } });
  return new Map(rows.map((r) => [r.jobId, { ...r, result: expandResult(r.result) }]));
}

/** The jobs, each with its result (null when it has none yet), in the same order. */
export async function withResults<J extends { id: string }>(
  prisma: PrismaService,
  jobs: J[],
): Promise<(J & { result: JobResult | null })[]> {
  const results = await resultsByJob(
    prisma,
    jobs.map((j) => j.id),
  );
  return jobs.map((j) => ({ ...j, result: results.get(j.id) ?? null }));
}
