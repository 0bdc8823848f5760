import { verifyWebhookSignature } from '@moyo/contracts';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor, WebhookReceiver } from '../../apps/worker/test/support/webhook-receiver';
import { appsBuilt, ROOT, startApp, waitForOk, type RunningApp } from '../browser/stack';
import { useIsolatedServices } from '../support/services';
import { mixedWorkload, type WorkloadJob } from './support/workload';

const JOBS = 300;

/** A free TCP port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => done(port));
    });
  });
}

/** Runs `fn` over `items` with at most `width` calls in flight. */
async function inParallel<T>(items: T[], width: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

/**
 * The pipeline end to end with real processes from the build: the api and two worker processes;
 * 300 mixed jobs submitted over HTTP; one worker is killed with SIGKILL mid-run and replaced.
 * Every job must complete exactly once, with its result in PostgreSQL, and every webhook must
 * reach the local receiver with a valid signature.
 */
describe.skipIf(!appsBuilt('api', 'worker'))('pipeline end to end: api, worker processes, kill -9', () => {
  const services = useIsolatedServices();
  const receiver = new WebhookReceiver();
  const workers: RunningApp[] = [];
  let api: RunningApp | undefined;
  let baseUrl = '';
  let db: Client;

  beforeAll(async () => {
    await receiver.start();
    db = new Client({ connectionString: services().databaseUrl });
    await db.connect();
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    api = startApp('api', {
      ...services().env,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      WEBHOOK_ALLOWLIST: '127.0.0.1',
    });
    await waitForOk(`${baseUrl}/readyz`, api);
  });
  afterAll(async () => {
    await Promise.all([...workers, ...(api ? [api] : [])].map((w) => w.stop()));
    await db?.end();
    await receiver.stop();
  });

  const workerEnv = () => ({
    ...services().env,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
    WORKER_CONCURRENCY: '4',
    // A killed worker's jobs are taken up again after 3 s (default 30 s).
    WORKER_LOCK_DURATION_MS: '3000',
    WEBHOOK_ALLOWLIST: '127.0.0.1',
    WEBHOOK_BACKOFF_BASE_MS: '200',
    WEBHOOK_RETRY_WINDOW_MS: '20000',
  });
  const count = async (sql: string): Promise<number> => Number((await db.query(sql)).rows[0].n);

  // About 40 s alone; the limit leaves room for a CI machine running other suites at once.
  it(
    'completes every job exactly once and delivers every webhook, across a kill -9',
    { timeout: 360_000 },
    async () => {
      const created = JSON.parse(
        execFileSync(
          process.execPath,
          [resolve(ROOT, 'apps/api/bin/moyo-admin.js'), 'keys', 'create', '--name', 'e2e', '--json'],
          {
            cwd: ROOT,
            env: { ...process.env, ...services().env },
            encoding: 'utf8',
          },
        ),
      ) as { key: string; tenantId: string };
      const auth = { Authorization: `Bearer ${created.key}`, 'Content-Type': 'application/json' };
      const post = async (path: string, body: unknown): Promise<Record<string, unknown>> => {
        const res = await fetch(`${baseUrl}${path}`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify(body),
        });
        const answer = (await res.json()) as Record<string, unknown>;
        if (res.status !== 201 && res.status !== 202)
          throw new Error(`${path} answered ${res.status}: ${JSON.stringify(answer)}`);
        return answer;
      };
      const hook = await post('/v1/webhooks', {
        url: receiver.url('/tenant'),
        events: ['job.completed', 'job.failed'],
      });
      const secret = hook.secret as string;
      const jobSecret = (
        (await (await fetch(`${baseUrl}/v1/webhooks/job-secret`, { headers: auth })).json()) as {
          secret: string;
        }
      ).secret;

      workers.push(startApp('worker', workerEnv()), startApp('worker', workerEnv()));
      const workload = mixedWorkload(JOBS, 'e2e');
      const jobIdOf = new Map<string, string>();
      await inParallel(workload, 8, async (job: WorkloadJob) => {
        const webhookUrl = receiver.url(`/job/${job.id}`);
        const answer =
          job.kind === 'position'
            ? await post('/v1/positions', {
                ...job.input,
                analyses: job.analyses,
                analysisOptions: job.options,
                webhookUrl,
              })
            : await post('/v1/eyegraphs', { ...job.input, webhookUrl });
        jobIdOf.set(job.id, answer.jobId as string);
      });
      // Every request made its own job.
      expect(new Set(jobIdOf.values()).size).toBe(JOBS);
      const workloadIdOf = new Map([...jobIdOf].map(([w, j]) => [j, w]));

      // Kill one worker with SIGKILL once a third of the jobs are done, and start a replacement.
      await waitFor(
        'a third of the jobs',
        async () => (await count(`SELECT count(*) AS n FROM job_results`)) >= JOBS / 3,
        120_000,
        100,
      );
      workers[0].child.kill('SIGKILL');
      await new Promise((r) => workers[0].child.once('exit', r));
      workers.push(startApp('worker', workerEnv()));

      await waitFor(
        'every job to finish',
        async () =>
          (await count(`SELECT count(*) AS n FROM jobs WHERE status IN ('completed','failed')`)) === JOBS,
        180_000,
        200,
      ).catch((err: Error) => {
        throw new Error(`${err.message}\n${workers.map((w) => `--- ${w.name}\n${w.output()}`).join('\n')}`);
      });

      // Exactly once: every job completed with one result, nothing failed in the queues.
      const statuses = await db.query<{ status: string; n: string }>(
        `SELECT status::text, count(*) AS n FROM jobs GROUP BY status`,
      );
      expect(statuses.rows).toEqual([{ status: 'completed', n: String(JOBS) }]);
      expect(await count(`SELECT count(*) AS n FROM job_results`)).toBe(JOBS);
      expect(await count(`SELECT count(*) AS n FROM jobs j JOIN job_results r ON r.job_id = j.id`)).toBe(
        JOBS,
      );
      const sample = await db.query<{ kind: string; result: { analyses?: object; value?: string } }>(
        `SELECT j.kind::text AS kind, r.result FROM jobs j JOIN job_results r ON r.job_id = j.id`,
      );
      for (const row of sample.rows) {
        if (row.kind === 'position') expect(Object.keys(row.result.analyses ?? {}).length).toBeGreaterThan(0);
        else expect(row.result.value).toMatch(/^[0-2]{4}$/);
      }
      // Some repeated positions were answered from the cache.
      expect(await count(`SELECT count(*) AS n FROM jobs WHERE timings->>'cache' = 'hit'`)).toBeGreaterThan(
        0,
      );

      // Every delivery (the job's own URL and the tenant's webhook, for each job) delivered once in
      // the database, and arrived with a valid signature.
      await waitFor(
        'every delivery to settle',
        async () =>
          (await count(`SELECT count(*) AS n FROM webhook_deliveries WHERE status = 'delivered'`)) ===
          2 * JOBS,
        120_000,
        200,
      );
      expect(await count(`SELECT count(*) AS n FROM webhook_deliveries`)).toBe(2 * JOBS);
      const deliveries = await db.query<{ id: string; job_id: string; webhook_id: string | null }>(
        `SELECT id, job_id, webhook_id FROM webhook_deliveries`,
      );
      const byId = new Map(deliveries.rows.map((d) => [d.id, d]));
      const arrived = new Set<string>();
      for (const got of receiver.received) {
        const deliveryId = got.headers['moyo-delivery-id'] as string;
        const row = byId.get(deliveryId);
        expect(row, `unknown delivery ${deliveryId}`).toBeDefined();
        const signingSecret = row!.webhook_id ? secret : jobSecret;
        expect(
          verifyWebhookSignature(signingSecret, got.body, got.headers['moyo-signature'] as string),
        ).toBeNull();
        const body = JSON.parse(got.body) as { id: string; status: string };
        expect(body.id).toBe(row!.job_id);
        expect(got.path).toBe(row!.webhook_id ? '/tenant' : `/job/${workloadIdOf.get(row!.job_id)}`);
        arrived.add(deliveryId);
      }
      expect(arrived.size).toBe(2 * JOBS);

      // And the api shows each job completed with its result.
      for (const jobId of [...jobIdOf.values()].slice(0, 20)) {
        const view = (await (await fetch(`${baseUrl}/v1/jobs/${jobId}`, { headers: auth })).json()) as {
          status: string;
          result: unknown;
        };
        expect(view.status).toBe('completed');
        expect(view.result).not.toBeNull();
      }
    },
  );
});
