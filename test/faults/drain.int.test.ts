import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { positionQueueOf } from '@moyo/contracts';
import { ApiKeyRepository, GameStreamRepository, TenantRepository } from '@moyo/persistence';
import { Redis } from 'ioredis';
import type { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyAdmin } from '../../apps/api/src/admin/key-admin';
import { createApiApp } from '../../apps/api/src/bootstrap';
import { ApiConfig } from '../../apps/api/src/config/api-config';
import { createIngestApp } from '../../apps/ingest/src/bootstrap';
import { IngestConfig } from '../../apps/ingest/src/config/ingest-config';
import { createWorkerApp } from '../../apps/worker/src/bootstrap';
import { WorkerConfig } from '../../apps/worker/src/config/worker-config';
import { waitFor } from '../../apps/worker/test/support/webhook-receiver';
import { appsBuilt, startApp, type RunningApp } from '../browser/stack';
import { FakeOgsServer, gameFromSgf } from '../support/fake-ogs-server';
import { hasPostgresServer, type PrivatePostgres } from '../support/private-postgres';
import { hasRedisServer, type PrivateRedis } from '../support/private-redis';
import { startFaultServices } from './support/fault-services';
import { allEnded, countByStatus, newTally, resultCounts, submitUntil } from './support/load';
import { listenOnLoopback } from '../support/listen';

/** The worker's own limit on a whole shutdown (apps/worker/src/main.ts): past it, it exits with 1. */
const WORKER_SHUTDOWN_LIMIT_MS = 25_000;
const SGF = readFileSync(join(__dirname, '../../apps/ingest/test/fixtures/gnugo-selfplay-13x13.sgf'), 'utf8');

interface Exit {
  code: number | null;
  signal: string | null;
  afterMs: number;
}

/** Sends `signal` to a built app's process and waits for its exit (undefined: still running at `limitMs`). */
async function stopWith(app: RunningApp, signal: NodeJS.Signals, limitMs: number): Promise<Exit | undefined> {
  const at = Date.now();
  const exited = new Promise<Exit>((resolve) =>
    app.child.once('exit', (code, sig) => resolve({ code, signal: sig, afterMs: Date.now() - at })),
  );
  app.child.kill(signal);
  return Promise.race([exited, new Promise<undefined>((r) => setTimeout(() => r(undefined), limitMs))]);
}

