/**
 * Storage per job and the retention sweep, through the real repositories on a private database.
 *
 * Each job is written as the api and the worker write it: JobRepository.createIfAbsent (the job
 * row, a followed game's move: the game's moves so far), ResultRepository.start (running, cache
 * read) and ResultRepository.complete (result, result-cache entry, one job.completed webhook
 * delivery with the body the worker's fan-out makes: jobView, the job's input and result). The results are
 * real: `--positions` positions of a 19x19 game from bench/data/real-games analysed by the
 * worker's engine function (runPosition) with the streams' default analyses, reused round-robin
 * (each job its own cache key), so a job's bytes are those of a real one.
 *
 * Phases, printed as they end:
 *   1. insert N jobs, `--concurrency` at once, into today's partition of jobs and job_results (as
 *      the worker's PartitionService creates it): jobs/s; then table + index bytes of every
 *      retained table (a partitioned one's partitions summed, after ANALYZE), and per million
 *      jobs = bytes / N * 1e6 (rows are independent and B-tree indexes grow about linearly, so
 *      the extrapolation is linear; TOAST included);
 *   2. the first half is dated 40 days back, in two equal cohorts: A into the DEFAULT partition,
 *      B into the day partition of 41 days back (the aging UPDATEs move the rows, results along).
 *      Then, beside each other, the two ways retention (RESULT_RETENTION_DAYS=30) removes them:
 *      the partition maintainer (PartitionService.run: B's day dropped whole, its cache entries
 *      deleted) and the row sweep (RetentionService.sweep, `--batch` rows per DELETE: A's cache
 *      entries and jobs, and both cohorts' deliveries, which are not partitioned): jobs/s each;
 *      sizes again (DELETE frees no file space by itself, DROP TABLE does);
 *   3. VACUUM (what autovacuum does), then N/2 new jobs: the bytes after show whether the freed
 *      space is reused, i.e. whether a table under retention stays bounded.
 *
 * Needs PostgreSQL (DATABASE_URL, an admin URL; default postgresql://postgres@127.0.0.1:5432/postgres:
 * a scratch database moyo_bench_storage_* is created and dropped) and Redis (REDIS_URL, only
 * for the service's constructor; nothing is written).
 *
 * Run: `npm run bench:storage [-- --jobs 20000] [--concurrency 8] [--batch 1000] [--positions 16]`
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { hashOf, type KataGoMove, type PositionInput } from '@moyo/contracts';
import {
  JobRepository,
  PartitionRepository,
  PrismaService,
  RedisService,
  ResultRepository,
  RetentionRepository,
  TenantRepository,
  type Prisma,
  type TableSize,
} from '@moyo/persistence';
import { PinoLogger } from 'nestjs-pino';
import { Client } from 'pg';
import { runPosition } from '../apps/worker/src/engine/engine-tasks';
import { WorkerConfig } from '../apps/worker/src/config/worker-config';
import { PartitionService } from '../apps/worker/src/reconcile/partition.service';
import { RetentionService } from '../apps/worker/src/reconcile/retention.service';
import { jobView } from '../apps/worker/src/webhooks/webhook-fanout.service';
import { createMigratedDatabase } from '../test/support/database';
import { integerOption } from './support/args';

const BENCH = 'bench:storage';
const JOBS = integerOption(BENCH, '--jobs', 20_000, 2);
const CONCURRENCY = integerOption(BENCH, '--concurrency', 8);
const BATCH = integerOption(BENCH, '--batch', 1000);
const POSITIONS = integerOption(BENCH, '--positions', 16);
const ANALYSES = ['board', 'bouzy', 'territory'];
const SGF = resolve(__dirname, 'data/real-games/engine19-001.sgf');
const DAY = 86_400_000;

const adminUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The game's moves in KataGo's form (GTP vertices, no I column). */
function gameMoves(sgf: string): KataGoMove[] {
  const cols = 'ABCDEFGHJKLMNOPQRST';
  const moves: KataGoMove[] = [];
  for (const m of sgf.matchAll(/;\s*([BW])\[([a-s]{2})?\]/g)) {
    if (!m[2]) continue; // a pass
    const x = m[2].charCodeAt(0) - 97;
    const y = m[2].charCodeAt(1) - 97;
    moves.push([m[1] as 'B' | 'W', `${cols[x]}${19 - y}`]);
  }
  return moves;
}

