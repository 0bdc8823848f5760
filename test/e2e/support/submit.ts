import { ANALYSIS_JOB_OPTIONS, hashOf, JobName, QueueName } from '@moyo/contracts';
import { bullConnectionOptions, JobRepository, PrismaService } from '@moyo/persistence';
import { Queue } from 'bullmq';
import {
  eyegraphJobPayload,
  positionJobPayload,
  submitEyegraph,
  submitPosition,
} from '../../support/job-submission';
import type { WorkloadJob } from './workload';

/**
 * Submits jobs the way the api does, without HTTP: a jobs row, then the queue job with the
 * shared retry options. For tests and benchmarks of the workers alone.
 */
export class DirectSubmitter {
  readonly prisma: PrismaService;
  readonly jobs: JobRepository;
  readonly positions: Queue;
  readonly eyegraphs: Queue;

  constructor(env: { databaseUrl: string; redisUrl: string; redisPrefix: string }) {
    this.prisma = new PrismaService({ databaseUrl: env.databaseUrl, poolSize: 8 });
    this.jobs = new JobRepository(this.prisma);
    const opts = { connection: bullConnectionOptions(env.redisUrl), prefix: env.redisPrefix };
    this.positions = new Queue(QueueName.Positions, opts);
    this.eyegraphs = new Queue(QueueName.Eyegraphs, opts);
  }

  /** Creates the job's row and queues it; `webhookUrl` is the job's own callback. */
  async submit(job: WorkloadJob, tenantId: string | null, webhookUrl: string | null): Promise<void> {
    if (job.kind === 'position')
      await submitPosition(this.jobs, this.positions, { ...job, tenantId, webhookUrl });
    else await submitEyegraph(this.jobs, this.eyegraphs, { ...job, tenantId, webhookUrl });
  }

  /** Many jobs in one statement and one queue round trip per queue (no webhooks). */
  async submitMany(batch: WorkloadJob[], tenantId: string | null = null): Promise<void> {
    if (batch.length === 0) return;
    await this.jobs.createManyIfAbsent(
      batch.map((job) => ({
        id: job.id,
        tenantId,
        kind: job.kind,
        input: job.input as never,
        options: job.kind === 'position' ? ({ analyses: job.analyses } as never) : undefined,
        inputHash: hashOf(job.input),
      })),
    );
    const positions = batch.filter((j) => j.kind === 'position');
    const eyegraphs = batch.filter((j) => j.kind === 'eyegraph');
    await Promise.all([
      positions.length &&
        this.positions.addBulk(
          positions.map((job) => ({
            name: JobName.AnalyzePosition,
            data: positionJobPayload({ ...job, tenantId }),
            opts: { ...ANALYSIS_JOB_OPTIONS, jobId: job.id },
          })),
        ),
      eyegraphs.length &&
        this.eyegraphs.addBulk(
          eyegraphs.map((job) => ({
            name: JobName.AnalyzeEyegraph,
            data: eyegraphJobPayload({ ...job, tenantId }),
            opts: { ...ANALYSIS_JOB_OPTIONS, jobId: job.id },
          })),
        ),
    ]);
  }

  async close(): Promise<void> {
    await Promise.all([this.positions.close(), this.eyegraphs.close()]);
    await this.prisma.onModuleDestroy();
  }
}
