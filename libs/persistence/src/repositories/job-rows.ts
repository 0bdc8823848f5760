import type { Job, JobKind, JobStatus } from '../generated/prisma/client';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { expandInput } from './job-input';

// Jobs rows read on the pool (prepared statements, no Prisma) and turned into Prisma's Job.

/** A jobs row as `pg` returns it (JOB_COLUMNS). */
export interface JobRow {
  id: string;
  tenant_id: string | null;
  kind: JobKind;
  status: JobStatus;
  input: Prisma.JsonValue;
  options: Prisma.JsonValue;
  input_hash: string;
  batch_id: string | null;
  webhook_url: string | null;
  idempotency_key: string | null;
  progress: number;
  attempts: number;
  error: Prisma.JsonValue | null;
  timings: Prisma.JsonValue | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

/** A job_results row beside its job (LEFT JOIN: all null when the job has no result yet). */
export interface ResultColumns {
  r_job_id: string | null;
  r_job_created_at: Date | null;
  r_result: Prisma.JsonValue | null;
  r_created_at: Date | null;
}

/** The columns of JobRow but `input` and `options`. */
export const JOB_COLUMNS_BUT_INPUT = Prisma.raw(
  `id, tenant_id::text AS tenant_id, kind::text AS kind, status::text AS status, input_hash,
   batch_id::text AS batch_id, webhook_url, idempotency_key, progress, attempts, error, timings, created_at,
   started_at, finished_at`,
);

/** A Job from its row, the input's compact moves put back as pairs (job-input.ts). */
export const jobOfRow = (r: JobRow): Job => ({
  id: r.id,
  tenantId: r.tenant_id,
  kind: r.kind,
  status: r.status,
  input: expandInput(r.input),
  options: r.options,
  inputHash: r.input_hash,
  batchId: r.batch_id,
  webhookUrl: r.webhook_url,
  idempotencyKey: r.idempotency_key,
  progress: r.progress,
  attempts: r.attempts,
  error: r.error,
  timings: r.timings,
  createdAt: r.created_at,
  startedAt: r.started_at,
  finishedAt: r.finished_at,
});

/** The tenant's jobs among these ids (those that exist), in no particular order: one prepared statement. */
export async function jobsForTenant(
  prisma: PrismaService,
  ids: readonly string[],
  tenantId: string,
): Promise<Job[]> {
  if (ids.length === 0) return [];
  const rows = await prisma.query<JobRow>(
    Prisma.sql`SELECT ${JOB_COLUMNS_BUT_INPUT}, input, options FROM jobs
                WHERE id = ANY(${[...ids]}::text[]) AND tenant_id = ${tenantId}::uuid`,
    'jobs.forTenant',
  );
  return rows.map(jobOfRow);
}
