/**
 * Pipeline benchmark, in one run on one machine:
 *
 * 1. End to end over HTTP beside its peers, in interleaved rounds, one call per job with
 *    `--in-flight` calls at a time (over keep-alive connections: bench/pipeline-http.ts): a bare BullMQ worker that does nothing; a bare BullMQ worker
 *    that runs one PostgreSQL INSERT per job; Moyo (the built api, then the queue, one worker
 *    process, PostgreSQL) for the cheapest job (the `board` analysis of a 19x19 position); and
 *    Moyo with `--turns` positions a call (KataGo's analyzeTurns: a game's last turns, one batch),
 *    its own row: a production path, not the one-call-per-job comparison. Then Moyo at `--rate`
 *    jobs/s offered: the api's submission latency (p50/p99) and end to end.
 * 2. Moyo's workers alone, 1 then 2 worker processes in each round (jobs submitted as the api
 *    does, in batches, no HTTP): trivial (`board`), cheap (Freihofner map) and CPU-bound (territory, dead stones,
 *    score, move values) jobs, with the CPU each part of the machine spent meanwhile (workers,
 *    PostgreSQL, Redis, the whole machine, in cores), so the speed-up of a second worker can be
 *    read against what the machine had left.
 *
 * Run: `npm run build && npm run bench:pipeline` (= `npx tsx bench/pipeline.ts`), with
 * DATABASE_URL (an admin URL: a scratch database is created and dropped) and REDIS_URL, or with
 * `--ports N` a private Redis on N and a private PostgreSQL (durable commits) on N + 1, the api on
 * N + 2 (bench/support/pipeline-services.ts).
 * Options: --http N (jobs per scenario and round, default 2000), --rounds R (of both parts; part 2
 * alternates 1 and 2 workers in each; default 2),
 * --in-flight C (default 32), --rate R (jobs/s offered, default 200), --seconds S (default 5),
 * --trivial N (default 1000), --cheap N (default 400), --territory N (default 40), --concurrency C
 * (per worker, default 16), --port P (the api's, default 27210; with --ports N it is N + 2), --turns T (turns a call in the
 * batch row, default 20; 0: no batch row), --warm-territory W (territory jobs per worker process
 * before part 2's scenarios, default 100; 0: four in all, as before), --warm-http N (part 1's
 * warm-up calls, Moyo's and each bare peer's, default 3000; 200 and 500 before), --no-http,
 * --no-workers.
 */
import { QueueName } from '@moyo/contracts';
import { bullConnectionOptions } from '@moyo/persistence';
import { QueueEvents } from 'bullmq';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { Pool } from 'pg';
import { appsBuilt, startApp, type RunningApp } from '../test/browser/stack';
import { DirectSubmitter } from '../test/e2e/support/submit';
import { cheapJobs, territoryJobs, type WorkloadJob } from '../test/e2e/support/workload';
import { dropDatabase } from '../test/support/cleanup';
import { createMigratedDatabase } from '../test/support/database';
import { integerOption } from './support/args';
import { submitAndWait, type Pace } from './support/pipeline-load';
import { closeConnections, postPosition, postTurns } from './pipeline-http';
import {
  bareQueue,
  bareQueueName,
  profiling,
  startApi,
  startBareWorker,
  workerEnv,
} from './support/pipeline-peers';
import { pipelineServices } from './support/pipeline-services';
import { enableWalTiming, walSnapshot } from './pipeline-wal';
import { printTable } from './pipeline-report';
import { measured, probes, results } from './pipeline-measure';

