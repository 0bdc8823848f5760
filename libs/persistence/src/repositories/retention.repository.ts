import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';

/** What one call of a `delete…` method removed. */
export interface RetentionBatch {
  /** Rows of the table itself (cascaded rows not counted). */
  deleted: number;
}

/** Bytes of a table: heap (with TOAST) and its indexes. */
export interface TableSize {
  table: string;
  rows: number;
  tableBytes: number;
  indexBytes: number;
}

/** The tables retention bounds. */
export const RETAINED_TABLES = [
  'jobs',
  'job_results',
  'result_cache',
  'webhook_deliveries',
  'webhook_delivery_attempts',
  'game_move_analyses',
] as const;

/**
 * Removes what is older than the retention cutoff, one bounded batch per call (never one huge
 * DELETE: each batch is a short transaction holding at most `limit` row locks). Every batch takes
 * its rows with FOR UPDATE SKIP LOCKED, so two sweepers at once take disjoint rows (no row is
 * deleted twice, neither waits for nor deadlocks with the other), and a row whose state changed
 * meanwhile (a failed job retried) is checked again when locked: only ended rows go. The rows are
 * any expired ones (no ORDER BY: the index scan stops after `limit`), and the DELETE finds them by
 * primary key alone (`= ANY(ARRAY(...))`), so its plan does not depend on statistics: with a
 * join, stale statistics (a mass status change not yet analysed) made PostgreSQL nest-loop the
 * batch against an index scan, 1.35 s per 1000 deliveries instead of 10-15 ms.
 * - jobs: completed, failed or cancelled, created and finished before the cutoff, in the
 *   DEFAULT partition (jobs_default: rows older than the day partitions, and rows the partition
 *   maintainer kept past their day; PartitionRepository drops the day partitions whole). Their
 *   result (job_results) goes with them, the result-cache entries that name it go too, hit or
 *   not (a later miss computes and caches it again), and their game_move_analyses keep the move
 *   with job_id NULL: the same statement does all three, as the foreign keys' cascades did
 *   before jobs was partitioned. Queued and running jobs are never
 *   touched, nor the jobs of a game still followed or paused (the ingest rebuilds a game from its
 *   newest jobs), nor jobs with a pending delivery (its payload takes the result from the job).
 * - webhook_deliveries: delivered or failed, created before the cutoff (attempts cascade);
 *   pending ones stay whatever their age.
 * - result_cache: created before the cutoff and not hit since.
 */
@Injectable()
export class RetentionRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Deletes up to `limit` ended jobs (and their results) older than `cutoff`. */
  async deleteExpiredJobs(cutoff: Date, limit: number): Promise<RetentionBatch> {
    const at = cutoff.toISOString();
    const rows = await this.prisma.query<{ deleted: number }>(
      Prisma.sql`
      WITH doomed AS (
        SELECT j.id FROM jobs_default j
         WHERE j.status IN ('completed', 'failed', 'cancelled')
           AND j.created_at < ${at}::timestamptz
           AND COALESCE(j.finished_at, j.created_at) < ${at}::timestamptz
           AND NOT EXISTS (
             SELECT 1 FROM game_move_analyses a JOIN game_streams s ON s.id = a.game_id
              WHERE a.job_id = j.id AND s.status IN ('following', 'paused'))
           AND NOT EXISTS (
             SELECT 1 FROM webhook_deliveries d WHERE d.job_id = j.id AND d.status = 'pending')
         LIMIT ${limit}
           FOR UPDATE OF j SKIP LOCKED
      ), gone AS (
        DELETE FROM jobs_default
         WHERE jobs_default.id = ANY(ARRAY(SELECT id FROM doomed))
        RETURNING 1
      ), unresulted AS (
        DELETE FROM job_results WHERE job_id = ANY(ARRAY(SELECT id FROM doomed))
      ), uncached AS (
        DELETE FROM result_cache WHERE job_id = ANY(ARRAY(SELECT id FROM doomed))
      ), unlinked AS (
        UPDATE game_move_analyses SET job_id = NULL WHERE job_id = ANY(ARRAY(SELECT id FROM doomed))
      )
      SELECT count(*)::int AS deleted FROM gone`,
      'moyo_retention_jobs',
    );
    return { deleted: rows[0]?.deleted ?? 0 };
  }

  /** Deletes up to `limit` delivered or failed webhook deliveries created before `cutoff`. */
  async deleteExpiredDeliveries(cutoff: Date, limit: number): Promise<RetentionBatch> {
    const rows = await this.prisma.query<{ deleted: number }>(
      Prisma.sql`
      WITH doomed AS (
        SELECT id FROM webhook_deliveries
         WHERE status IN ('delivered', 'failed') AND created_at < ${cutoff.toISOString()}::timestamptz
         LIMIT ${limit}
           FOR UPDATE SKIP LOCKED
      ), gone AS (
        DELETE FROM webhook_deliveries d
         WHERE d.id = ANY(ARRAY(SELECT id FROM doomed))
        RETURNING 1
      )
      SELECT count(*)::int AS deleted FROM gone`,
      'moyo_retention_deliveries',
    );
    return { deleted: rows[0]?.deleted ?? 0 };
  }

  /** Deletes up to `limit` result-cache entries created before `cutoff` and not hit since. */
  async deleteExpiredCache(cutoff: Date, limit: number): Promise<RetentionBatch> {
    const at = cutoff.toISOString();
    const rows = await this.prisma.query<{ deleted: number }>(
      Prisma.sql`
      WITH doomed AS (
        SELECT key FROM result_cache
         WHERE created_at < ${at}::timestamptz AND COALESCE(last_hit_at, created_at) < ${at}::timestamptz
         LIMIT ${limit}
           FOR UPDATE SKIP LOCKED
      ), gone AS (
        DELETE FROM result_cache c
         WHERE c.key = ANY(ARRAY(SELECT key FROM doomed))
        RETURNING 1
      )
      SELECT count(*)::int AS deleted FROM gone`,
      'moyo_retention_cache',
    );
    return { deleted: rows[0]?.deleted ?? 0 };
  }

  /**
   * Rows and bytes (heap + TOAST, indexes) of the retained tables, a partitioned table's partitions
   * summed: for benches and operators.
   */
  async tableSizes(): Promise<TableSize[]> {
    const sizes: TableSize[] = [];
    for (const table of RETAINED_TABLES) {
      const [row] = await this.prisma.query<{ rows: string; table_bytes: string; index_bytes: string }>(
        Prisma.sql`
        SELECT (SELECT count(*) FROM ${Prisma.raw(`"${table}"`)})::text AS rows,
               COALESCE((SELECT sum(pg_table_size(relid)) FROM pg_partition_tree(${table}::regclass)),
                        pg_table_size(${table}::regclass))::text AS table_bytes,
               COALESCE((SELECT sum(pg_indexes_size(relid)) FROM pg_partition_tree(${table}::regclass)),
                        pg_indexes_size(${table}::regclass))::text AS index_bytes`,
      );
      sizes.push({
        table,
        rows: Number(row.rows),
        tableBytes: Number(row.table_bytes),
        indexBytes: Number(row.index_bytes),
      });
    }
    return sizes;
  }
}
