import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { ApiKeyRepository, TenantRepository } from '@moyo/persistence';
import type { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyAdmin } from '../../apps/api/src/admin/key-admin';
import { createApiApp } from '../../apps/api/src/bootstrap';
import { ApiConfig } from '../../apps/api/src/config/api-config';
import { createWorkerApp } from '../../apps/worker/src/bootstrap';
import { WorkerConfig } from '../../apps/worker/src/config/worker-config';
import { waitFor, WebhookReceiver } from '../../apps/worker/test/support/webhook-receiver';
import { appsBuilt, startApp, waitForOk, type RunningApp } from '../browser/stack';
import { hasPostgresServer, type PrivatePostgres } from '../support/private-postgres';
import { hasRedisServer, privatePort, type PrivateRedis } from '../support/private-redis';
import { FaultProxy } from './support/fault-proxy';
import { startFaultServices } from './support/fault-services';
import { allEnded, countByStatus, newTally, resultCounts, submitUntil } from './support/load';
import { listenOnLoopback } from '../support/listen';

/** The api's own limit on a drain (apps/api/src/main.ts): past it, it exits with 1. */
const API_DRAIN_DEADLINE_MS = 10_000;

/**
 * Fault injection, second part (see outages.int.test.ts): the api stopped with SIGTERM under load
 * and replaced, and the webhook receiver unreachable for a while (first hanging, then refusing
 * connections). PostgreSQL and Redis of the suite's own on private ports; loopback only.
 */
