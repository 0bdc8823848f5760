import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { ApiKeyRepository, PrismaService, TenantRepository } from '@moyo/persistence';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyAdmin } from '../../apps/api/src/admin/key-admin';
import { createApiApp } from '../../apps/api/src/bootstrap';
import { ApiConfig } from '../../apps/api/src/config/api-config';
import { createWorkerApp } from '../../apps/worker/src/bootstrap';
import { WorkerConfig } from '../../apps/worker/src/config/worker-config';
import { waitFor, WebhookReceiver } from '../../apps/worker/test/support/webhook-receiver';
import { appsBuilt, startApp, type RunningApp } from '../browser/stack';
import { hasPostgresServer, type PrivatePostgres } from '../support/private-postgres';
import { hasRedisServer, startPrivateRedis, type PrivateRedis } from '../support/private-redis';
import { startFaultServices } from './support/fault-services';
import { position, type Tally } from './support/load';
import { listenOnLoopback } from '../support/listen';

/** Longer than BullMQ's whole retry schedule of a job (1 + 2 + 4 + 8 s): an outage no retry outlasts. */
const POSTGRES_OUTAGE_MS = 16_000;

if (!hasPostgresServer || !hasRedisServer) {
  console.warn('[faults] SKIPPED: needs initdb/pg_ctl and redis-server');
}

/**
 * Fault injection against a PostgreSQL and a Redis of the suite's own (initdb into a temporary
 * directory, redis-server without persistence, both on private ports), with the api and a worker
 * in this process: PostgreSQL stopped under load for longer than a job's retries last, and Redis
 * restarted with the loss of every queued job and scheduled delivery. After each, every accepted
 * job must end, once; requests during an outage must get 503 with Retry-After, never 500.
 */
