/**
 * Capacity simulation: N concurrent OGS games replayed at a scaled-down pace through the real
 * deployment, as separate processes built by `npm run build`: the fake OGS server of the tests
 * (test/support/fake-ogs-server.ts, the same wire protocol) -> apps/ingest -> the positions queue
 * -> apps/worker xW -> PostgreSQL, with apps/api for the streams. Redis and PostgreSQL are
 * private (redis-server on port 27130, a private PostgreSQL cluster on 27131, fsync off; `--ports`), so all
 * their work and CPU is this run's.
 *
 * Measured over the window from the first pushed move until every job has ended, from
 * before/after readings (bench/support/capacity-probes.ts):
 *   - CPU seconds per job of the workers, the ingest, the api (/proc), Redis (INFO cpu) and
 *     PostgreSQL (the postmaster's process tree);
 *   - Redis commands per job (INFO commandstats deltas), network bytes;
 *   - PostgreSQL commits, tuples inserted/updated per job (pg_stat_database, pg_stat_user_tables
 *     by table), WAL bytes and database growth per job;
 *   - push -> result stored latency (p50/p99), to show the pipeline kept up.
 * Then the plan for OGS-sized loads (bench/support/capacity-plan.ts): worker pods, Redis
 * masters, PostgreSQL write rate and size, KEDA settings. See docs/capacity.md.
 *
 * Run: `npm run bench:capacity [-- --games 12] [--interval 3000] [--moves 60] [--workers 1]
 *   [--concurrency 8] [--ogs-live-games 1500] [--ogs-move-seconds 12] [--ports 27130]`: each game is a
 *   different 19x19 game of bench/data/real-games (its first `moves` moves) pushed one move every
 *   `interval` ms, the games' starts staggered evenly.
 */
import type { ChildProcess } from 'node:child_process';
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { FakeOgsServer, gameFromSgf } from '../test/support/fake-ogs-server';
import { startPrivatePostgres } from '../test/support/private-postgres';
import { startRedisServer } from '../test/support/private-redis';
import { integerOption } from './support/args';
import { requireBuiltApps, startBuiltApp, stopApps } from './support/built-apps';
import { printPlan, type Measured } from './support/capacity-plan';
import {
  parentPid,
  processCpuSeconds,
  samplePg,
  sampleRedis,
  treeCpuSeconds,
  type PgSample,
  type RedisSample,
} from './support/capacity-probes';
import { insertTenantWithKey } from './support/tenant-key';

const BENCH = 'bench:capacity';
const GAMES = integerOption(BENCH, '--games', 12);
const INTERVAL_MS = integerOption(BENCH, '--interval', 3000);
const MOVES = integerOption(BENCH, '--moves', 60);
const WORKERS = integerOption(BENCH, '--workers', 1);
const CONCURRENCY = integerOption(BENCH, '--concurrency', 8);
const OGS_GAMES = integerOption(BENCH, '--ogs-live-games', 1500);
const OGS_MOVE_S = integerOption(BENCH, '--ogs-move-seconds', 12);
/** Private Redis on PORT, PostgreSQL on PORT + 1, the api on PORT + 2 (--ports: a free range of 3). */
const REDIS_PORT = integerOption(BENCH, '--ports', 27_130);
const PG_PORT = REDIS_PORT + 1;
const ANALYSES = ['board', 'bouzy', 'territory']; // the auto-follow default
const ROOT = resolve(__dirname, '..');
/** 19x19 games of bench:real (sources in its SOURCES.md): one different game per followed game. */
const GAMES_DIR = join(ROOT, 'bench/data/real-games');
const FIRST_GAME = 80_000_001;

async function until<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 180_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;

