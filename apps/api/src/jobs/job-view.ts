import type { Job, JobResult } from '@moyo/persistence';

/** Links a job answer carries, relative to the api's origin. */
export function jobLinks(job: Pick<Job, 'id' | 'kind' | 'batchId'>) {
  return {
    self: `/v1/jobs/${job.id}`,
    events: `/v1/jobs/${job.id}/events`,
    ...(job.kind === 'position' ? { board: `/v1/jobs/${job.id}/board.svg` } : {}),
    ...(job.batchId ? { batch: `/v1/batches/${job.batchId}` } : {}),
  };
}

function ms(from: Date | null, to: Date | null): number | undefined {
  return from && to ? Math.max(0, to.getTime() - from.getTime()) : undefined;
}

/**
 * Timings of a job: the worker's own (`engineMs`, ...) plus what the rows tell: `queueMs` (created
 * to started), `runMs` (started to finished), `totalMs` (created to finished).
 */
export function jobTimings(job: Job): Record<string, number> {
  const stored =
    job.timings && typeof job.timings === 'object' && !Array.isArray(job.timings)
      ? (job.timings as Record<string, number>)
      : {};
  const derived: Record<string, number | undefined> = {
    queueMs: ms(job.createdAt, job.startedAt),
    runMs: ms(job.startedAt, job.finishedAt),
    totalMs: ms(job.createdAt, job.finishedAt),
  };
  const out: Record<string, number> = { ...stored };
  for (const [k, v] of Object.entries(derived)) if (v !== undefined && out[k] === undefined) out[k] = v;
  return out;
}

function analysesOf(job: Job): string[] {
  const options = job.options as { analyses?: unknown } | null;
  return Array.isArray(options?.analyses) ? (options.analyses as string[]) : [];
}

/** The summary of a job in listings and batches: no input, no result. */
export function jobSummary(job: Job) {
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    progress: job.progress,
    batchId: job.batchId,
    analyses: analysesOf(job),
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    finishedAt: job.finishedAt?.toISOString() ?? null,
    links: jobLinks(job),
  };
}

/** A job as `GET /v1/jobs/:id` shows it: status, progress, input, result, error and timings. */
export function jobView(job: Job & { result?: JobResult | null }) {
  return {
    ...jobSummary(job),
    attempts: job.attempts,
    webhookUrl: job.webhookUrl,
    input: job.input,
    options: job.options,
    result: job.status === 'completed' ? (job.result?.result ?? null) : null,
    error: job.error ?? null,
    timings: jobTimings(job),
  };
}