describe.runIf(hasPostgresServer && hasRedisServer)('faults: every accepted job ends', () => {
  let pg: PrivatePostgres;
  let redis: PrivateRedis;
  let redisPort: number;
  let db: Client;
  let env: Record<string, string>;
  let api: INestApplication;
  let baseUrl = '';
  let key = '';
  let worker: INestApplicationContext | undefined;
  const receiver = new WebhookReceiver();

  const startWorker = async () =>
    createWorkerApp(
      WorkerConfig.fromEnv({
        ...env,
        WORKER_CONCURRENCY: '4',
        WORKER_LOCK_DURATION_MS: '5000',
        WORKER_STALLED_INTERVAL_MS: '1000',
        RECONCILE_INTERVAL_MS: '1000',
        RECONCILE_GRACE_MS: '2000',
        WEBHOOK_BACKOFF_BASE_MS: '300',
        WEBHOOK_RETRY_WINDOW_MS: '120000',
      }),
    );

  beforeAll(async () => {
    ({ pg, redis, db, env } = await startFaultServices('moyo_faults', { WEBHOOK_ALLOWLIST: '127.0.0.1' }));
    redisPort = Number(new URL(redis.url).port);
    await receiver.start();
    api = await createApiApp(ApiConfig.fromEnv(env));
    baseUrl = await listenOnLoopback(api);
    key = (await new KeyAdmin(api.get(TenantRepository), api.get(ApiKeyRepository)).create('faults')).key;
    worker = await startWorker();
  });
  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await db?.end().catch(() => undefined);
    await receiver.stop();
    await redis?.kill();
    pg?.destroy();
  });

  let next = 0;
  /** Submits positions, `width` at a time, until `until()` says stop; tallies the answers. */
  async function submitUntil(tally: Tally, until: () => boolean, width = 4, webhookPath?: string) {
    await Promise.all(
      Array.from({ length: width }, async () => {
        while (!until()) {
          const body = {
            ...position(next++),
            ...(webhookPath ? { webhookUrl: receiver.url(webhookPath) } : {}),
          };
          let res: Response;
          try {
            res = await fetch(`${baseUrl}/v1/positions`, {
              method: 'POST',
              headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
              body: JSON.stringify(body),
            });
          } catch (err) {
            tally.other.push(`network ${(err as Error).message}`);
            continue;
          }
          const text = await res.text();
          if (res.status === 202) tally.accepted.push((JSON.parse(text) as { jobId: string }).jobId);
          else if (res.status === 503) {
            tally.unavailable++;
            const json = (() => {
              try {
                return JSON.parse(text) as { statusCode?: number };
              } catch {
                return undefined;
              }
            })();
            if (res.headers.get('retry-after') === null || json?.statusCode !== 503) tally.badUnavailable++;
            // Back off a little, as a client told to retry later would.
            await new Promise((r) => setTimeout(r, 50));
          } else tally.other.push(`${res.status} ${text.slice(0, 200)}`);
        }
      }),
    );
  }

  /** Statuses of the jobs, by status. */
  async function statuses(ids: string[]): Promise<Record<string, number>> {
    const rows = await db.query<{ status: string; n: string }>(
      'SELECT status::text, count(*) AS n FROM jobs WHERE id = ANY($1) GROUP BY status',
      [ids],
    );
    return Object.fromEntries(rows.rows.map((r) => [r.status, Number(r.n)]));
  }

  async function allEnded(ids: string[]): Promise<Record<string, number>> {
    return waitFor(
      `all ${ids.length} accepted jobs to end`,
      async () => {
        const byStatus = await statuses(ids);
        return (byStatus.queued ?? 0) + (byStatus.running ?? 0) === 0 ? byStatus : undefined;
      },
      100_000,
      250,
    );
  }

  // About 30 s alone; the limit leaves room for a loaded CI machine.
  it(
    `PostgreSQL stopped under load for ${POSTGRES_OUTAGE_MS / 1000} s: 503s meanwhile, then every accepted job completes once`,
    { timeout: 300_000 },
    async () => {
      const tally: Tally = { accepted: [], unavailable: 0, badUnavailable: 0, other: [] };
      let phase: 'before' | 'down' | 'after' | 'done' = 'before';
      let acceptedAtRestart = 0;
      const load = submitUntil(tally, () => phase === 'done');
      // Stop it while the worker has a backlog: jobs queued and running when the database goes.
      // (A machine fast enough to keep up stops it after 200 accepted jobs anyway.)
      const inFlightAtStop = await waitFor(
        '30 accepted jobs, 10 of them not yet done',
        async () => {
          if (tally.accepted.length < 30) return undefined;
          const byStatus = await statuses(tally.accepted);
          const open = (byStatus.queued ?? 0) + (byStatus.running ?? 0);
          return open >= 10 || tally.accepted.length >= 200 ? open : undefined;
        },
        90_000,
        20,
      );
      await db.end();
      pg.stop();
      phase = 'down';
      const stoppedAt = Date.now();
      await waitFor(
        'the outage to last',
        () => Date.now() - stoppedAt >= POSTGRES_OUTAGE_MS,
        POSTGRES_OUTAGE_MS + 5000,
        200,
      );
      const unavailableDuringOutage = tally.unavailable;
      pg.start();
      phase = 'after';
      acceptedAtRestart = tally.accepted.length;
      await waitFor('20 more accepted jobs', () => tally.accepted.length >= acceptedAtRestart + 20, 60_000);
      phase = 'done';
      await load;

      db = new Client({ connectionString: env.DATABASE_URL });
      db.on('error', () => undefined);
      await db.connect();
      const byStatus = await allEnded(tally.accepted);
      const results = await db.query<{ n: string }>(
        'SELECT count(*) AS n FROM job_results WHERE job_id = ANY($1)',
        [tally.accepted],
      );
      // No connection lost in the outage stays checked out of the pools (a process with none left hangs).
      const heldAtEnd = [api, worker!].map((app) => app.get(PrismaService).checkedOutConnections());
      const held = await waitFor(
        'the pools to hold no lost connection',
        () => {
          const n = [api, worker!].map((app) => app.get(PrismaService).checkedOutConnections());
          return n.every((k) => k === 0) ? n : undefined;
        },
        30_000,
        200,
      );
      console.log(
        `[faults] PostgreSQL down ${POSTGRES_OUTAGE_MS} ms: accepted ${tally.accepted.length} ` +
          `(${inFlightAtStop} not done when it stopped), ` +
          `503 ${tally.unavailable} (${unavailableDuringOutage} by the restart), other ${tally.other.length}, ` +
          `jobs ${JSON.stringify(byStatus)}, results ${results.rows[0].n}, ` +
          `connections checked out (api, worker) ${JSON.stringify(heldAtEnd)} then ${JSON.stringify(held)}`,
      );
      if (tally.other.length) console.log(`[faults] other answers: ${tally.other.join(' | ')}`);
      expect(held).toEqual([0, 0]);
      expect(tally.other).toEqual([]);
      expect(tally.badUnavailable).toBe(0);
      expect(unavailableDuringOutage).toBeGreaterThan(0);
      expect(byStatus).toEqual({ completed: new Set(tally.accepted).size });
      expect(Number(results.rows[0].n)).toBe(new Set(tally.accepted).size);
    },
  );

  it(
    'Redis restarted without its data: queued jobs and scheduled deliveries are queued again and end once',
    { timeout: 300_000 },
    async () => {
      // Deliveries that failed once and wait for their retry, in Redis only.
      receiver.respond = (path) => (path === '/flaky' ? 500 : 200);
      const tally: Tally = { accepted: [], unavailable: 0, badUnavailable: 0, other: [] };
      await submitUntil(tally, () => tally.accepted.length >= 10, 2, '/flaky');
      await waitFor(
        'the first delivery attempts',
        async () => {
          const r = await db.query<{ n: string }>(
            "SELECT count(*) AS n FROM webhook_deliveries WHERE job_id = ANY($1) AND status = 'pending' AND attempts >= 1",
            [tally.accepted],
          );
          return Number(r.rows[0].n) === tally.accepted.length;
        },
        60_000,
        100,
      );
      // Jobs accepted while no worker runs: queued in Redis only.
      await worker?.close();
      worker = undefined;
      const queuedBefore = tally.accepted.length;
      await submitUntil(tally, () => tally.accepted.length >= queuedBefore + 30, 4, '/flaky');

      await redis.kill();
      redis = await startPrivateRedis(redisPort);
      const back = Date.now();
      receiver.respond = () => 200;
      await waitFor(
        '/readyz to answer 200',
        async () => (await fetch(`${baseUrl}/readyz`)).status === 200,
        30_000,
        50,
      );
      const readyAfterMs = Date.now() - back;
      worker = await startWorker();

      const byStatus = await allEnded(tally.accepted);
      const ids = [...new Set(tally.accepted)];
      await waitFor(
        'every delivery to be delivered',
        async () => {
          const r = await db.query<{ status: string; n: string }>(
            'SELECT status::text, count(*) AS n FROM webhook_deliveries WHERE job_id = ANY($1) GROUP BY status',
            [ids],
          );
          const counts = Object.fromEntries(r.rows.map((row) => [row.status, Number(row.n)]));
          return counts.delivered === ids.length && Object.keys(counts).length === 1;
        },
        100_000,
        250,
      );
      const succeeded = receiver.on('/flaky').filter((w) => w.status === 200);
      const perDelivery = new Map<string, number>();
      for (const w of succeeded) {
        const id = String(w.headers['moyo-delivery-id']);
        perDelivery.set(id, (perDelivery.get(id) ?? 0) + 1);
      }
      console.log(
        `[faults] Redis restarted empty: accepted ${ids.length} (${queuedBefore} with a delivery awaiting retry), ` +
          `/readyz 200 after ${readyAfterMs} ms, jobs ${JSON.stringify(byStatus)}, ` +
          `deliveries received ${succeeded.length} for ${perDelivery.size} ids`,
      );
      expect(tally.other).toEqual([]);
      expect(byStatus).toEqual({ completed: ids.length });
      expect(perDelivery.size).toBe(ids.length);
      expect([...perDelivery.values()].every((n) => n === 1)).toBe(true);
    },
  );

  // Needs the built worker (npm run build; CI builds before testing): a process to kill -9.
  it.runIf(appsBuilt('worker'))(
    'worker processes killed with SIGKILL twice under load: every job ends, once',
    { timeout: 480_000 },
    async () => {
      await worker?.close();
      worker = undefined;
      receiver.respond = () => 200;
      const tally: Tally = { accepted: [], unavailable: 0, badUnavailable: 0, other: [] };
      const ids = () => [...new Set(tally.accepted)];
      const processEnv = {
        ...env,
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
        WORKER_CONCURRENCY: '4',
        WORKER_LOCK_DURATION_MS: '2000',
        WORKER_STALLED_INTERVAL_MS: '500',
        RECONCILE_INTERVAL_MS: '1000',
        RECONCILE_GRACE_MS: '2000',
      };
      const completed = async () => (await statuses(ids())).completed ?? 0;
      const running = async () => (await statuses(ids())).running ?? 0;
      const killed: number[] = [];
      const processes: RunningApp[] = [];
      try {
        for (let round = 0; round < 2; round++) {
          // A fresh backlog for each victim, so a fast machine cannot finish every job before the kill.
          const target = tally.accepted.length + 60;
          await submitUntil(tally, () => tally.accepted.length >= target, 4, '/killed');
          const before = await completed();
          const victim = startApp('worker', processEnv);
          processes.push(victim);
          // Kill it in the middle of its work: some jobs done by it, some running.
          await waitFor(
            `worker ${round + 1} to complete jobs and hold running ones`,
            async () => (await completed()) >= before + 5 && (await running()) > 0,
            90_000,
            20,
          );
          killed.push(await running());
          const exited = new Promise((resolve) => victim.child.once('exit', resolve));
          victim.child.kill('SIGKILL');
          await exited;
        }
        worker = await startWorker();
        const all = ids();
        const byStatus = await allEnded(all);
        const results = await db.query<{ n: string }>(
          'SELECT count(*) AS n FROM job_results WHERE job_id = ANY($1)',
          [all],
        );
        const failed = await db.query<{ error: { code?: string; message?: string } }>(
          "SELECT error FROM jobs WHERE id = ANY($1) AND status = 'failed'",
          [all],
        );
        await waitFor(
          'a webhook for every job',
          () => new Set(receiver.on('/killed').map((w) => JSON.parse(w.body).id)).size === all.length,
          // Deliveries a killed worker held are retried with backoff; a loaded machine needs the time.
          240_000,
          250,
        );
        const received = receiver.on('/killed').map((w) => String(w.headers['moyo-delivery-id']));
        console.log(
          `[faults] worker killed twice: accepted ${all.length}, running at the kills ${JSON.stringify(killed)}, ` +
            `jobs ${JSON.stringify(byStatus)}, results ${results.rows[0].n}, ` +
            `webhooks ${received.length} for ${new Set(received).size} deliveries`,
        );
        expect(tally.other).toEqual([]);
        expect((byStatus.completed ?? 0) + (byStatus.failed ?? 0)).toBe(all.length);
        expect(Number(results.rows[0].n)).toBe(byStatus.completed ?? 0);
        // A job stalled twice is failed by BullMQ; the reconciler records why.
        for (const row of failed.rows) expect(row.error.code).toBe('queue_gave_up');
      } finally {
        for (const p of processes) await p.stop();
      }
    },
  );
});
