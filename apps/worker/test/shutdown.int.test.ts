import { QueueName } from '@moyo/contracts';
import { bullConnectionOptions, JobRepository, ResultRepository } from '@moyo/persistence';
import { Queue } from 'bullmq';
import { Client } from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { useIsolatedServices } from '../../../test/support/services';
import { createWorkerApp } from '../src/bootstrap';
import { WorkerConfig } from '../src/config/worker-config';
import { submitPosition } from '../../../test/support/job-submission';
import { position } from './support/jobs';
import { waitFor } from './support/webhook-receiver';

describe('worker graceful shutdown', () => {
  const services = useIsolatedServices();
  let queue: Queue | undefined;
  afterAll(async () => {
    await queue?.close();
  });

  it('finishes the jobs in flight when it closes', async () => {
    const worker = await createWorkerApp(
      WorkerConfig.fromEnv({ ...services().env, WORKER_CONCURRENCY: '4' }),
    );
    queue = new Queue(QueueName.Positions, {
      connection: bullConnectionOptions(services().redisUrl),
      prefix: services().redisPrefix,
    });
    const jobs = worker.get(JobRepository);
    const results = worker.get(ResultRepository);
    const ids = Array.from({ length: 24 }, (_, i) => `position-shutdown-${i}`);
    for (const [i, id] of ids.entries()) {
      await submitPosition(jobs, queue, {
        id,
        input: position([['B', 'D4']], { komi: 100 + i }),
        analyses: ['territory', 'deadStones', 'moveValues'],
      });
    }
    await waitFor('some jobs to complete', async () => (await results.countResults(ids)) >= 2, 60_000, 10);
    await worker.close();

    // Nothing was cut off: each job is completed with its result or still waiting, none running.
    const db = new Client({ connectionString: services().databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ id: string; status: string; has_result: boolean }>(
        `SELECT j.id, j.status::text AS status, r.job_id IS NOT NULL AS has_result
           FROM jobs j LEFT JOIN job_results r ON r.job_id = j.id`,
      );
      expect(rows).toHaveLength(ids.length);
      for (const row of rows) {
        expect(['completed', 'queued']).toContain(row.status);
        expect(row.has_result).toBe(row.status === 'completed');
      }
      const waiting = rows.filter((r) => r.status === 'queued').map((r) => r.id);
      const left = await queue.getJobs(['waiting', 'active', 'prioritized']);
      expect(left.map((j) => j.id).sort()).toEqual(waiting.sort());
      expect(await queue.getActiveCount()).toBe(0);
    } finally {
      await db.end();
    }
  });
});
