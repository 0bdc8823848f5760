/**
 * Api gateway benchmark: requests per second and latency (p50/p99) of the HTTP front alone, the
 * built api as a real process with no worker: `POST /v1/positions` (auth, rate limit, validation
 * and a legality replay on the engine, jobs row, BullMQ add) with distinct 19x19 positions, then
 * `GET /v1/jobs/:id` of those jobs, then requests refused with 422 (an illegal move), then new
 * jobs with an Idempotency-Key each, then batches of T turns (analyzeTurns) and a GET of each
 * batch, then the first phase's bodies again (the same jobs: the repeat path); first a public
 * probe (`/healthz`: no auth, no body), the framework's own floor. Each phase also gives the api
 * process's CPU per request (from /proc), the figure to compare on a loaded machine.
 *
 * Run: `npm run build && npm run bench:api` (= `npx tsx bench/api.ts`), with DATABASE_URL (an
 * admin URL: a scratch database is created and dropped) and REDIS_URL.
 * BENCH_NODE_OPTIONS / MOYO_CPU_PROF_DIR: a CPU profile of the api (bench/support/cpu-profile.mjs).
 * Options: --requests N (per phase, default 2000), --concurrency C (requests in flight, default 32),
 * --turns T (turns a call in the batch phases, default 20: N / T calls, then GET of each batch).
 */
import { randomBytes } from 'node:crypto';
import { ApiKeyRepository, PrismaService, TenantRepository } from '@moyo/persistence';
import { KeyAdmin } from '../apps/api/src/admin/key-admin';
import { appsBuilt, startApp, waitForOk } from '../test/browser/stack';
import { deleteKeys, dropDatabase } from '../test/support/cleanup';
import { createMigratedDatabase } from '../test/support/database';
import { integerOption } from './support/args';
import { cpuBetween, cpuSnapshot } from './support/pipeline-load';
import { profiling } from './support/pipeline-peers';

const REQUESTS = integerOption('bench:api', '--requests', 2000);
const CONCURRENCY = integerOption('bench:api', '--concurrency', 32);
const TURNS = integerOption('bench:api', '--turns', 20);
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PORT = 3000 + Math.floor(Math.random() * 2000) + 1000;

const COLUMNS = 'ABCDEFGHJKLMNOPQRST';

/** A distinct legal 19x19 game prefix: `n` stones on distinct points, colours alternating. */
function position(i: number, n = 30): unknown {
  const points = new Set<number>();
  let x = i * 7919;
  const moves: [string, string][] = [];
  while (moves.length < n) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const p = x % 361;
    if (points.has(p)) continue;
    points.add(p);
    moves.push([moves.length % 2 === 0 ? 'B' : 'W', `${COLUMNS[p % 19]}${Math.floor(p / 19) + 1}`]);
  }
  return { boardXSize: 19, komi: 7.5, rules: 'chinese', moves, analyses: ['freihofner'] };
}

