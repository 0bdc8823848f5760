/**
 * Pipeline benchmark: jobs per second and submit-to-completion latency (p50/p99) with 1 and 2
 * worker processes (from the build), for a cheap job (Freihofner map of a 19x19 position) and a
 * CPU-bound one (full territory analysis: territory, dead stones, score, move values), plus the
 * latency of cheap jobs offered at a fixed rate. Jobs are submitted as the api does (jobs row,
 * then the queue job) but in batches and without HTTP, so the numbers are the workers'.
 *
 * Run: `npm run build && npm run bench:pipeline` (= `npx tsx bench/pipeline.ts`), with
 * DATABASE_URL (an admin URL: a scratch database is created and dropped) and REDIS_URL.
 * Options: --cheap N (jobs, default 2000), --territory N (default 120), --rate R (jobs/s offered,
 * default 200), --seconds S (of offered load, default 10), --concurrency C (per worker, default 16).
 */
import { JobName, QueueName } from '@moyo/contracts';
import { bullConnectionOptions } from '@moyo/persistence';
import { QueueEvents } from 'bullmq';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { appsBuilt, startApp, type RunningApp } from '../test/browser/stack';
import { DirectSubmitter } from '../test/e2e/support/submit';
import { cheapJobs, territoryJobs, type WorkloadJob } from '../test/e2e/support/workload';
import { dropDatabase } from '../test/support/cleanup';
import { createMigratedDatabase } from '../test/support/database';
import { integerOption } from './support/args';

const CHEAP = integerOption('bench:pipeline', '--cheap', 400);
const TRIVIAL = integerOption('bench:pipeline', '--trivial', 1000);
const TERRITORY = integerOption('bench:pipeline', '--territory', 40);
const RATE = integerOption('bench:pipeline', '--rate', 200);
const SECONDS = integerOption('bench:pipeline', '--seconds', 3);
const CONCURRENCY = integerOption('bench:pipeline', '--concurrency', 16);

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

interface Scenario {
  name: string;
  workers: number;
  workerEnv: Record<string, string>;
}

interface Measured {
  scenario: string;
  jobs: number;
  seconds: number;
  jobsPerSecond: number;
  p50: number;
  p99: number;
}