/** The JSON log lines of a built app's output with the given message. */
function logLines(app: RunningApp, msg: string): Record<string, unknown>[] {
  return app
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{') && l.includes(msg))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/**
 * Fault injection, third part (see outages.int.test.ts): worker and ingest processes stopped with
 * SIGTERM in the middle of their work. A worker stops taking jobs, lets the jobs in flight finish
 * (or, past WORKER_DRAIN_TIMEOUT_MS, leaves them to their locks), closes its pools and exits 0;
 * an ingest replica stops following, releases its leases, closes its OGS socket and pools and
 * exits 0, and its successor goes on from the last recorded move. The api runs in this process;
 * PostgreSQL and Redis are the suite's own, on private ports.
 */
describe.runIf(hasPostgresServer && hasRedisServer && appsBuilt('worker', 'ingest'))(
  'faults: worker and ingest drain on SIGTERM',
  () => {
    let pg: PrivatePostgres;
    let redis: PrivateRedis;
    let db: Client;
    let env: Record<string, string>;
    let api: INestApplication;
    let baseUrl = '';
    /** Two tenants' keys: one tenant's jobs go to position shard 0, the other's to shard 1. */
    const keys: string[] = [];
    const processes: RunningApp[] = [];
    const inProcess: INestApplicationContext[] = [];

    beforeAll(async () => {
      // Two position queues: the drain must stop the shard workers too.
      ({ pg, redis, db, env } = await startFaultServices('moyo_faults3', { QUEUE_SHARDS: '2' }));
      api = await createApiApp(ApiConfig.fromEnv(env));
      baseUrl = await listenOnLoopback(api);
      const admin = new KeyAdmin(api.get(TenantRepository), api.get(ApiKeyRepository));
      const byShard = new Map<string, string>();
      while (byShard.size < 2) {
        const created = await admin.create(`drain-${byShard.size}`);
        byShard.set(positionQueueOf('any', created.tenantId, 2), created.key);
      }
      keys.push(...byShard.values());
    });
    afterAll(async () => {
      for (const p of processes) await p.stop();
      for (const app of inProcess) await app.close();
      await api?.close();
      await db?.end().catch(() => undefined);
      await redis?.kill();
      pg?.destroy();
    });

    /** Accepts `count` jobs (no worker runs yet: they wait in the queue). */
    async function backlog(count: number): Promise<string[]> {
      const tally = newTally();
      const until = () => tally.accepted.length >= count;
      await Promise.all(
        keys.map((key) => submitUntil({ baseUrl: () => baseUrl, key, tally, until, width: 2 })),
      );
      expect(tally.other).toEqual([]);
      return [...new Set(tally.accepted)];
    }

    const runningIds = async (ids: string[]) =>
      (
        await db.query<{ id: string }>("SELECT id FROM jobs WHERE id = ANY($1) AND status = 'running'", [ids])
      ).rows.map((r) => r.id);

    /** A worker in this process that takes over what is left. */
    async function successorWorker(): Promise<void> {
      inProcess.push(
        await createWorkerApp(
          WorkerConfig.fromEnv({
            ...env,
            WORKER_CONCURRENCY: '4',
            WORKER_LOCK_DURATION_MS: '2000',
            WORKER_STALLED_INTERVAL_MS: '500',
            RECONCILE_INTERVAL_MS: '1000',
            RECONCILE_GRACE_MS: '2000',
          }),
        ),
      );
    }

    /** Starts a built worker on the backlog and waits until it has completed some jobs and runs others. */
    async function busyWorker(ids: string[], drainTimeoutMs: number) {
      const worker = startApp('worker', {
        ...env,
        LOG_LEVEL: 'info',
        WORKER_CONCURRENCY: '4',
        WORKER_LOCK_DURATION_MS: '2000',
        WORKER_STALLED_INTERVAL_MS: '500',
        WORKER_DRAIN_TIMEOUT_MS: String(drainTimeoutMs),
      });
      processes.push(worker);
      // One read gives both: the signal follows it at once, so the jobs it saw running are in flight.
      const busy = await waitFor(
        'the worker to complete jobs and hold running ones',
        async () => {
          const rows = await db.query<{ id: string; status: string }>(
            "SELECT id, status::text FROM jobs WHERE id = ANY($1) AND status IN ('running', 'completed')",
            [ids],
          );
          const running = rows.rows.filter((r) => r.status === 'running').map((r) => r.id);
          const completed = rows.rows.length - running.length;
          return completed >= 5 && running.length > 0 ? { running, completed } : undefined;
        },
        90_000,
        20,
      );
      return { worker, runningAtSigterm: busy.running, completedAtSigterm: busy.completed };
    }

    it(
      'worker SIGTERM under load: stops taking jobs, the jobs in flight finish, pools close, exit 0',
      { timeout: 240_000 },
      async () => {
        const ids = await backlog(240);
        const { worker, runningAtSigterm, completedAtSigterm } = await busyWorker(ids, 15_000);
        const exit = await stopWith(worker, 'SIGTERM', WORKER_SHUTDOWN_LIMIT_MS + 5_000);
        // Right after the exit, before any other worker runs: what it left.
        const atExit = await countByStatus(db, 'jobs', ids);
        const inFlight = await db.query<{ status: string; attempts: number }>(
          'SELECT status::text, attempts FROM jobs WHERE id = ANY($1)',
          [runningAtSigterm],
        );
        const drained = logLines(worker, 'drained: the jobs in flight finished');
        await successorWorker();
        const byStatus = await allEnded(db, ids);
        const results = await resultCounts(db, ids);
        const doneWhileDraining = (atExit.completed ?? 0) - completedAtSigterm;
        console.log(
          `[faults] worker SIGTERM under load: exit ${JSON.stringify(exit)}, accepted ${ids.length}, ` +
            `running at SIGTERM ${runningAtSigterm.length}, completed while draining ${doneWhileDraining}, ` +
            `at exit ${JSON.stringify(atExit)}, drain ${JSON.stringify(drained[0] ?? null)}, ` +
            `after the successor: jobs ${JSON.stringify(byStatus)}, results ${results.jobs} (${results.doubled} doubled)`,
        );
        expect(exit === undefined ? 'still running' : (exit.code ?? exit.signal)).toBe(0);
        expect(worker.output()).not.toContain('shutdown did not finish');
        expect(drained).toHaveLength(1);
        expect(drained[0].finishedInFlight).toBe(true);
        expect(drained[0].closed).toBe(true);
        // Every job it held finished there, once (no second attempt), and none was left running.
        expect(inFlight.rows.map((r) => r.status)).toEqual(runningAtSigterm.map(() => 'completed'));
        expect(inFlight.rows.every((r) => r.attempts === 1)).toBe(true);
        expect(atExit.running ?? 0).toBe(0);
        // It took no new work: what it completed while draining is what it held when the signal
        // came (the rows read just before it, plus at most one job per slot started between that
        // read and the pause: 2 shards x WORKER_CONCURRENCY 4), and most of the backlog was still queued.
        expect(doneWhileDraining).toBeLessThanOrEqual(runningAtSigterm.length + 2 * 4);
        expect(atExit.queued ?? 0).toBeGreaterThan(0);
        expect(byStatus).toEqual({ completed: ids.length });
        expect(results).toEqual({ jobs: ids.length, doubled: 0 });
      },
    );

    it(
      'worker SIGTERM past its drain deadline: exits 0 at once, the jobs it held are taken up by another worker',
      { timeout: 240_000 },
      async () => {
        for (const app of inProcess.splice(0)) await app.close();
        const ids = await backlog(160);
        const { worker, runningAtSigterm } = await busyWorker(ids, 0);
        const exit = await stopWith(worker, 'SIGTERM', WORKER_SHUTDOWN_LIMIT_MS + 5_000);
        // Left as a crash leaves them: still running in the table until another worker takes them.
        const leftRunning = (await runningIds(ids)).length;
        const passed = logLines(worker, 'drain deadline passed');
        await successorWorker();
        const byStatus = await allEnded(db, ids);
        const results = await resultCounts(db, ids);
        console.log(
          `[faults] worker SIGTERM, drain deadline 0 ms: exit ${JSON.stringify(exit)}, accepted ${ids.length}, ` +
            `running at SIGTERM ${runningAtSigterm.length}, left running at exit ${leftRunning}, ` +
            `drain ${JSON.stringify(passed[0] ?? null)}, ` +
            `after the successor: jobs ${JSON.stringify(byStatus)}, results ${results.jobs} (${results.doubled} doubled)`,
        );
        // What the worker said last, when it did not exit as it should (to see why).
        if (exit?.code !== 0) console.log(`[faults] worker output:\n${worker.output().slice(-4000)}`);
        expect(exit === undefined ? 'still running' : (exit.code ?? exit.signal)).toBe(0);
        expect(worker.output()).not.toContain('shutdown did not finish');
        expect(passed.length + logLines(worker, 'drained: the jobs in flight finished').length).toBe(1);
        expect(byStatus).toEqual({ completed: ids.length });
        expect(results).toEqual({ jobs: ids.length, doubled: 0 });
      },
    );

    it(
      'ingest SIGTERM while following a game: leases released, socket and pools closed, exit 0; the successor goes on',
      { timeout: 240_000 },
      async () => {
        const server = new FakeOgsServer();
        const fake = server.addGame(gameFromSgf(31337, SGF));
        fake.played = 10;
        const ogsUrl = (await server.listen()).replace(/^ws/, 'http');
        const check = new Redis(redis.url);
        try {
          const streams = api.get(GameStreamRepository);
          const tenantId = (await db.query<{ id: string }>('SELECT id FROM tenants LIMIT 1')).rows[0].id;
          const streamId = (await streams.follow({ ogsGameId: 31337, tenantId, analyses: ['board'] })).stream
            .id;
          const lease = `${env.REDIS_PREFIX}:ingest:lease:${streamId}`;
          const ingestEnv = { ...env, OGS_URL: ogsUrl, INGEST_LEASE_TTL_MS: '60000' };
          const ingest = startApp('ingest', { ...ingestEnv, LOG_LEVEL: 'info' });
          processes.push(ingest);
          const moves = async () =>
            Number(
              (
                await db.query<{ n: string }>(
                  'SELECT count(*) AS n FROM game_move_analyses WHERE game_id = $1 AND superseded_in = 0',
                  [streamId],
                )
              ).rows[0].n,
            );
          await waitFor('the ingest to follow the game', async () => (await moves()) >= 10, 90_000, 50);
          const replay = server.replay(31337, { moveIntervalMs: 60 });
          await waitFor('moves pushed after the first 10', async () => (await moves()) >= 20, 60_000, 20);
          const exit = await stopWith(ingest, 'SIGTERM', 15_000);
          const leaseAfter = await check.get(lease);
          const watchers = server.watcherCount(31337);
          const recorded = await moves();
          const drained = logLines(ingest, 'drained: streams released');
          // Every recorded move has its job row (a move is never half written).
          const orphans = await db.query<{ n: string }>(
            `SELECT count(*) AS n FROM game_move_analyses a LEFT JOIN jobs j ON j.id = a.job_id
            WHERE a.game_id = $1 AND j.id IS NULL`,
            [streamId],
          );
          // The successor takes the game over at once (lease released: no wait for its 60 s ttl).
          const t0 = Date.now();
          inProcess.push(await createIngestApp(IngestConfig.fromEnv(ingestEnv)));
          await replay;
          const total = fake.moves.length;
          await waitFor(
            'every move recorded by the successor',
            async () => (await moves()) === total,
            90_000,
            50,
          );
          const tookOverMs = Date.now() - t0;
          const dup = await db.query<{ n: string }>(
            `SELECT count(*) AS n FROM (SELECT move_number FROM game_move_analyses WHERE game_id = $1
             AND superseded_in = 0 GROUP BY move_number HAVING count(*) > 1) d`,
            [streamId],
          );
          console.log(
            `[faults] ingest SIGTERM while following: exit ${JSON.stringify(exit)}, moves recorded ${recorded} at exit, ` +
              `lease after ${JSON.stringify(leaseAfter)}, OGS watchers after ${watchers}, drain ${JSON.stringify(drained[0] ?? null)}, ` +
              `moves without a job ${orphans.rows[0].n}; successor: ${total} of ${total} moves in ${tookOverMs} ms, ${dup.rows[0].n} doubled`,
          );
          expect(exit === undefined ? 'still running' : (exit.code ?? exit.signal)).toBe(0);
          expect(ingest.output()).not.toContain('shutdown did not finish');
          expect(drained).toHaveLength(1);
          expect(drained[0]).toMatchObject({ streams: 1, closed: true });
          expect(leaseAfter).toBeNull();
          expect(watchers).toBe(0);
          expect(Number(orphans.rows[0].n)).toBe(0);
          expect(Number(dup.rows[0].n)).toBe(0);
        } finally {
          check.disconnect();
          await server.close();
        }
      },
    );
  },
);
