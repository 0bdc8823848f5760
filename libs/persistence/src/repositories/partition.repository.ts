import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';

const DAY_MS = 86_400_000;
/** Longest wait for a table lock: the maintainer gives up (and retries next sweep), never queues the app. */
const LOCK_TIMEOUT = '5s';

/** The day partitions of jobs (and of job_results, created and dropped together). */
export interface DayPartition {
  /** UTC midnight the day starts at. */
  day: Date;
  /** `jobs_pYYYYMMDD` */
  jobsTable: string;
  resultsTable: string;
}

/** What creating a day's partitions did. */
export type CreateOutcome = 'created' | 'exists' | 'blocked';

/** What dropping a day's partitions did. */
export interface DropOutcome {
  day: Date;
  /** Bytes of the two partitions (heap, TOAST and indexes) before the drop. */
  bytes: number;
  /** Jobs of that day kept (moved to the DEFAULT partition, with their results). */
  keptJobs: number;
  /** Result-cache entries removed and move references cleared (the jobs they named are gone). */
  cacheEntries: number;
  moveReferences: number;
}

/** UTC midnight of `at`'s day. */
export const utcDay = (at: Date): Date => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);

/** `jobs_p20261125` for 2026-11-25 (UTC). */
export function partitionName(table: 'jobs' | 'job_results', day: Date): string {
  return `${table}_p${day.toISOString().slice(0, 10).replaceAll('-', '')}`;
}

const DAY_NAME = /^jobs_p(\d{4})(\d{2})(\d{2})$/;

/**
 * The day partitions of jobs and job_results (migration 20261125170000_partitioned_jobs): jobs by
 * created_at, job_results by job_created_at (the job's), one pair of tables per UTC day named
 * `jobs_pYYYYMMDD` / `job_results_pYYYYMMDD`. Rows of a day without a partition go to the DEFAULT
 * partitions (jobs_default, job_results_default), where the row sweep (RetentionRepository)
 * removes them. Every statement runs with a lock timeout, so a busy table makes the maintainer
 * give up until its next sweep instead of queueing the application's queries behind it.
 */
