import { Prisma } from '../generated/prisma/client';
import type { PrismaService } from '../prisma/prisma.service';
import { compactResult } from './board-result';
import type { JobCompletion } from './result.repository';

/**
 * Completes quick jobs (JobCompletion.attempt and startedAt given; no cache, no deliveries)
 * without their having been read first, in one statement: each job is completed, and its result
 * stored, only when it is queued or running and no delivery would go out for it (no
 * `webhook_url`, no active webhook of its tenant subscribed to `completedEvent`). The others
 * (none such job, ended, cancelled, or with webhooks to call) are left as they are
 * (`completedNow` false): the caller reads them and takes the path with deliveries. Returns,
 * per job in order, whether this call completed it.
 */
export async function completeQuick(
  prisma: PrismaService,
  cs: JobCompletion[],
  completedEvent: string,
): Promise<{ completedNow: boolean }[]> {
  if (cs.length === 0) return [];
  if (new Set(cs.map((c) => c.jobId)).size !== cs.length) {
    throw new RangeError('completeQuickMany: jobId must differ between the completions of one call');
  }
  if (cs.some((c) => c.cache.kind !== 'none' || c.deliveries.length > 0 || c.attempt === undefined)) {
    throw new RangeError('completeQuickMany: quick completions only (an attempt, no cache, no deliveries)');
  }
  const rows = JSON.stringify(
    cs.map((c) => ({
      job_id: c.jobId,
      result: compactResult(c.result),
      timings: c.timings,
      finished_at: c.finishedAt.toISOString(),
      attempt: c.attempt,
      started_at: c.startedAt?.toISOString() ?? null,
    })),
  );
  const ids = cs.map((c) => c.jobId);
  // The result is stored for the jobs this statement completes only (`done`), in the partition
  // of the job's day; the job's row is read by index (= ANY), as in completeMany.
  const done = await prisma.query<{ id: string }>(
    Prisma.sql`
    WITH c AS (
      SELECT * FROM jsonb_to_recordset(${rows}::jsonb) AS c(job_id text, result jsonb, timings jsonb,
             finished_at timestamptz, attempt int, started_at timestamptz)
    ), done AS (
      UPDATE jobs j SET status = 'completed', progress = 100, timings = c.timings, error = NULL,
             finished_at = c.finished_at, attempts = c.attempt,
             started_at = COALESCE(c.started_at, j.started_at)
        FROM c
       WHERE j.id = ANY(${ids}::text[]) AND j.id = c.job_id AND j.status IN ('queued', 'running')
         AND j.webhook_url IS NULL
         AND NOT EXISTS (SELECT 1 FROM webhooks w
                          WHERE w.tenant_id = j.tenant_id AND w.active
                            AND (cardinality(w.events) = 0 OR ${completedEvent} = ANY(w.events)))
      RETURNING j.id, j.created_at
    ), stored AS (
      INSERT INTO job_results (job_id, job_created_at, result)
      SELECT d.id, d.created_at, c.result FROM done d JOIN c ON c.job_id = d.id
      ON CONFLICT (job_id, job_created_at) DO NOTHING
    )
    SELECT id FROM done`,
    'moyo_job_complete_quick',
  );
  const completed = new Set(done.map((r) => r.id));
  return cs.map((c) => ({ completedNow: completed.has(c.jobId) }));
}