const HTTP_JOBS = integerOption('bench:pipeline', '--http', 2000);
const ROUNDS = integerOption('bench:pipeline', '--rounds', 2);
const IN_FLIGHT = integerOption('bench:pipeline', '--in-flight', 32);
const CHEAP = integerOption('bench:pipeline', '--cheap', 400);
const TRIVIAL = integerOption('bench:pipeline', '--trivial', 1000);
const TERRITORY = integerOption('bench:pipeline', '--territory', 40);
const RATE = integerOption('bench:pipeline', '--rate', 200);
const SECONDS = integerOption('bench:pipeline', '--seconds', 5);
const CONCURRENCY = integerOption('bench:pipeline', '--concurrency', 16);
const PORTS = process.argv.includes('--ports') ? integerOption('bench:pipeline', '--ports', 0) : undefined;
const PORT = PORTS === undefined ? integerOption('bench:pipeline', '--port', 27210) : PORTS + 2;
const TURNS = integerOption('bench:pipeline', '--turns', 20, 0);
/**
 * Part 2's worker processes are new in each round: V8 compiles the engine's hot code (TurboFan,
 * in its helper threads) over a worker's first hundred or so full analyses, 15-35 ms of CPU a
 * job beside the engine thread's ~80 (bench/pipeline-threads.ts, docs/capacity.md). A worker
 * runs for hours, so the scenarios measure it past that.
 */
const WARM_TERRITORY = integerOption('bench:pipeline', '--warm-territory', 100, 0);
/**
 * Part 1's warm-up, one call per job (Moyo) and one add per job (each bare peer), not counted. A
 * new api process spends its first few thousand requests compiling (V8's TurboFan in helper
 * threads): after 200 warm-up calls its CPU a job was 1.31, 0.92, 0.80, 0.81 ms in rounds 1-4 of
 * 2,000 calls, its main thread's 0.88, 0.72, 0.69, 0.70 (docs/capacity.md). An api runs for hours.
 */
const WARM_HTTP = integerOption('bench:pipeline', '--warm-http', 3000, 0);
const args = process.argv.slice(2);

/** The run's PostgreSQL (admin URL) and Redis: set by main (pipelineServices). */
let ADMIN_URL = '';
let REDIS_URL = '';