@Injectable()
export class PartitionRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The day partitions that exist, oldest first. */
  async days(): Promise<DayPartition[]> {
    const rows = await this.prisma.query<{ name: string }>(Prisma.sql`
      SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
       WHERE i.inhparent = 'jobs'::regclass ORDER BY c.relname`);
    return rows.flatMap(({ name }) => {
      const m = DAY_NAME.exec(name);
      if (!m) return [];
      const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
      return [{ day, jobsTable: name, resultsTable: partitionName('job_results', day) }];
    });
  }

  /**
   * Creates the partitions of `day` (UTC) for both tables, in one transaction. 'blocked' when the
   * DEFAULT partition already holds rows of that day (PostgreSQL refuses the new range): that day
   * stays in the default partition. PostgreSQL scans the default partition to check, so creating
   * ahead, while the day has no rows, is the cheap case.
   */
  async createDay(day: Date): Promise<CreateOutcome> {
    const from = utcDay(day);
    const to = new Date(from.getTime() + DAY_MS);
    const jobs = partitionName('jobs', from);
    const results = partitionName('job_results', from);
    const bounds = `FROM ('${from.toISOString()}') TO ('${to.toISOString()}')`;
    try {
      return await this.prisma.transaction(async (run) => {
        await run(Prisma.raw(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`));
        const [exists] = await run<{ n: number }>(Prisma.sql`
          SELECT count(*)::int AS n FROM pg_class WHERE relname IN (${jobs}, ${results}) AND relispartition`);
        if (exists.n === 2) return 'exists';
        await run(Prisma.raw(`CREATE TABLE IF NOT EXISTS "${jobs}" PARTITION OF jobs FOR VALUES ${bounds}`));
        await run(
          Prisma.raw(`CREATE TABLE IF NOT EXISTS "${results}" PARTITION OF job_results FOR VALUES ${bounds}`),
        );
        return 'created';
      });
    } catch (err) {
      // 23514: "updated partition constraint for default partition would be violated".
      if ((err as { code?: string }).code === '23514') return 'blocked';
      throw err;
    }
  }

  /**
   * Drops the partitions of `day` (its whole day must be before `cutoff`), in one transaction:
   * 1. the jobs that must stay, by the row sweep's rules (queued or running, finished after the
   *    cutoff, of a game still followed or paused, or with a pending delivery), and their results,
   *    are copied aside;
   * 2. the result-cache entries naming the day's other jobs are deleted and the moves naming them
   *    get job_id NULL (what the foreign keys' cascades did before partitioning);
   * 3. both partitions are detached and dropped (no row deletes: the space is freed at once);
   * 4. the kept jobs and results go back in, into the DEFAULT partitions (the day has no
   *    partition any more), where the row sweep removes them once they may go.
   * The day's partitions are locked first against writes (SHARE ROW EXCLUSIVE), so a kept job
   * cannot change between its copy and the drop. Null when the day has no partitions.
   */
  async dropDay(day: Date, cutoff: Date): Promise<DropOutcome | null> {
    const from = utcDay(day);
    if (from.getTime() + DAY_MS > cutoff.getTime()) {
      throw new Error(
        `dropDay: day ${from.toISOString().slice(0, 10)} is not wholly before cutoff ${cutoff.toISOString()}`,
      );
    }
    const jobs = partitionName('jobs', from);
    const results = partitionName('job_results', from);
    const at = cutoff.toISOString();
    return this.prisma.transaction(async (run) => {
      await run(Prisma.raw(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`));
      const [present] = await run<{ n: number }>(Prisma.sql`
        SELECT count(*)::int AS n FROM pg_class WHERE relname IN (${jobs}, ${results}) AND relispartition`);
      if (present.n !== 2) return null;
      await run(Prisma.raw(`LOCK TABLE "${results}", "${jobs}" IN SHARE ROW EXCLUSIVE MODE`));
      const [size] = await run<{ bytes: string }>(Prisma.sql`
        SELECT (pg_total_relation_size(${jobs}::regclass) + pg_total_relation_size(${results}::regclass))::text AS bytes`);
      await run(
        Prisma.sql`
        CREATE TEMP TABLE moyo_kept_jobs ON COMMIT DROP AS
        SELECT j.* FROM ${Prisma.raw(`"${jobs}"`)} j
         WHERE j.status IN ('queued', 'running')
            OR COALESCE(j.finished_at, j.created_at) >= ${at}::timestamptz
            OR EXISTS (SELECT 1 FROM game_move_analyses a JOIN game_streams s ON s.id = a.game_id
                        WHERE a.job_id = j.id AND s.status IN ('following', 'paused'))
            OR EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.job_id = j.id AND d.status = 'pending')`,
      );
      await run(
        Prisma.raw(`
        CREATE TEMP TABLE moyo_kept_results ON COMMIT DROP AS
        SELECT r.* FROM "${results}" r JOIN moyo_kept_jobs k ON k.id = r.job_id`),
      );
      const cache = await run<{ n: number }>(
        Prisma.raw(`
        WITH gone AS (
          DELETE FROM result_cache c USING "${jobs}" j
           WHERE c.job_id = j.id AND NOT EXISTS (SELECT 1 FROM moyo_kept_jobs k WHERE k.id = j.id)
          RETURNING 1)
        SELECT count(*)::int AS n FROM gone`),
      );
      const moves = await run<{ n: number }>(
        Prisma.raw(`
        WITH cleared AS (
          UPDATE game_move_analyses a SET job_id = NULL FROM "${jobs}" j
           WHERE a.job_id = j.id AND NOT EXISTS (SELECT 1 FROM moyo_kept_jobs k WHERE k.id = j.id)
          RETURNING 1)
        SELECT count(*)::int AS n FROM cleared`),
      );
      await run(Prisma.raw(`ALTER TABLE job_results DETACH PARTITION "${results}"`));
      await run(Prisma.raw(`DROP TABLE "${results}"`));
      await run(Prisma.raw(`ALTER TABLE jobs DETACH PARTITION "${jobs}"`));
      await run(Prisma.raw(`DROP TABLE "${jobs}"`));
      const kept = await run<{ n: number }>(
        Prisma.raw(`
        WITH moved AS (INSERT INTO jobs SELECT * FROM moyo_kept_jobs RETURNING 1)
        SELECT count(*)::int AS n FROM moved`),
      );
      await run(Prisma.raw(`INSERT INTO job_results SELECT * FROM moyo_kept_results`));
      return {
        day: from,
        bytes: Number(size.bytes),
        keptJobs: kept[0].n,
        cacheEntries: cache[0].n,
        moveReferences: moves[0].n,
      };
    });
  }
}