async function main(): Promise<void> {
  requireBuiltApps(BENCH, ['api', 'worker', 'ingest']);
  const redisServer = await startRedisServer(() => ['--save', '', '--appendonly', 'no'], REDIS_PORT);
  const pg = await startPrivatePostgres(PG_PORT);
  const children: ChildProcess[] = [];
  const server = new FakeOgsServer();
  const name = 'moyo_capacity';
  const logFile = join(tmpdir(), `${name}-${Date.now()}.log`);
  const log = createWriteStream(logFile);
  const redis = new Redis({ port: REDIS_PORT, host: '127.0.0.1' });
  let db: Client | undefined;
  try {
    const databaseUrl = await pg.createDatabase(name);
    db = new Client({ connectionString: databaseUrl });
    await db.connect();
    // Different games, so no job is answered from another game's cached result.
    const records = readdirSync(GAMES_DIR)
      .filter((f) => f.endsWith('.sgf'))
      .sort()
      .map((f) => gameFromSgf(0, readFileSync(join(GAMES_DIR, f), 'utf8')))
      .filter((g) => g.size === 19 && g.moves.length >= MOVES);
    if (records.length < GAMES)
      throw new Error(`only ${records.length} games of ${MOVES}+ moves in ${GAMES_DIR}`);
    const ids = Array.from({ length: GAMES }, (_, i) => FIRST_GAME + i);
    for (const [i, id] of ids.entries()) {
      const game = server.addGame({ ...records[i], id });
      game.moves = game.moves.slice(0, MOVES);
      game.played = 0;
    }
    const ogsUrl = (await server.listen()).replace(/^ws/, 'http');
    const apiPort = REDIS_PORT + 2;
    const env = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`,
      REDIS_PREFIX: name,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      OGS_URL: ogsUrl,
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      WORKER_CONCURRENCY: String(CONCURRENCY),
      WORKER_ENGINE_THREADS: '1',
    };
    const start = (app: string) => startBuiltApp(app, env, log, children);
    const api = start('api');
    const workers = Array.from({ length: WORKERS }, () => start('worker'));
    const ingest = start('ingest');
    const base = `http://127.0.0.1:${apiPort}`;
    await until(async () => ((await fetch(`${base}/readyz`)).ok ? true : undefined), 'the api /readyz');
    await until(async () => (server.connections > 0 ? true : undefined), 'the ingest to connect to OGS');

    // A tenant, an API key and one followed stream per game.
    const { key } = await insertTenantWithKey(db, 'capacity');
    for (const id of ids) {
      const res = await fetch(`${base}/v1/streams`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ogsGameId: id, analyses: ANALYSES }),
      });
      if (res.status !== 201) throw new Error(`POST /v1/streams: ${res.status} ${await res.text()}`);
    }
    await until(
      async () => (ids.every((id) => server.watcherCount(id) > 0) ? true : undefined),
      'the ingest to watch every game',
    );
    const postgresPid = parentPid(
      (await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid,
    );
    const snapshot = async () => ({
      at: performance.now(),
      workers: workers.reduce((a, w) => a + processCpuSeconds(w.pid!), 0),
      ingest: processCpuSeconds(ingest.pid!),
      api: processCpuSeconds(api.pid!),
      postgres: treeCpuSeconds(postgresPid),
      redis: await sampleRedis(redis),
      pg: await samplePg(db!, name),
    });
    const before = await snapshot();
    const t0 = Date.now();
    await Promise.all(
      ids.map(async (id, i) => {
        await new Promise((r) => setTimeout(r, (i * INTERVAL_MS) / GAMES));
        await server.replay(id, { moveIntervalMs: INTERVAL_MS });
      }),
    );
    // Every move's job, and each game's final job, ended.
    const expected = GAMES * (MOVES + 1);
    const ended = async () =>
      Number(
        (
          await db!.query(
            `SELECT count(*) AS n FROM jobs WHERE status IN ('completed', 'failed', 'cancelled')`,
          )
        ).rows[0].n,
      );
    await until(async () => ((await ended()) >= expected ? true : undefined), 'every job to end', 600_000);
    // Backends report their table statistics at most once a second: let the last ones arrive.
    await new Promise((r) => setTimeout(r, 1500));
    const after = await snapshot();
    const wall = (after.at - before.at) / 1000;

    const rows = (
      await db.query(
        `SELECT s.ogs_game_id AS game, a.move_number AS n, r.created_at AS stored, j.status
           FROM game_move_analyses a JOIN game_streams s ON s.id = a.game_id
           JOIN jobs j ON j.id = a.job_id LEFT JOIN job_results r ON r.job_id = j.id`,
      )
    ).rows as { game: number; n: number; stored: Date | null; status: string }[];
    const completed = Number(
      (await db.query(`SELECT count(*) AS n FROM jobs WHERE status = 'completed'`)).rows[0].n,
    );
    const latencies = rows
      .filter((r) => r.stored && server.moveSentAt(r.game, r.n) !== undefined)
      .map((r) => r.stored!.getTime() - server.moveSentAt(r.game, r.n)!)
      .sort((a, b) => a - b);
    const measured: Measured = {
      jobs: completed,
      wallSeconds: wall,
      cpu: {
        workers: after.workers - before.workers,
        ingest: after.ingest - before.ingest,
        api: after.api - before.api,
        redis: after.redis.cpuSeconds - before.redis.cpuSeconds,
        postgres: after.postgres - before.postgres,
      },
      redisCalls: diffCalls(before.redis, after.redis),
      redisNetBytes:
        after.redis.netInput + after.redis.netOutput - before.redis.netInput - before.redis.netOutput,
      redisMemory: after.redis.usedMemory,
      pg: diffPg(before.pg, after.pg),
    };
    console.log(
      `${BENCH}: ${GAMES} games x ${MOVES} moves, one move every ${INTERVAL_MS} ms per game ` +
        `(${((GAMES / INTERVAL_MS) * 1000).toFixed(1)} moves/s offered), ${WORKERS} worker process(es) x concurrency ` +
        `${CONCURRENCY} (1 engine thread), analyses ${ANALYSES.join(',')}; window ${wall.toFixed(1)} s ` +
        `(replay ${((Date.now() - t0) / 1000).toFixed(1)} s); ${completed} of ${expected} jobs completed`,
    );
    console.log(
      `push -> result stored: p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms, ` +
        `max ${latencies.at(-1)} ms (n=${latencies.length})`,
    );
    printPlan(measured, OGS_GAMES, OGS_MOVE_S);
    console.log(`(process logs: ${logFile})`);
  } finally {
    // Graceful first; a process still up after 15 s is killed.
    await stopApps(children);
    await server.close();
    await db?.end().catch(() => undefined);
    redis.disconnect();
    await redisServer.kill();
    pg.destroy();
    log.end();
  }
}

function diffCalls(a: RedisSample, b: RedisSample): Map<string, number> {
  const out = new Map<string, number>();
  for (const [cmd, n] of b.calls) {
    const d = n - (a.calls.get(cmd) ?? 0);
    if (d > 0 && cmd !== 'info') out.set(cmd, d);
  }
  return out;
}

function diffPg(a: PgSample, b: PgSample): Measured['pg'] {
  const tables = new Map<string, { ins: number; upd: number }>();
  for (const [t, v] of b.tables) {
    const w = a.tables.get(t) ?? { ins: 0, upd: 0 };
    if (v.ins - w.ins + v.upd - w.upd > 0) tables.set(t, { ins: v.ins - w.ins, upd: v.upd - w.upd });
  }
  return {
    commits: b.commits - a.commits,
    tupInserted: b.tupInserted - a.tupInserted,
    tupUpdated: b.tupUpdated - a.tupUpdated,
    walBytes: b.walBytes - a.walBytes,
    databaseBytes: b.databaseBytes - a.databaseBytes,
    tables,
  };
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