async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `moyo_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const url = await createMigratedDatabase(ADMIN_URL, name);
  const admin = new Pool({ connectionString: ADMIN_URL, max: 1 });
  probes.backendPids = async () =>
    (
      await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [name])
    ).rows.map((r) => r.pid);
  probes.walNow = () => walSnapshot(admin);
  // A server of the run's own: time its WAL flushes too (a server-wide setting).
  if (PORTS !== undefined) await enableWalTiming(admin);
  return {
    url,
    drop: async () => {
      await admin.end();
      await dropDatabase(ADMIN_URL, name);
    },
  };
}

const benchWorkerEnv = (databaseUrl: string, prefix: string) => ({
  ...workerEnv({ databaseUrl, redisUrl: REDIS_URL, prefix, concurrency: CONCURRENCY }),
  ...profiling(),
});

/**
 * ANALYZE of the scratch database after the warm-up: its tables are new, so without statistics
 * until autovacuum first comes by (a minute or more), and the statements planned meanwhile are
 * those of empty tables, where a production database has its statistics.
 */
async function analyze(databaseUrl: string): Promise<void> {
  const db = new Pool({ connectionString: databaseUrl, max: 1 });
  try {
    await db.query('ANALYZE');
  } finally {
    await db.end();
  }
}

/** Part 1: bare BullMQ (no-op, one INSERT) and Moyo over HTTP, interleaved; then Moyo at a rate. */
async function httpScenarios(databaseUrl: string, redis: Redis): Promise<void> {
  const prefix = `moyo_bench_${randomBytes(4).toString('hex')}`;
  const connection = bullConnectionOptions(REDIS_URL);
  const moyoEvents = new QueueEvents(QueueName.Positions, { connection, prefix });
  const modes = ['noop', 'insert'] as const;
  const peers = modes.map((mode) => ({
    mode,
    queue: bareQueue(mode, REDIS_URL, prefix),
    events: new QueueEvents(bareQueueName(mode), { connection, prefix }),
  }));
  const apps: RunningApp[] = [];
  try {
    await Promise.all([moyoEvents, ...peers.map((p) => p.events)].map((e) => e.waitUntilReady()));
    const api = await startApi({ databaseUrl, redisUrl: REDIS_URL, prefix, port: PORT });
    apps.push(api.app);
    const worker = startApp('worker', benchWorkerEnv(databaseUrl, prefix));
    apps.push(worker);
    // Each peer worker has its own queue and waits idle (one blocking read) while the others run.
    const peerEnv = { databaseUrl, redisUrl: REDIS_URL, prefix, concurrency: CONCURRENCY };
    const peerApps = await Promise.all(modes.map((mode) => startBareWorker(mode, peerEnv)));
    apps.push(...peerApps);
    const pace: Pace = { inFlight: IN_FLIGHT };
    let serial = 0;
    const moyo = (jobs: WorkloadJob[], p: Pace) => () =>
      submitAndWait(moyoEvents, jobs.length, (i) => postPosition(api.base, api.headers, jobs[i]), p);
    /** `games` games, the last TURNS turns of each in one call (analyzeTurns), 4 calls in flight. */
    const moyoTurns = (games: WorkloadJob[]) => () => {
      if (games.length === 0) throw new Error(`--turns ${TURNS}: no workload game is that long`);
      const calls = new Map<number, Promise<string[]>>();
      return submitAndWait(
        moyoEvents,
        games.length * TURNS,
        async (i) => {
          const call = Math.floor(i / TURNS);
          let ids = calls.get(call);
          if (!ids) {
            ids = postTurns(api.base, api.headers, games[call], TURNS);
            calls.set(call, ids);
          }
          return (await ids)[i % TURNS];
        },
        { inFlight: 4 * TURNS },
      );
    };
    // Games long enough for TURNS turns with 10 moves or more each (cheapJobs plays 20 to 79
    // moves): two games' early turns can be one position, so one job, which one call per turn
    // would count twice (and wait for ever for the second completion).
    const turnGames = (count: number, tag: string, seed: number) =>
      cheapJobs(count * 6, tag, seed, ['board'])
        .filter((g) => g.kind === 'position' && (g.input.moves?.length ?? 0) >= TURNS + 10)
        .slice(0, count);
    const bare = (k: number, count: number) => () =>
      submitAndWait(
        peers[k].events,
        count,
        async () => {
          const id = `bare-${serial++}`;
          await peers[k].queue.add('bare', { id }, { jobId: id, removeOnComplete: true });
          return id;
        },
        pace,
      );
    // Warm-up: JIT, connections, prepared statements (not counted).
    if (WARM_HTTP > 0) await moyo(cheapJobs(WARM_HTTP, 'warm-http', 901, ['board']), pace)();
    if (TURNS > 0) await moyoTurns(turnGames(10, 'warm-turns', 902))();
    if (WARM_HTTP > 0) {
      await bare(0, WARM_HTTP)();
      await bare(1, WARM_HTTP)();
    }
    await analyze(databaseUrl);
    for (let r = 1; r <= ROUNDS; r++) {
      await measured(`round ${r}: bare BullMQ, no-op worker`, { peer: [peerApps[0]] }, bare(0, HTTP_JOBS));
      await measured(
        `round ${r}: bare BullMQ + one INSERT per job`,
        { peer: [peerApps[1]] },
        bare(1, HTTP_JOBS),
      );
      await measured(
        `round ${r}: Moyo over HTTP (board), ${IN_FLIGHT} in flight`,
        { api: [api.app], worker: [worker] },
        moyo(cheapJobs(HTTP_JOBS, `http-${r}`, 910 + r, ['board']), pace),
        true,
      );
      if (TURNS > 0) {
        await measured(
          `round ${r}: Moyo over HTTP (board), ${TURNS} turns a call, ${4 * TURNS} in flight`,
          { api: [api.app], worker: [worker] },
          moyoTurns(turnGames(Math.ceil(HTTP_JOBS / TURNS), `turns-${r}`, 920 + r)),
        );
      }
    }
    await measured(
      `Moyo over HTTP (board), ${RATE} jobs/s offered for ${SECONDS} s`,
      { api: [api.app], worker: [worker] },
      moyo(cheapJobs(RATE * SECONDS, 'http-rate', 930, ['board']), { perSecond: RATE }),
      true,
    );
  } finally {
    await Promise.all([moyoEvents.close(), ...peers.flatMap((p) => [p.events.close(), p.queue.close()])]);
    await Promise.all(apps.map((a) => a.stop()));
    closeConnections();
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.unlink(...keys);
  }
}

/** Part 2: Moyo's workers alone, 1 and 2 processes, jobs submitted directly in batches. */
async function workerScenarios(databaseUrl: string, redis: Redis): Promise<void> {
  // Rounds alternate 1 and 2 workers, so load from outside the benchmark hits both alike.
  const rounds = Array.from({ length: ROUNDS }, (_, r) => [r + 1, r + 1]).flat();
  for (const [i, round] of rounds.entries()) {
    const workers = (i % 2) + 1;
    const label = `${workers} worker${workers > 1 ? 's' : ''}`;
    const prefix = `moyo_bench_${randomBytes(4).toString('hex')}`;
    const apps = Array.from({ length: workers }, () =>
      startApp('worker', benchWorkerEnv(databaseUrl, prefix)),
    );
    const submitter = new DirectSubmitter({ databaseUrl, redisUrl: REDIS_URL, redisPrefix: prefix });
    const events = new QueueEvents(QueueName.Positions, {
      connection: bullConnectionOptions(REDIS_URL),
      prefix,
    });
    await events.waitUntilReady();
    // Positions differ between runs (seed per run), so no run is answered from the cache.
    const seed = (k: number) => round * 1000 + workers * 100 + k;
    /** Submits in batches of `batch` (back to back, or one batch every `everyMs`). */
    const batches = (jobs: WorkloadJob[], batch: number, everyMs?: number) => () => {
      let queued = Promise.resolve();
      const t0 = performance.now();
      return submitAndWait(
        events,
        jobs.length,
        async (i) => {
          if (i % batch === 0) {
            const chunk = jobs.slice(i, i + batch);
            const due = everyMs === undefined ? 0 : t0 + (i / batch) * everyMs;
            queued = queued.then(async () => {
              const wait = due - performance.now();
              if (wait > 0) await new Promise((r) => setTimeout(r, wait));
              await submitter.submitMany(chunk);
            });
          }
          await queued;
          return jobs[i].id;
        },
        { inFlight: 1 },
      );
    };
    const run = (name: string, jobs: WorkloadJob[], batch: number, everyMs?: number) =>
      measured(`round ${round}: ${name}, ${label}`, { worker: apps }, batches(jobs, batch, everyMs));
    try {
      await batches(cheapJobs(40, `warm-${round}-${workers}`, seed(1)), 40)();
      const warm = Math.max(4, WARM_TERRITORY * workers);
      await batches(territoryJobs(warm, `warmt-${round}-${workers}`, seed(2)), warm)();
      await run(
        'trivial (board), saturated',
        cheapJobs(TRIVIAL, `triv-${round}-${workers}`, seed(3), ['board']),
        100,
      );
      const perTick = Math.max(1, Math.round(RATE / 50));
      await run(
        `trivial (board), ${RATE} jobs/s offered`,
        cheapJobs(RATE * SECONDS, `trivr-${round}-${workers}`, seed(4), ['board']),
        perTick,
        20,
      );
      await run('cheap (freihofner), saturated', cheapJobs(CHEAP, `cheap-${round}-${workers}`, seed(5)), 100);
      await run(
        'territory (full), saturated',
        territoryJobs(TERRITORY, `terr-${round}-${workers}`, seed(7)),
        TERRITORY,
      );
    } finally {
      await events.close();
      await submitter.close();
      await Promise.all(apps.map((a) => a.stop()));
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.unlink(...keys);
    }
  }
}

async function main(): Promise<void> {
  if (!appsBuilt('worker', 'api')) {
    process.stderr.write('bench:pipeline: build first (npm run build): apps/*/dist/main.js is missing\n');
    process.exit(2);
  }
  const services = await pipelineServices(PORTS);
  ({ adminUrl: ADMIN_URL, redisUrl: REDIS_URL } = services);
  probes.redisPids = services.redisPids;
  try {
    const database = await createDatabase();
    const redis = new Redis(REDIS_URL);
    try {
      if (!args.includes('--no-http')) await httpScenarios(database.url, redis);
      if (!args.includes('--no-workers')) await workerScenarios(database.url, redis);
    } finally {
      redis.disconnect();
      await database.drop();
    }
  } finally {
    await services.stop();
  }
  printTable(results, {
    concurrency: CONCURRENCY,
    inFlight: IN_FLIGHT,
    turns: TURNS,
    privateServers: PORTS !== undefined,
  });
}

main().catch((err: unknown) => {
  process.stderr.write(
    `bench:pipeline: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
