import {
  JobRepository,
  PartitionRepository,
  ResultRepository,
  RetentionRepository,
  partitionName,
} from '@moyo/persistence';
import { beforeEach, describe, expect, it } from 'vitest';
import { PARTITION_DAYS_AHEAD, PartitionService } from '../src/reconcile/partition.service';
import { RetentionService } from '../src/reconcile/retention.service';
import { useSweepDatabase } from './support/sweep-database';

/**
 * The day partitions of jobs and job_results against a private PostgreSQL database: created ahead,
 * dropped whole past the retention cutoff with the rows that must stay moved to the default
 * partition, and the uniqueness of job ids and idempotency keys across partitions (PostgreSQL only
 * checks the primary key (id, created_at)). Time is injected (NOW), nothing depends on speed.
 */
const NOW = new Date('2031-06-15T12:00:00.000Z');
const DAY = 86_400_000;
const dayStart = (daysBefore: number) => new Date(Date.UTC(2031, 5, 15) - daysBefore * DAY);

describe('partitions: jobs and job_results by day', () => {
  const db = useSweepDatabase('partitions');
  const { config, logger, count } = db;

  const maintainer = () =>
    new PartitionService(new PartitionRepository(db.prisma), db.redis, config(), logger());
  const partitionsOf = async (table: string) =>
    (
      await db.sql.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
          WHERE i.inhparent = $1::regclass ORDER BY 1`,
        [table],
      )
    ).rows.map((r) => r.name);

  // After useSweepDatabase's TRUNCATE: back to the default partitions alone.
  beforeEach(async () => {
    for (const name of await partitionsOf('jobs')) {
      if (name === 'jobs_default') continue;
      const results = name.replace('jobs_', 'job_results_');
      await db.sql.query(`ALTER TABLE job_results DETACH PARTITION "${results}"`);
      await db.sql.query(`ALTER TABLE jobs DETACH PARTITION "${name}"`);
      await db.sql.query(`DROP TABLE "${results}", "${name}"`);
    }
  });

  /** `n` jobs created, run and completed with a result and a cache entry, then dated `day`. */
  async function seed(n: number, day: Date, status: 'completed' | 'queued' = 'completed'): Promise<string[]> {
    const ids = await db.createJobs(n, 'position-part');
    const results = new ResultRepository(db.prisma);
    if (status === 'completed') {
      for (const id of ids) {
        await results.start(id, 1);
        await results.complete({
          jobId: id,
          result: { territory: { black: 1, white: 2 }, id },
          timings: { engineMs: 1 },
          cache: { kind: 'store', key: `cache-${id}` },
          deliveries: [],
          finishedAt: new Date(day.getTime() + 3_600_000),
        });
      }
    }
    // Moves the rows into the day's partition, results along (job_created_at is the job's created_at).
    const at = new Date(day.getTime() + 60_000);
    await db.sql.query(`UPDATE jobs SET created_at = $2 WHERE id = ANY($1)`, [ids, at]);
    await db.sql.query(`UPDATE job_results SET job_created_at = $2 WHERE job_id = ANY($1)`, [ids, at]);
    return ids;
  }

  it('creates today and the days ahead once, job and result tables together', async () => {
    const first = await maintainer().run(NOW);
    expect(first.created.map((c) => c.outcome)).toEqual(Array(PARTITION_DAYS_AHEAD + 1).fill('created'));
    expect(first.created[0].day).toEqual(dayStart(0));
    expect((await maintainer().run(NOW)).created.every((c) => c.outcome === 'exists')).toBe(true);
    const days = Array.from({ length: PARTITION_DAYS_AHEAD + 1 }, (_, i) => dayStart(-i));
    expect(await partitionsOf('jobs')).toEqual(
      [...days.map((d) => partitionName('jobs', d)), 'jobs_default'].sort(),
    );
    expect(await partitionsOf('job_results')).toEqual(
      [...days.map((d) => partitionName('job_results', d)), 'job_results_default'].sort(),
    );
    // A job of that day lands in its partition, its result beside it.
    const [id] = await seed(1, dayStart(0));
    const where = await db.sql.query<{ j: string; r: string }>(
      `SELECT j.tableoid::regclass::text AS j, r.tableoid::regclass::text AS r
         FROM jobs j JOIN job_results r ON r.job_id = j.id AND r.job_created_at = j.created_at WHERE j.id = $1`,
      [id],
    );
    expect(where.rows).toEqual([
      { j: partitionName('jobs', dayStart(0)), r: partitionName('job_results', dayStart(0)) },
    ]);
  });

  it('drops expired days whole; the jobs that must stay move to the default partition', async () => {
    const repo = new PartitionRepository(db.prisma);
    const old1 = dayStart(40);
    const old2 = dayStart(31);
    const young = dayStart(29);
    for (const d of [old1, old2, young]) expect(await repo.createDay(d)).toBe('created');
    const done1 = await seed(6, old1);
    const done2 = await seed(4, old2);
    const [queued] = await seed(1, old1, 'queued');
    const youngIds = await seed(3, young);
    // Kept: a job of a game still followed, and one with a pending delivery. A finished game's
    // move loses its job (job_id NULL), as ON DELETE SET NULL did.
    const streams = await db.sql.query<{ id: string; status: string }>(
      `INSERT INTO game_streams (id, ogs_game_id, tenant_id, analyses, status, updated_at)
       VALUES (gen_random_uuid(), 1, $1, '{}', 'following', now()), (gen_random_uuid(), 2, $1, '{}', 'finished', now())
       RETURNING id::text, status::text`,
      [db.tenantId],
    );
    const stream = (s: string) => streams.rows.find((r) => r.status === s)?.id;
    await db.sql.query(
      `INSERT INTO game_move_analyses (id, game_id, move_number, job_id)
       VALUES (gen_random_uuid(), $1, 1, $2), (gen_random_uuid(), $3, 1, $4)`,
      [stream('following'), done1[0], stream('finished'), done1[1]],
    );
    await db.sql.query(
      `INSERT INTO webhook_deliveries (id, tenant_id, url, event, job_id, payload)
       VALUES (gen_random_uuid(), $1, 'https://hooks.example/x', 'job.completed', $2, '{}')`,
      [db.tenantId, done2[0]],
    );

    const run = await maintainer().run(NOW);
    expect(run.dropped.map((d) => [d.day, d.keptJobs, d.cacheEntries, d.moveReferences])).toEqual([
      [old1, 2, 5, 1],
      [old2, 1, 3, 0],
    ]);
    expect(run.dropped.every((d) => d.bytes > 0)).toBe(true);
    const names = await partitionsOf('jobs');
    expect(names).not.toContain(partitionName('jobs', old1));
    expect(names).not.toContain(partitionName('jobs', old2));
    expect(names).toContain(partitionName('jobs', young));
    expect(await partitionsOf('job_results')).not.toContain(partitionName('job_results', old1));

    const left = await db.sql.query<{ id: string; t: string; results: string }>(
      `SELECT j.id, j.tableoid::regclass::text AS t,
              (SELECT count(*) FROM job_results r WHERE r.job_id = j.id)::text AS results
         FROM jobs j ORDER BY j.id`,
    );
    const kept = [done1[0], queued, done2[0]];
    expect(left.rows.map((r) => r.id).sort()).toEqual([...kept, ...youngIds].sort());
    for (const r of left.rows) {
      expect(r.t).toBe(kept.includes(r.id) ? 'jobs_default' : partitionName('jobs', young));
      expect(r.results).toBe(r.id === queued ? '0' : '1');
    }
    expect(await count(`SELECT count(*) AS n FROM result_cache`)).toBe(2 + 3);
    const moves = await db.sql.query(`SELECT game_id::text AS g, job_id FROM game_move_analyses ORDER BY 1`);
    expect(moves.rows).toHaveLength(2);
    expect(moves.rows).toContainEqual({ g: stream('following'), job_id: done1[0] });
    expect(moves.rows).toContainEqual({ g: stream('finished'), job_id: null });

    // The kept rows are the row sweep's now: it keeps them while they must stay, as before.
    const sweep = new RetentionService(new RetentionRepository(db.prisma), db.redis, config(), logger());
    expect(await sweep.sweep(NOW)).toMatchObject({ jobs: 0 });
    await db.sql.query(`UPDATE game_streams SET status = 'finished'`);
    await db.sql.query(`UPDATE webhook_deliveries SET status = 'delivered'`);
    expect(await sweep.sweep(NOW)).toMatchObject({ jobs: 2 });
    expect(await count(`SELECT count(*) AS n FROM game_move_analyses WHERE job_id IS NOT NULL`)).toBe(0);
    // Idempotent: nothing left to drop.
    expect((await maintainer().run(NOW)).dropped).toEqual([]);
  });

  it('leaves a day in the default partition when the default already holds rows of it', async () => {
    const day = dayStart(10);
    await seed(1, day);
    expect(await new PartitionRepository(db.prisma).createDay(day)).toBe('blocked');
    expect(await partitionsOf('jobs')).toEqual(['jobs_default']);
    await expect(new PartitionRepository(db.prisma).dropDay(dayStart(0), NOW)).rejects.toThrow(
      /not wholly before/,
    );
  });

  it('keeps a job id and a tenant idempotency key unique across partitions, under concurrency', async () => {
    const repo = new PartitionRepository(db.prisma);
    const old = dayStart(5);
    expect(await repo.createDay(old)).toBe('created');
    const [id] = await seed(1, old);
    await db.sql.query(`UPDATE jobs SET idempotency_key = 'key-1' WHERE id = $1`, [id]);
    const jobs = new JobRepository(db.prisma);
    const again = await jobs.createIfAbsent({
      id,
      tenantId: db.tenantId,
      kind: 'position',
      input: { moves: [] },
      inputHash: id,
    });
    expect(again.created).toBe(false);
    expect(again.job.createdAt).toEqual(new Date(old.getTime() + 60_000));
    const byKey = await jobs.createIfAbsent({
      id: 'position-part-other',
      tenantId: db.tenantId,
      kind: 'position',
      input: { moves: [] },
      inputHash: 'x',
      idempotencyKey: 'key-1',
    });
    expect(byKey).toMatchObject({ created: false, job: { id } });
    expect(await jobs.attachIdempotencyKey(id, db.tenantId, 'key-1')).toBe(false);

    // Two processes insert overlapping batches at once, 20 times: every id is stored once.
    const repos = [new JobRepository(db.prisma), new JobRepository(db.prisma2)];
    for (let round = 0; round < 20; round++) {
      const batch = Array.from({ length: 30 }, (_, i) => ({
        id: `position-race-${round}-${i}`,
        tenantId: db.tenantId,
        kind: 'position' as const,
        input: { moves: [] },
        inputHash: `race-${i}`,
      }));
      const [a, b] = await Promise.all(repos.map((r) => r.createManyIfAbsent(batch)));
      expect(a.created.length + b.created.length).toBe(30);
      expect(a.created.length + a.existing.length).toBe(30);
    }
    expect(await count(`SELECT count(*) AS n FROM jobs WHERE id LIKE 'position-race-%'`)).toBe(20 * 30);
    expect(await count(`SELECT count(DISTINCT id) AS n FROM jobs`)).toBe(
      await count(`SELECT count(*) AS n FROM jobs`),
    );
  });
});