const quantile = (sorted: number[], q: number): number =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `moyo_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const url = await createMigratedDatabase(ADMIN_URL, name);
  return { url, drop: () => dropDatabase(ADMIN_URL, name) };
}

/** Starts the workers of a scenario on its own Redis prefix and waits until they consume. */
async function startWorkers(scenario: Scenario, databaseUrl: string, prefix: string): Promise<RunningApp[]> {
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    WEBHOOK_SECRET_KEY: 'bench-only-webhook-secret-key',
    ...scenario.workerEnv,
  };
  return Array.from({ length: scenario.workers }, () => startApp('worker', env));
}

/**
 * Submits `jobs` (in batches of `batch`, every `everyMs` when given, else back to back) and
 * returns the time from the first submission to the last completion and each job's latency.
 */
async function run(
  submitter: DirectSubmitter,
  events: QueueEvents,
  jobs: WorkloadJob[],
  pace: { batch: number; everyMs?: number },
): Promise<{ seconds: number; latencies: number[] }> {
  const submitted = new Map<string, number>();
  const latencies: number[] = [];
  let last = 0;
  const done = new Promise<void>((resolveDone, reject) => {
    const onCompleted = ({ jobId }: { jobId: string }) => {
      const t = submitted.get(jobId);
      if (t === undefined) return;
      submitted.delete(jobId);
      last = performance.now();
      latencies.push(last - t);
      if (latencies.length === jobs.length) {
        events.off('completed', onCompleted);
        events.off('failed', onFailed);
        resolveDone();
      }
    };
    const onFailed = ({ jobId, failedReason }: { jobId: string; failedReason: string }) => {
      if (submitted.has(jobId)) reject(new Error(`job ${jobId} failed: ${failedReason}`));
    };
    events.on('completed', onCompleted);
    events.on('failed', onFailed);
  });
  const t0 = performance.now();
  for (let i = 0; i < jobs.length; i += pace.batch) {
    const batch = jobs.slice(i, i + pace.batch);
    if (pace.everyMs !== undefined) {
      const due = t0 + (i / pace.batch) * pace.everyMs;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
    const now = performance.now();
    for (const job of batch) submitted.set(job.id, now);
    await submitter.submitMany(batch);
  }
  await done;
  return { seconds: (last - t0) / 1000, latencies: latencies.sort((a, b) => a - b) };
}

function summarise(scenario: string, result: { seconds: number; latencies: number[] }): Measured {
  const jobs = result.latencies.length;
  return {
    scenario,
    jobs,
    seconds: Math.round(result.seconds * 100) / 100,
    jobsPerSecond: Math.round((jobs / result.seconds) * 10) / 10,
    p50: Math.round(quantile(result.latencies, 0.5)),
    p99: Math.round(quantile(result.latencies, 0.99)),
  };
}

async function main(): Promise<void> {
  if (!appsBuilt('worker')) {
    process.stderr.write(
      'bench:pipeline: build first (npm run build): apps/worker/dist/main.js is missing\n',
    );
    process.exit(2);
  }
  const database = await createDatabase();
  const redis = new Redis(REDIS_URL);
  const results: Measured[] = [];
  try {
    for (const workers of [1, 2]) {
      const label = `${workers} worker${workers > 1 ? 's' : ''}`;
      const prefix = `moyo_bench_${randomBytes(4).toString('hex')}`;
      const scenario: Scenario = {
        name: label,
        workers,
        workerEnv: { WORKER_CONCURRENCY: String(CONCURRENCY), WORKER_ENGINE_THREADS: '1' },
      };
      const apps = await startWorkers(scenario, database.url, prefix);
      const env = { databaseUrl: database.url, redisUrl: REDIS_URL, redisPrefix: prefix };
      const submitter = new DirectSubmitter(env);
      const connection = bullConnectionOptions(REDIS_URL);
      const positionEvents = new QueueEvents(QueueName.Positions, { connection, prefix });
      await positionEvents.waitUntilReady();
      // Positions differ between runs (seed per run), so no run is answered from the cache.
      const seed = (k: number) => workers * 100 + k;
      const measure = async (
        name: string,
        jobs: WorkloadJob[],
        pace: { batch: number; everyMs?: number },
      ) => {
        results.push(summarise(`${name}, ${label}`, await run(submitter, positionEvents, jobs, pace)));
        process.stdout.write(
          `  ${results[results.length - 1].scenario}: ${results[results.length - 1].jobsPerSecond} jobs/s\n`,
        );
      };
      const offered = { batch: Math.max(1, Math.round(RATE / 50)), everyMs: 1000 / 50 };
      try {
        // Warm up: threads started, connections open, JIT warm.
        await run(submitter, positionEvents, cheapJobs(40, `warm-${workers}`, seed(1)), { batch: 40 });
        await run(submitter, positionEvents, territoryJobs(4, `warmt-${workers}`, seed(2)), { batch: 4 });

        await measure(
          'trivial (board), saturated',
          cheapJobs(TRIVIAL, `triv-${workers}`, seed(3), ['board']),
          {
            batch: 100,
          },
        );
        await measure(
          `trivial (board), ${RATE} jobs/s offered`,
          cheapJobs(RATE * SECONDS, `trivr-${workers}`, seed(4), ['board']),
          offered,
        );
        await measure('cheap (freihofner), saturated', cheapJobs(CHEAP, `cheap-${workers}`, seed(5)), {
          batch: 100,
        });
        await measure(
          `cheap (freihofner), ${RATE} jobs/s offered`,
          cheapJobs(RATE * SECONDS, `rate-${workers}`, seed(6)),
          offered,
        );
        await measure('territory (full), saturated', territoryJobs(TERRITORY, `terr-${workers}`, seed(7)), {
          batch: TERRITORY,
        });
      } finally {
        await positionEvents.close();
        await submitter.close();
        await Promise.all(apps.map((a) => a.stop()));
        const keys = await redis.keys(`${prefix}:*`);
        if (keys.length) await redis.unlink(...keys);
      }
    }
  } finally {
    redis.disconnect();
    await database.drop();
  }

  process.stdout.write(
    `\npipeline benchmark (${new Date().toISOString()}, node ${process.version}, per worker: ` +
      `WORKER_CONCURRENCY=${CONCURRENCY}, WORKER_ENGINE_THREADS=1; job name ${JobName.AnalyzePosition})\n\n`,
  );
  const rows = results.map((r) => [r.scenario, r.jobs, r.seconds, r.jobsPerSecond, r.p50, r.p99].map(String));
  const head = ['scenario', 'jobs', 'seconds', 'jobs/s', 'p50 ms', 'p99 ms'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  process.stdout.write(`${line(head)}\n${rows.map(line).join('\n')}\n`);
  const one = results.find((r) => r.scenario.startsWith('territory') && r.scenario.endsWith('1 worker'));
  const two = results.find((r) => r.scenario.startsWith('territory') && r.scenario.endsWith('2 workers'));
  if (one && two) {
    process.stdout.write(
      `\nterritory speed-up, 2 workers over 1: ${(two.jobsPerSecond / one.jobsPerSecond).toFixed(2)}x\n`,
    );
  }
}

main().catch((err: unknown) => {
  process.stderr.write(
    `bench:pipeline: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