async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `moyo_bench_api_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const url = await createMigratedDatabase(ADMIN_URL, name);
  return { url, drop: () => dropDatabase(ADMIN_URL, name) };
}

interface Phase {
  name: string;
  requests: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  statuses: Record<number, number>;
  /** CPU of the api process per request (ms, from /proc): the figure that survives a loaded machine. */
  apiCpuMs: number;
}

/** The api process's pid, for its CPU per request. */
let apiPid = -1;

/** Runs `count` requests with CONCURRENCY in flight; `make(i)` sends request i and returns its status. */
async function phase(name: string, count: number, make: (i: number) => Promise<number>): Promise<Phase> {
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let next = 0;
  const started = performance.now();
  const cpu0 = cpuSnapshot([apiPid]);
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < count; i = next++) {
        const t0 = performance.now();
        const status = await make(i);
        latencies.push(performance.now() - t0);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cores = cpuBetween(cpu0, cpuSnapshot([apiPid]), { api: [apiPid] }).api;
  const apiCpuMs = (cores * seconds * 1000) / count;
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
  return {
    name,
    requests: count,
    seconds,
    perSecond: count / seconds,
    p50: q(0.5),
    p99: q(0.99),
    statuses,
    apiCpuMs,
  };
}

async function main(): Promise<void> {
  if (!appsBuilt('api')) {
    process.stderr.write('bench:api: build first (npm run build)\n');
    process.exit(2);
  }
  const db = await createDatabase();
  const prefix = `moyo_bench_api_${randomBytes(3).toString('hex')}`;
  const api = startApp('api', {
    DATABASE_URL: db.url,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    WEBHOOK_SECRET_KEY: 'bench-only-webhook-secret-key',
    RATE_LIMIT_REQUESTS: '100000000',
    ...profiling(),
  });
  apiPid = api.child.pid ?? -1;
  const prisma = new PrismaService({ databaseUrl: db.url, poolSize: 2 });
  try {
    const base = `http://127.0.0.1:${PORT}`;
    await waitForOk(`${base}/readyz`, api);
    const { key } = await new KeyAdmin(new TenantRepository(prisma), new ApiKeyRepository(prisma)).create(
      'bench',
    );
    const headers = { Authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const bodies = Array.from({ length: REQUESTS }, (_, i) => JSON.stringify(position(i)));
    const ids: string[] = [];
    // Warm-up: connections, JIT, prepared statements.
    await phase('warm-up', 100, async (i) => {
      const res = await fetch(`${base}/v1/positions`, {
        method: 'POST',
        headers,
        body: JSON.stringify(position(1e6 + i)),
      });
      await res.arrayBuffer();
      return res.status;
    });
    const results: Phase[] = [];
    // The framework's floor: a public probe (no auth, no body, no log line).
    results.push(
      await phase('GET /healthz (framework floor)', REQUESTS, async () => {
        const res = await fetch(`${base}/healthz`);
        await res.arrayBuffer();
        return res.status;
      }),
    );
    results.push(
      await phase('POST /v1/positions (new 19x19 job, 30 moves)', REQUESTS, async (i) => {
        const res = await fetch(`${base}/v1/positions`, { method: 'POST', headers, body: bodies[i] });
        const body = (await res.json()) as { jobId?: string };
        if (body.jobId) ids.push(body.jobId);
        return res.status;
      }),
    );
    results.push(
      await phase('GET /v1/jobs/:id', REQUESTS, async (i) => {
        const res = await fetch(`${base}/v1/jobs/${ids[i % ids.length]}`, { headers });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    const illegal = JSON.stringify({
      boardXSize: 19,
      moves: [
        ['B', 'Q16'],
        ['W', 'Q16'],
      ],
    });
    results.push(
      await phase('POST /v1/positions refused (illegal move, 422)', REQUESTS, async () => {
        const res = await fetch(`${base}/v1/positions`, { method: 'POST', headers, body: illegal });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    results.push(
      await phase('POST /v1/positions, new job, Idempotency-Key', REQUESTS, async (i) => {
        const res = await fetch(`${base}/v1/positions`, {
          method: 'POST',
          headers: { ...headers, 'Idempotency-Key': `bench-${prefix}-${i}` },
          body: JSON.stringify(position(2e6 + i)),
        });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    const batchIds: string[] = [];
    const calls = Math.max(1, Math.floor(REQUESTS / TURNS));
    results.push(
      await phase(`POST /v1/positions, ${TURNS} turns a call (analyzeTurns)`, calls, async (i) => {
        const game = position(3e6 + i, TURNS + 20) as Record<string, unknown>;
        const analyzeTurns = Array.from({ length: TURNS }, (_, k) => 21 + k);
        const res = await fetch(`${base}/v1/positions`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ ...game, analyzeTurns }),
        });
        const body = (await res.json()) as { batchId?: string };
        if (body.batchId) batchIds.push(body.batchId);
        return res.status;
      }),
    );
    results.push(
      await phase('GET /v1/batches/:id', calls, async (i) => {
        const res = await fetch(`${base}/v1/batches/${batchIds[i % batchIds.length]}`, { headers });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    results.push(
      await phase('POST /v1/positions again (same jobs)', REQUESTS, async (i) => {
        const res = await fetch(`${base}/v1/positions`, { method: 'POST', headers, body: bodies[i] });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    process.stdout.write(`api gateway, ${CONCURRENCY} requests in flight, one api process, no worker\n`);
    for (const r of results) {
      process.stdout.write(
        `${r.name.padEnd(48)} ${r.perSecond.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms` +
          `  p99 ${r.p99.toFixed(1).padStart(6)} ms  api CPU ${r.apiCpuMs.toFixed(2)} ms/req  (${r.requests} in ${r.seconds.toFixed(1)} s; ` +
          `${Object.entries(r.statuses)
            .map(([s, n]) => `${n}x${s}`)
            .join(' ')})\n`,
      );
    }
  } finally {
    await prisma.onModuleDestroy();
    await api.stop();
    await db.drop();
    await deleteKeys(REDIS_URL, prefix);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench:api: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