describe.runIf(hasPostgresServer && hasRedisServer)('faults: api drain, webhook receiver outage', () => {
  let pg: PrivatePostgres;
  let redis: PrivateRedis;
  let db: Client;
  let env: Record<string, string>;
  let api: INestApplication;
  let baseUrl = '';
  let key = '';
  let worker: INestApplicationContext | undefined;
  const receiver = new WebhookReceiver();
  let proxy: FaultProxy;

  beforeAll(async () => {
    ({ pg, redis, db, env } = await startFaultServices('moyo_faults2', { WEBHOOK_ALLOWLIST: '127.0.0.1' }));
    await receiver.start();
    proxy = await new FaultProxy(Number(new URL(receiver.url('/')).port)).start();
    api = await createApiApp(ApiConfig.fromEnv(env));
    baseUrl = await listenOnLoopback(api);
    key = (await new KeyAdmin(api.get(TenantRepository), api.get(ApiKeyRepository)).create('faults')).key;
    worker = await createWorkerApp(
      WorkerConfig.fromEnv({
        ...env,
        WORKER_CONCURRENCY: '4',
        WORKER_LOCK_DURATION_MS: '5000',
        WORKER_STALLED_INTERVAL_MS: '1000',
        RECONCILE_INTERVAL_MS: '1000',
        RECONCILE_GRACE_MS: '2000',
        WEBHOOK_BACKOFF_BASE_MS: '300',
        WEBHOOK_RETRY_WINDOW_MS: '120000',
        WEBHOOK_TIMEOUT_MS: '4000',
      }),
    );
  });
  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await db?.end().catch(() => undefined);
    await proxy?.stop();
    await receiver.stop();
    await redis?.kill();
    pg?.destroy();
  });

  // Needs the built api (npm run build; CI builds before testing): a process to stop with SIGTERM.
  it.runIf(appsBuilt('api'))(
    'api stopped with SIGTERM under load: it drains and exits by itself, its successor takes over, every accepted job completes once',
    { timeout: 180_000 },
    async () => {
      const before = new Set((await db.query<{ id: string }>('SELECT id FROM jobs')).rows.map((r) => r.id));
      const processEnv = { ...env, HOST: '127.0.0.1', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn' };
      const ports = [await privatePort()];
      ports.push(await privatePort(new Set(ports)));
      const [oldUrl, newUrl] = ports.map((p) => `http://127.0.0.1:${p}`);
      const processes: RunningApp[] = [];
      try {
        const old = startApp('api', { ...processEnv, PORT: String(ports[0]) });
        processes.push(old);
        await waitForOk(`${oldUrl}/readyz`, old, 90_000);
        const tally = newTally();
        let target = oldUrl;
        let stopLoad = false;
        const load = submitUntil({ baseUrl: () => target, key, tally, until: () => stopLoad, width: 8 });
        await waitFor('30 jobs accepted by the first api', () => tally.accepted.length >= 30, 60_000);
        // The successor comes up first, as in a rolling deploy; the old one is then told to stop.
        const successor = startApp('api', { ...processEnv, PORT: String(ports[1]) });
        processes.push(successor);
        await waitForOk(`${newUrl}/readyz`, successor, 90_000);
        const acceptedAtSigterm = tally.accepted.length;
        const sigtermAt = Date.now();
        const exited = new Promise<{ code: number | null; signal: string | null; afterMs: number }>(
          (resolve) =>
            old.child.once('exit', (code, signal) =>
              resolve({ code, signal, afterMs: Date.now() - sigtermAt }),
            ),
        );
        old.child.kill('SIGTERM');
        const exit = await Promise.race([
          exited,
          new Promise<undefined>((r) => setTimeout(() => r(undefined), API_DRAIN_DEADLINE_MS + 20_000)),
        ]);
        const acceptedByOld = tally.accepted.length;
        target = newUrl;
        await waitFor(
          '20 jobs accepted by the successor',
          () => tally.accepted.length >= acceptedByOld + 20,
          60_000,
        );
        stopLoad = true;
        await load;

        const ids = [...new Set(tally.accepted)];
        const byStatus = await allEnded(db, ids);
        // Rows made by requests whose answer was lost must end too: nothing accepted is dropped.
        const rows = (await db.query<{ id: string }>('SELECT id FROM jobs')).rows
          .map((r) => r.id)
          .filter((id) => !before.has(id));
        const rowsByStatus = await allEnded(db, rows);
        const results = await resultCounts(db, rows);
        const endedPool = old
          .output()
          .split('\n')
          .filter((l) => l.includes('after calling end on the pool')).length;
        console.log(
          `[faults] api SIGTERM under load: exit ${JSON.stringify(exit)} (deadline ${API_DRAIN_DEADLINE_MS} ms), ` +
            `accepted ${ids.length} (${acceptedAtSigterm} before SIGTERM, ${acceptedByOld - acceptedAtSigterm} while draining), ` +
            `503 ${tally.unavailable} (${endedPool} from its ended pool), refused ${tally.refused}, unanswered ${tally.unanswered.length}, other ${tally.other.length}, ` +
            `jobs ${JSON.stringify(byStatus)}, rows ${rows.length} ${JSON.stringify(rowsByStatus)}, ` +
            `results ${results.jobs} (${results.doubled} doubled)`,
        );
        if (tally.other.length) console.log(`[faults] other answers: ${tally.other.join(' | ')}`);
        if (tally.unanswered.length) console.log(`[faults] unanswered: ${tally.unanswered.join(' | ')}`);
        if (!exit) console.log(`[faults] old api output:\n${old.output()}`);
        // A clean drain (main.ts drainOnSignals: HTTP server first, then the pools) exits with 0;
        // past its deadline the api exits with code 1 instead.
        expect(exit === undefined ? 'still running' : (exit.code ?? exit.signal)).toBe(0);
        expect(old.output()).not.toContain('shutdown did not finish');
        // The database stays open until the last request in flight has its answer.
        expect(endedPool).toBe(0);
        expect(tally.other).toEqual([]);
        expect(tally.badUnavailable).toBe(0);
        expect(ids.length).toBe(tally.accepted.length);
        expect(byStatus).toEqual({ completed: ids.length });
        expect(rowsByStatus).toEqual({ completed: rows.length });
        expect(results).toEqual({ jobs: rows.length, doubled: 0 });
      } finally {
        for (const p of processes) await p.stop();
      }
    },
  );

  it(
    'webhook receiver hanging, then refusing connections, under load: every delivery arrives once when it is back',
    { timeout: 180_000 },
    async () => {
      const path = '/receiver-outage';
      const tally = newTally();
      let phase: 'up' | 'hang' | 'down' | 'back' | 'done' = 'up';
      const load = submitUntil({
        baseUrl: () => baseUrl,
        key,
        tally,
        until: () => phase === 'done',
        webhookUrl: proxy.url(path),
      });
      const phaseFor = async (next: 'hang' | 'down', ms: number) => {
        await proxy.setMode(next);
        phase = next;
        const from = Date.now();
        await waitFor(`the receiver to stay ${next}`, () => Date.now() - from >= ms, ms + 5000, 100);
      };
      await waitFor(
        '20 accepted jobs, 5 webhooks received',
        () => tally.accepted.length >= 20 && receiver.on(path).length >= 5,
        60_000,
      );
      await phaseFor('hang', 5000);
      const heldAtHang = proxy.held;
      await phaseFor('down', 8000);
      const acceptedInOutage = tally.accepted.length;
      await proxy.setMode('up');
      phase = 'back';
      await waitFor('20 more accepted jobs', () => tally.accepted.length >= acceptedInOutage + 20, 60_000);
      phase = 'done';
      await load;

      const ids = [...new Set(tally.accepted)];
      const byStatus = await allEnded(db, ids);
      const deliveries = await waitFor(
        'every delivery to end',
        async () => {
          const counts = await countByStatus(db, 'webhook_deliveries', ids);
          return (counts.pending ?? 0) === 0 && Object.values(counts).reduce((a, b) => a + b, 0) >= ids.length
            ? counts
            : undefined;
        },
        100_000,
        250,
      );
      const attempts = await db.query<{ total: string; most: number }>(
        'SELECT sum(attempts) AS total, max(attempts) AS most FROM webhook_deliveries WHERE job_id = ANY($1)',
        [ids],
      );
      const got = receiver.on(path).filter((w) => w.status === 200);
      const perDelivery = new Map<string, number>();
      const jobsSeen = new Set<string>();
      for (const w of got) {
        const id = String(w.headers['moyo-delivery-id']);
        perDelivery.set(id, (perDelivery.get(id) ?? 0) + 1);
        jobsSeen.add((JSON.parse(w.body) as { id: string }).id);
      }
      console.log(
        `[faults] webhook receiver hung 5 s then refused 8 s: accepted ${ids.length} ` +
          `(${acceptedInOutage} by the end of the outage), jobs ${JSON.stringify(byStatus)}, ` +
          `deliveries ${JSON.stringify(deliveries)}, attempts ${attempts.rows[0].total} (at most ${attempts.rows[0].most}), ` +
          `connections held ${heldAtHang}, requests forwarded ${proxy.forwarded}, ` +
          `received ${got.length} for ${perDelivery.size} deliveries of ${jobsSeen.size} jobs`,
      );
      expect(tally.other).toEqual([]);
      expect(byStatus).toEqual({ completed: ids.length });
      expect(heldAtHang).toBeGreaterThan(0);
      expect(deliveries).toEqual({ delivered: ids.length });
      expect(jobsSeen.size).toBe(ids.length);
      expect(perDelivery.size).toBe(ids.length);
      expect([...perDelivery.values()].every((n) => n === 1)).toBe(true);
    },
  );
});
