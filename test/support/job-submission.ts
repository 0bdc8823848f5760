import {
  ANALYSIS_JOB_OPTIONS,
  hashOf,
  JobName,
  type AnalyzeEyegraphJob,
  type AnalyzePositionJob,
  type EyegraphInput,
  type PositionInput,
} from '@moyo/contracts';
import type { JobRepository } from '@moyo/persistence';
import type { JobsOptions, Queue } from 'bullmq';

/** A position job as tests and benchmarks submit it (the api's fields, without HTTP). */
export interface PositionSubmission {
  id: string;
  tenantId?: string | null;
  input: PositionInput;
  analyses: string[];
  webhookUrl?: string | null;
  /** Per-analysis options, as `analysisOptions` in POST /v1/positions. */
  options?: Record<string, unknown>;
  queueOptions?: JobsOptions;
}

/** An eye-graph job as tests and benchmarks submit it. */
export interface EyegraphSubmission {
  id: string;
  tenantId?: string | null;
  input: EyegraphInput;
  webhookUrl?: string | null;
}

/** The queue payload the api gives a position job. */
export function positionJobPayload(job: PositionSubmission): AnalyzePositionJob {
  return {
    name: JobName.AnalyzePosition,
    jobId: job.id,
    tenantId: job.tenantId ?? null,
    batchId: null,
    analyses: job.analyses,
    options: job.options ?? {},
    input: job.input,
  };
}

/** The queue payload the api gives an eye-graph job. */
export function eyegraphJobPayload(job: EyegraphSubmission): AnalyzeEyegraphJob {
  return {
    name: JobName.AnalyzeEyegraph,
    jobId: job.id,
    tenantId: job.tenantId ?? null,
    batchId: null,
    analyses: ['eyegraph'],
    options: {},
    input: job.input,
  };
}

/** The job row and the queue job of a position analysis, as the api makes them. */
export async function submitPosition(
  jobs: JobRepository,
  queue: Queue,
  job: PositionSubmission,
): Promise<void> {
  await jobs.createIfAbsent({
    id: job.id,
    tenantId: job.tenantId ?? null,
    kind: 'position',
    input: job.input as never,
    options: { analyses: job.analyses } as never,
    inputHash: hashOf(job.input),
    webhookUrl: job.webhookUrl ?? null,
  });
  await queue.add(JobName.AnalyzePosition, positionJobPayload(job), {
    ...ANALYSIS_JOB_OPTIONS,
    jobId: job.id,
    ...job.queueOptions,
  });
}

/** The job row and the queue job of an eye-graph analysis. */
export async function submitEyegraph(
  jobs: JobRepository,
  queue: Queue,
  job: EyegraphSubmission,
): Promise<void> {
  await jobs.createIfAbsent({
    id: job.id,
    tenantId: job.tenantId ?? null,
    kind: 'eyegraph',
    input: job.input as never,
    inputHash: hashOf(job.input),
    webhookUrl: job.webhookUrl ?? null,
  });
  await queue.add(JobName.AnalyzeEyegraph, eyegraphJobPayload(job), {
    ...ANALYSIS_JOB_OPTIONS,
    jobId: job.id,
  });
}
