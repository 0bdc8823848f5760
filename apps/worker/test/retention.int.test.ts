import {
  PrismaService,
  ResultRepository,
  RetentionRepository,
  WebhookDeliveryRepository,
  type NewWebhookDelivery,
} from '@moyo/persistence';
import { describe, expect, it } from 'vitest';
import { RetentionService } from '../src/reconcile/retention.service';
import { useSweepDatabase } from './support/sweep-database';

/**
 * The retention sweep against a private PostgreSQL database and Redis prefix. Time is injected:
 * every row gets explicit timestamps relative to NOW, and the sweep is given NOW, so nothing
 * depends on the wall clock or on speed.
 */
const NOW = new Date('2031-06-15T12:00:00.000Z');
const DAY = 86_400_000;
const daysAgo = (d: number) => new Date(NOW.getTime() - d * DAY);

describe('retention: ended rows older than RESULT_RETENTION_DAYS go, in batches', () => {
  const db = useSweepDatabase('retention');
  const { config, logger, count } = db;

  const service = (p: PrismaService, env: Record<string, string> = {}) =>
    new RetentionService(new RetentionRepository(p), db.redis, config(env), logger());

  type Status = 'completed' | 'failed' | 'cancelled' | 'queued' | 'running';

  /**
   * `n` jobs through the real repositories: created, and for `completed` run and completed with a
   * result, a result-cache entry and a delivered job.completed delivery; then dated `age` days
   * before NOW (created, finished, result, cache entry and delivery alike). Returns their ids.
   */
  async function seed(n: number, status: Status, age: number): Promise<string[]> {
    const ids = await db.createJobs(n, 'position-ret');
    const results = new ResultRepository(db.prisma);
    for (const id of ids) {
      if (status === 'queued') continue;
      await results.start(id, 1);
      if (status === 'completed') {
        const delivery: NewWebhookDelivery = {
          id: crypto.randomUUID(),
          webhookId: null,
          tenantId: db.tenantId,
          url: 'https://hooks.example/x',
          event: 'job.completed',
          jobId: id,
          payload: { id, result: { territory: { black: 1, white: 2 }, id } },
        };
        await results.complete({
          jobId: id,
          result: { territory: { black: 1, white: 2 }, id },
          timings: { engineMs: 1 },
          cache: { kind: 'store', key: `cache-${id}` },
          deliveries: [delivery],
          finishedAt: daysAgo(age),
        });
      } else if (status !== 'running') {
        await db.sql.query(`UPDATE jobs SET status = $2, finished_at = now() WHERE id = ANY($1)`, [
          [id],
          status,
        ]);
      }
    }
    const at = daysAgo(age).toISOString();
    await db.sql.query(
      `UPDATE jobs SET created_at = $2, finished_at = CASE WHEN finished_at IS NULL THEN NULL ELSE $2::timestamptz END
        WHERE id = ANY($1)`,
      [ids, at],
    );
    await db.sql.query(`UPDATE job_results SET created_at = $2 WHERE job_id = ANY($1)`, [ids, at]);
    await db.sql.query(`UPDATE result_cache SET created_at = $2 WHERE key = ANY($1)`, [
      ids.map((i) => `cache-${i}`),
      at,
    ]);
    await db.sql.query(
      `UPDATE webhook_deliveries SET created_at = $2, status = 'delivered' WHERE job_id = ANY($1)`,
      [ids, at],
    );
    return ids;
  }

  it('removes old ended jobs with their results, deliveries and cache entries, batch by batch', async () => {
    const oldDone = await seed(25, 'completed', 40);
    const oldFailed = await seed(5, 'failed', 40);
    const oldCancelled = await seed(3, 'cancelled', 31);
    const oldQueued = await seed(4, 'queued', 90);
    const oldRunning = await seed(4, 'running', 90);
    const young = await seed(6, 'completed', 5);
    // A pending delivery of an old job stays whatever its age, and so does its job (the payload
    // takes the result from it); a hit cache entry stays as long as the job whose result it
    // names (here: that job goes, and the entry with it).
    await db.sql.query(`UPDATE webhook_deliveries SET status = 'pending' WHERE job_id = $1`, [oldDone[0]]);
    await db.sql.query(`UPDATE result_cache SET last_hit_at = $2 WHERE key = $1`, [
      `cache-${oldDone[1]}`,
      daysAgo(2),
    ]);

    // One batch is one statement of at most `limit` rows.
    const repo = new RetentionRepository(db.prisma);
    expect(await repo.deleteExpiredDeliveries(daysAgo(30), 7)).toEqual({ deleted: 7 });
    expect(await count(`SELECT count(*) AS n FROM webhook_deliveries`)).toBe(31 - 7);

    const counts = await service(db.prisma, { RETENTION_BATCH_SIZE: '7' }).sweep(NOW);
    // 24 old delivered: 7 above, then 17 in batches 7, 7, 3; 24 old unhit cache entries: 7, 7, 7,
    // 3; 32 old ended jobs without a pending delivery: 7, 7, 7, 7, 4.
    expect(counts).toMatchObject({ jobs: 32, deliveries: 17, cacheEntries: 24, complete: true });
    expect(counts.cutoff).toEqual(daysAgo(30));
    expect(counts.batches).toBe(3 + 4 + 5);
    expect(await count(`SELECT count(*) AS n FROM result_cache WHERE job_id = $1`, [oldDone[1]])).toBe(0);

    const left = (await db.sql.query<{ id: string }>(`SELECT id FROM jobs ORDER BY id`)).rows.map(
      (r) => r.id,
    );
    expect(left.sort()).toEqual([...oldQueued, ...oldRunning, ...young, oldDone[0]].sort());
    expect(await count(`SELECT count(*) AS n FROM job_results`)).toBe(7);
    expect(await count(`SELECT count(*) AS n FROM job_results WHERE job_id = ANY($1)`, [young])).toBe(6);
    expect(await count(`SELECT count(*) AS n FROM webhook_deliveries WHERE status = 'pending'`)).toBe(1);
    expect(await count(`SELECT count(*) AS n FROM webhook_deliveries`)).toBe(1 + 6);
    expect(await count(`SELECT count(*) AS n FROM result_cache`)).toBe(6);
    expect(await count(`SELECT count(*) AS n FROM result_cache WHERE result IS NOT NULL`)).toBe(0);
    expect(oldFailed.length + oldCancelled.length).toBe(8);

    // Idempotent: the next sweep finds nothing.
    expect(await service(db.prisma, { RETENTION_BATCH_SIZE: '7' }).sweep(NOW)).toMatchObject({
      jobs: 0,
      deliveries: 0,
      cacheEntries: 0,
      batches: 3,
    });
  });

  it('keeps the jobs of a game still followed; a finished game keeps its moves without the jobs', async () => {
    const [followedJob, followedHit] = await seed(2, 'completed', 60);
    const [finishedJob] = await seed(1, 'completed', 60);
    await db.sql.query(`UPDATE result_cache SET last_hit_at = $2 WHERE key = $1`, [
      `cache-${followedHit}`,
      daysAgo(1),
    ]);
    const streams = await db.sql.query<{ id: string; status: string }>(
      `INSERT INTO game_streams (id, ogs_game_id, tenant_id, analyses, status, updated_at)
       VALUES (gen_random_uuid(), 1, $1, '{}', 'following', now()), (gen_random_uuid(), 2, $1, '{}', 'finished', now())
       RETURNING id::text, status::text`,
      [db.tenantId],
    );
    const id = (s: string) => streams.rows.find((r) => r.status === s)?.id;
    await db.sql.query(
      `INSERT INTO game_move_analyses (id, game_id, move_number, job_id)
       VALUES (gen_random_uuid(), $1, 1, $2), (gen_random_uuid(), $1, 2, $3), (gen_random_uuid(), $4, 1, $5)`,
      [id('following'), followedJob, followedHit, id('finished'), finishedJob],
    );
    // The old unhit entries go (the followed game's too: its job keeps its own result); the hit
    // entry of a kept job stays.
    expect(await service(db.prisma).sweep(NOW)).toMatchObject({ jobs: 1, cacheEntries: 2 });
    expect((await db.sql.query(`SELECT id FROM jobs`)).rows.map((r: { id: string }) => r.id).sort()).toEqual(
      [followedJob, followedHit].sort(),
    );
    expect((await db.sql.query(`SELECT key FROM result_cache`)).rows).toEqual([
      { key: `cache-${followedHit}` },
    ]);
    const moves = await db.sql.query(
      `SELECT game_id::text, job_id FROM game_move_analyses ORDER BY move_number, game_id`,
    );
    expect(moves.rows).toHaveLength(3);
    expect(moves.rows.find((r: { game_id: string }) => r.game_id === id('finished'))?.job_id).toBeNull();
  });

  it('two sweepers at once remove every expired row once, without failing', async () => {
    await seed(120, 'completed', 45);
    const keep = await seed(3, 'running', 45);
    // Two pools, so the statements really run at the same time; small batches, many rounds.
    const a = service(db.prisma, { RETENTION_BATCH_SIZE: '5' });
    const b = service(db.prisma2, { RETENTION_BATCH_SIZE: '5' });
    const [ca, cb] = await Promise.all([a.sweep(NOW), b.sweep(NOW)]);
    expect(ca.jobs + cb.jobs).toBe(120);
    expect(ca.deliveries + cb.deliveries).toBe(120);
    expect(ca.cacheEntries + cb.cacheEntries).toBe(120);
    expect((await db.sql.query(`SELECT id FROM jobs`)).rows.map((r: { id: string }) => r.id).sort()).toEqual(
      [...keep].sort(),
    );
    expect(await count(`SELECT count(*) AS n FROM job_results`)).toBe(0);

    // Replicas: only the one that takes the Redis lock sweeps in an interval.
    await seed(10, 'completed', 45);
    const leaders = await Promise.all([a.sweepIfLeader(NOW), b.sweepIfLeader(NOW)]);
    expect(leaders.filter((c) => c !== null)).toHaveLength(1);
    expect(leaders.find((c) => c !== null)).toMatchObject({ jobs: 10 });
  });

  it('stores a result once: cache entries and deliveries name the job; entries still answer (as a legacy copy does)', async () => {
    const [source] = await seed(1, 'completed', 1);
    expect((await db.sql.query(`SELECT result, job_id FROM result_cache`)).rows).toEqual([
      { result: null, job_id: source },
    ]);
    await db.sql.query(`INSERT INTO result_cache (key, result) VALUES ('legacy', '{"old": true}')`);
    const [a, b] = await seed(2, 'queued', 0);
    const results = new ResultRepository(db.prisma);
    expect((await results.start(a, 1, `cache-${source}`))?.cached).toEqual({
      territory: { black: 1, white: 2 },
      id: source,
    });
    expect((await results.start(b, 1, 'legacy'))?.cached).toEqual({ old: true });

    // Its delivery's payload is stored without the result and sent with it.
    const [row] = (await db.sql.query(`SELECT id::text, payload ? 'result' AS has FROM webhook_deliveries`))
      .rows;
    expect(row.has).toBe(false);
    expect((await new WebhookDeliveryRepository(db.prisma).find(row.id))?.payload).toEqual({
      id: source,
      result: { territory: { black: 1, white: 2 }, id: source },
    });
  });

  it('RESULT_RETENTION_DAYS=0 keeps everything', async () => {
    await seed(4, 'completed', 4000);
    const off = service(db.prisma, { RESULT_RETENTION_DAYS: '0' });
    expect(await off.sweepIfLeader(NOW)).toBeNull();
    expect(await count(`SELECT count(*) AS n FROM jobs`)).toBe(4);
  });
});