const inputAt = (moves: KataGoMove[], n: number): PositionInput => ({
  boardXSize: 19,
  boardYSize: 19,
  komi: 6.5,
  rules: 'japanese',
  initialStones: [],
  moves: moves.slice(0, n),
});

const mb = (bytes: number) => (bytes / 1e6).toFixed(1);

function printSizes(label: string, sizes: TableSize[], perJobsOf: number): number {
  let total = 0;
  console.log(`\n${label}`);
  console.log('  table                        rows   table MB  index MB   MB/million jobs');
  for (const s of sizes) {
    const bytes = s.tableBytes + s.indexBytes;
    total += bytes;
    const perMillion = (bytes / perJobsOf) * 1e6;
    console.log(
      `  ${s.table.padEnd(26)} ${String(s.rows).padStart(7)} ${mb(s.tableBytes).padStart(10)} ${mb(s.indexBytes).padStart(9)} ${mb(perMillion).padStart(17)}`,
    );
  }
  console.log(
    `  ${'all'.padEnd(26)} ${''.padStart(7)} ${mb(total).padStart(20)} MB ${mb((total / perJobsOf) * 1e6).padStart(14)}  (${(total / perJobsOf / 1024).toFixed(1)} KiB per job)`,
  );
  return total;
}

async function main(): Promise<void> {
  const name = `moyo_bench_storage_${process.pid}`;
  const databaseUrl = await createMigratedDatabase(adminUrl, name);
  const prisma = new PrismaService({ databaseUrl });
  const redis = new RedisService({ redisUrl, redisPrefix: name });
  const sql = new Client({ connectionString: databaseUrl });
  await sql.connect();
  try {
    const moves = gameMoves(readFileSync(SGF, 'utf8'));
    const t0 = performance.now();
    const results: Prisma.InputJsonValue[] = [];
    for (let i = 0; i < POSITIONS; i++) {
      const n = Math.round(((i + 1) / POSITIONS) * moves.length);
      const report = runPosition({ input: inputAt(moves, n), analyses: ANALYSES, options: {} });
      results.push(JSON.parse(JSON.stringify(report)) as Prisma.InputJsonValue);
    }
    const resultBytes = results.map((r) => JSON.stringify(r).length);
    console.log(
      `${BENCH}: ${JOBS} jobs, concurrency ${CONCURRENCY}, batch ${BATCH}; ${POSITIONS} real results of a ${moves.length}-move game ` +
        `(${ANALYSES.join(',')}), ${Math.round(resultBytes.reduce((a, b) => a + b, 0) / POSITIONS)} bytes of JSON on average ` +
        `(analysed in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    );

    const tenantId = (await new TenantRepository(prisma).create('bench storage')).id;
    const jobs = new JobRepository(prisma);
    const rr = new ResultRepository(prisma);
    let seq = 0;
    /** Writes `count` jobs as the api and the worker do; returns jobs/s. */
    const insert = async (count: number): Promise<number> => {
      const start = performance.now();
      let next = 0;
      const lane = async () => {
        while (next < count) {
          next++;
          const i = seq++;
          const id = `position-bench-${i}`;
          const n = 1 + (i % moves.length);
          const input = inputAt(moves, n);
          await jobs.createIfAbsent({
            id,
            tenantId,
            kind: 'position',
            input: input as unknown as Prisma.InputJsonValue,
            options: { analyses: ANALYSES },
            inputHash: hashOf(input),
            webhookUrl: 'https://hooks.example/moyo',
          });
          const key = `bench-${id}`;
          const started = await rr.start(id, 1, key);
          if (!started) throw new Error(`job ${id}: no row`);
          const result = results[i % POSITIONS];
          const finishedAt = new Date();
          const timings = { engineMs: 100, cache: 'miss' };
          // The body the worker's fan-out sends (GET /v1/jobs/:id's view), as the worker makes it.
          const body = jobView(started.job, {
            status: 'completed',
            result,
            error: null,
            timings,
            finishedAt,
          });
          await rr.complete({
            jobId: id,
            result,
            timings,
            cache: { kind: 'store', key },
            deliveries: [
              {
                id: crypto.randomUUID(),
                webhookId: null,
                tenantId,
                url: 'https://hooks.example/moyo',
                event: 'job.completed',
                jobId: id,
                payload: body as unknown as Prisma.InputJsonValue,
              },
            ],
            finishedAt,
          });
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, lane));
      return count / ((performance.now() - start) / 1000);
    };
    const retention = new RetentionRepository(prisma);
    const sizes = async () => {
      await sql.query('ANALYZE');
      return retention.tableSizes();
    };

    const partitions = new PartitionRepository(prisma);
    const now = new Date();
    if ((await partitions.createDay(now)) !== 'created') throw new Error("today's partition not created");
    const rate = await insert(JOBS);
    console.log(
      `\n1. inserted ${JOBS} jobs into today's partition: ${rate.toFixed(0)} jobs/s (3 statements per job, ${CONCURRENCY} at once)`,
    );
    const before = printSizes(`sizes after ${JOBS} jobs`, await sizes(), JOBS);

    // 2. The older half, 40 days back: created, finished, result, cache entry, delivery. Cohort A
    // (the first quarter) into the default partition, cohort B (the second) into the day partition
    // of 41 days back (jobs.created_at moves the row, ON UPDATE CASCADE its result along).
    const half = Math.floor(JOBS / 2);
    const quarter = Math.floor(half / 2);
    const old = new Date(now.getTime() - 40 * DAY).toISOString();
    const oldDay = new Date(now.getTime() - 41 * DAY);
    if ((await partitions.createDay(oldDay)) !== 'created') throw new Error('old day partition not created');
    const ids = Array.from({ length: half }, (_, i) => `position-bench-${i}`);
    await sql.query(`UPDATE jobs SET created_at = $2, finished_at = $2 WHERE id = ANY($1)`, [
      ids.slice(0, quarter),
      old,
    ]);
    await sql.query(`UPDATE jobs SET created_at = $2, finished_at = $2 WHERE id = ANY($1)`, [
      ids.slice(quarter),
      new Date(oldDay.getTime() + 3_600_000).toISOString(),
    ]);
    // Results follow their jobs into the day (job_created_at is the job's created_at).
    await sql.query(
      `UPDATE job_results r SET created_at = $1, job_created_at = j.created_at FROM jobs j
        WHERE j.id = r.job_id AND r.job_id = ANY($2)`,
      [old, ids],
    );
    await sql.query(
      `UPDATE webhook_deliveries SET status = 'delivered', created_at = $2 WHERE job_id = ANY($1)`,
      [ids, old],
    );
    await sql.query(`UPDATE webhook_deliveries SET status = 'delivered' WHERE status = 'pending'`);
    await sql.query(`UPDATE result_cache SET created_at = $2 WHERE key = ANY($1)`, [
      ids.map((id) => `bench-${id}`),
      old,
    ]);
    await sql.query('VACUUM');
    const config = WorkerConfig.fromEnv({
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      RESULT_RETENTION_DAYS: '30',
      RETENTION_BATCH_SIZE: String(BATCH),
    });
    const service = new RetentionService(
      retention,
      redis,
      config,
      new PinoLogger({ pinoHttp: { level: 'silent' } }),
    );
    const maintainer = new PartitionService(
      partitions,
      redis,
      config,
      new PinoLogger({ pinoHttp: { level: 'silent' } }),
    );
    // The days ahead exist already (the maintainer's earlier runs made them): the run timed here
    // checks them and drops the expired day.
    for (let d = 1; d <= 3; d++) await partitions.createDay(new Date(now.getTime() + d * DAY));
    const d0 = performance.now();
    const run = await maintainer.run(now);
    const dropS = (performance.now() - d0) / 1000;
    const dropped = run.dropped.reduce((a, d) => a + d.bytes, 0);
    const droppedJobs = half - quarter - run.dropped.reduce((a, d) => a + d.keptJobs, 0);
    console.log(
      `\n2a. partition drop (cohort B, ${half - quarter} jobs in the day partition of 41 days back): ` +
        `${run.dropped.length} day dropped, ${droppedJobs} jobs (+ results, ${run.dropped.reduce((a, d) => a + d.cacheEntries, 0)} cache entries) ` +
        `in ${dropS.toFixed(3)} s (${(droppedJobs / dropS).toFixed(0)} jobs/s), ${mb(dropped)} MB freed at once ` +
        `(the run also checked ${run.created.length} days, today and ahead)`,
    );
    const s0 = performance.now();
    let swept = { jobs: 0, deliveries: 0, cacheEntries: 0, batches: 0 };
    const ms = { deliveries: 0, cacheEntries: 0, jobs: 0 };
    for (;;) {
      const c = await service.sweep(now);
      swept = {
        jobs: swept.jobs + c.jobs,
        deliveries: swept.deliveries + c.deliveries,
        cacheEntries: swept.cacheEntries + c.cacheEntries,
        batches: swept.batches + c.batches,
      };
      ms.deliveries += c.ms.deliveries;
      ms.cacheEntries += c.ms.cacheEntries;
      ms.jobs += c.ms.jobs;
      if (c.complete) break;
    }
    const sweepS = (performance.now() - s0) / 1000;
    const rowS = (ms.cacheEntries + ms.jobs) / 1000;
    console.log(
      `\n2b. row sweep (30 days, cohort A: ${quarter} jobs 40 days old in the default partition; deliveries of A and B): ` +
        `removed ${swept.jobs} jobs (+ results), ${swept.deliveries} deliveries, ${swept.cacheEntries} cache entries in ` +
        `${swept.batches} statements, ${sweepS.toFixed(2)} s (deliveries ${ms.deliveries} ms, cache ${ms.cacheEntries} ms, ` +
        `jobs ${ms.jobs} ms): cache + jobs ${rowS.toFixed(3)} s, ${(swept.jobs / rowS).toFixed(0)} jobs/s ` +
        `against the partition drop's ${(droppedJobs / dropS).toFixed(0)} jobs/s (${(droppedJobs / dropS / (swept.jobs / rowS)).toFixed(1)}x)`,
    );
    const swept0 = printSizes(
      'sizes right after the sweep (per million of the jobs inserted)',
      await sizes(),
      JOBS,
    );

    // 3. Freed space reused?
    await sql.query('VACUUM');
    const rate2 = await insert(half);
    console.log(`\n3. VACUUM, then ${half} new jobs: ${rate2.toFixed(0)} jobs/s`);
    const after = printSizes(
      `sizes with ${JOBS} live jobs again (per million live jobs)`,
      await sizes(),
      JOBS,
    );
    console.log(
      `\ngrowth over phase 3 (after the sweep -> now): ${mb(after - swept0)} MB for ${half} new jobs ` +
        `(${mb(((after - swept0) / half) * 1e6)} MB per million; the same jobs take ~${mb((before / JOBS) * half)} MB ` +
        `in a table with no free space); since phase 1: ${mb(after - before)} MB (the aging UPDATEs of phase 2 leave ` +
        `dead row versions, as the workers' status changes do)`,
    );
  } finally {
    await sql.end();
    await prisma.onModuleDestroy();
    await redis.onModuleDestroy();
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
