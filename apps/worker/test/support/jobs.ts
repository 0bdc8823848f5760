import {
  ANALYSIS_JOB_OPTIONS,
  hashOf,
  JobName,
  type AnalyzeEyegraphJob,
  type AnalyzePositionJob,
  type EyegraphInput,
  type KataGoMove,
  type PositionInput,
} from '@moyo/contracts';
import type { JobRepository } from '@moyo/persistence';
import type { JobsOptions, Queue } from 'bullmq';

/** A 19x19 position input with these moves. */
export function position(moves: KataGoMove[], extra: Partial<PositionInput> = {}): PositionInput {
  return { boardXSize: 19, boardYSize: 19, komi: 6.5, rules: 'japanese', initialStones: [], moves, ...extra };
}

/** The job row and the queue job of a position analysis, as the api makes them. */
export async function submitPosition(
  jobs: JobRepository,
  queue: Queue,
  job: {
    id: string;
    tenantId?: string | null;
    input: PositionInput;
    analyses: string[];
    webhookUrl?: string | null;
    options?: Record<string, unknown>;
    queueOptions?: JobsOptions;
  },
): Promise<void> {
  const tenantId = job.tenantId ?? null;
  await jobs.createIfAbsent({
    id: job.id,
    tenantId,
    kind: 'position',
    input: job.input as never,
    options: { analyses: job.analyses } as never,
    inputHash: hashOf(job.input),
    webhookUrl: job.webhookUrl ?? null,
  });
  const payload: AnalyzePositionJob = {
    name: JobName.AnalyzePosition,
    jobId: job.id,
    tenantId,
    batchId: null,
    analyses: job.analyses,
    options: job.options ?? {},
    input: job.input,
  };
  await queue.add(JobName.AnalyzePosition, payload, {
    ...ANALYSIS_JOB_OPTIONS,
    jobId: job.id,
    ...job.queueOptions,
  });
}

/** The job row and the queue job of an eye-graph analysis. */
export async function submitEyegraph(
  jobs: JobRepository,
  queue: Queue,
  job: { id: string; tenantId?: string | null; input: EyegraphInput; webhookUrl?: string | null },
): Promise<void> {
  const tenantId = job.tenantId ?? null;
  await jobs.createIfAbsent({
    id: job.id,
    tenantId,
    kind: 'eyegraph',
    input: job.input as never,
    inputHash: hashOf(job.input),
    webhookUrl: job.webhookUrl ?? null,
  });
  const payload: AnalyzeEyegraphJob = {
    name: JobName.AnalyzeEyegraph,
    jobId: job.id,
    tenantId,
    batchId: null,
    analyses: ['eyegraph'],
    options: {},
    input: job.input,
  };
  await queue.add(JobName.AnalyzeEyegraph, payload, { ...ANALYSIS_JOB_OPTIONS, jobId: job.id });
}
