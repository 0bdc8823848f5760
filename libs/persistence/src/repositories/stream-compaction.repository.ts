import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { expandInput } from './job-input';

/** A stored move result to compact: its job_results row and the report as stored. */
export interface ResultToCompact {
  jobId: string;
  jobCreatedAt: Date;
  result: Prisma.JsonValue;
}

/**
 * The move results of a stream the compaction may take: rows of its moves (current or superseded)
 * whose job has ended, not compacted yet (no `compacted` key), and whose job has no webhook
 * delivery still pending (a delivery reads the result when it is sent).
 */
const RESULTS_TO_COMPACT = Prisma.sql`
  NOT (r.result ? 'compacted')
  AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.job_id = r.job_id AND d.status = 'pending')`;

/** A finished stream whose moves are not all compacted yet, with the job holding its whole game. */
export interface FinishedStreamToCompact {
  streamId: string;
  /** The final position's job (its input is the whole game); null when the stream has none. */
  finalJobId: string | null;
}

/**
 * The compaction of finished games (apps/ingest FinishedGamesCompactor): which finished streams
 * still have moves with their whole input, the whole game to compact them from, and the mark that
 * says a stream is done (`meta.compacted`), so each sweep reads only the streams left to do. The
 * compaction itself is GameStreamRepository's `movesToCompact` / `storeCompactInputs`. The move
 * results of a finished stream are compacted here too (`resultsToCompact`, `storeCompactResults`,
 * `resultsLeft`: compact-report.ts says what stays); the final position's result stays whole.
 */
@Injectable()
export class StreamCompactionRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Finished streams not yet marked compacted (at most `limit`): those no sweep has left unfinished
   * yet first, least recently changed first, then those a sweep left (`compactTriedAt`, see
   * markTried), the longest left first, so streams whose jobs never end cannot hold the head of
   * the list for ever. Streams marked before results were compacted (`compacted` without
   * `resultsCompacted`) are taken again: their inputs are done already, their results are
   * compacted then.
   */
  async finishedToCompact(limit = 20): Promise<FinishedStreamToCompact[]> {
    const rows = await this.prisma.client.$queryRaw<{ id: string; final_job_id: string | null }[]>`
      SELECT id::text, meta->>'finalJobId' AS final_job_id
        FROM game_streams
       WHERE status = 'finished' AND coalesce(meta->>'resultsCompacted', 'false') <> 'true'
       ORDER BY (meta->>'compactTriedAt')::timestamptz NULLS FIRST, updated_at
       LIMIT ${limit}`;
    return rows.map((r) => ({ streamId: r.id, finalJobId: r.final_job_id }));
  }

  /** The stored input of a job (null when it is gone). */
  async inputOf(jobId: string): Promise<Prisma.JsonValue | null> {
    const job = await this.prisma.client.job.findFirst({ where: { id: jobId }, select: { input: true } });
    return job ? expandInput(job.input) : null;
  }

  /**
   * Current moves of the stream after `afterMove` that still hold their whole input (their job
   * may not have ended yet): 0 means the stream is compacted completely.
   */
  async wholeMovesLeft(streamId: string, afterMove: number): Promise<number> {
    const [row] = await this.prisma.client.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n
        FROM game_move_analyses a JOIN jobs j ON j.id = a.job_id
       WHERE a.game_id = ${streamId}::uuid AND NOT a.input_compacted AND a.superseded_in = 0
         AND a.move_number > ${afterMove}`;
    return row?.n ?? 0;
  }

  /**
   * Up to `limit` move results of the finished stream to compact (see RESULTS_TO_COMPACT), in
   * move order. Empty when the stream is not finished.
   */
  async resultsToCompact(streamId: string, limit = 64): Promise<ResultToCompact[]> {
    const rows = await this.prisma.client.$queryRaw<
      { job_id: string; job_created_at: Date; result: Prisma.JsonValue }[]
    >`
      SELECT r.job_id, r.job_created_at, r.result
        FROM game_streams s
        JOIN game_move_analyses a ON a.game_id = s.id
        JOIN jobs j ON j.id = a.job_id
        JOIN job_results r ON r.job_id = j.id AND r.job_created_at = j.created_at
       WHERE s.id = ${streamId}::uuid AND s.status = 'finished'
         AND j.status IN ('completed', 'failed', 'cancelled')
         AND ${RESULTS_TO_COMPACT}
       ORDER BY a.move_number, a.superseded_in
       LIMIT ${limit}`;
    return rows.map((r) => ({ jobId: r.job_id, jobCreatedAt: r.job_created_at, result: r.result }));
  }

  /**
   * Replaces those results by their compact forms (one statement for all of them) and drops the
   * result-cache entries that named their rows (the cache must not answer another job with a
   * compact form), in one transaction. A row compacted meanwhile (another replica), or whose job
   * got a pending delivery meanwhile (a redelivery), is left as it is. Returns the rows replaced.
   */
  async storeCompactResults(
    items: { jobId: string; jobCreatedAt: Date; result: Prisma.InputJsonValue }[],
  ): Promise<number> {
    if (items.length === 0) return 0;
    const rows = JSON.stringify(items);
    const [replaced] = await this.prisma.client.$transaction([
      this.prisma.client.$executeRaw`
        UPDATE job_results r SET result = c.result
          FROM jsonb_to_recordset(${rows}::jsonb) AS c("jobId" text, "jobCreatedAt" timestamptz, result jsonb)
         WHERE r.job_id = c."jobId" AND r.job_created_at = c."jobCreatedAt" AND ${RESULTS_TO_COMPACT}`,
      this.prisma.client.$executeRaw`
        DELETE FROM result_cache
         WHERE job_id IN (SELECT "jobId" FROM jsonb_to_recordset(${rows}::jsonb) AS c("jobId" text))`,
    ]);
    return replaced;
  }

  /**
   * Move results of the stream still to compact: jobs not ended yet, and ended ones not compacted
   * (a pending webhook delivery holds them back). 0 means its results are compacted completely.
   */
  async resultsLeft(streamId: string): Promise<number> {
    const [row] = await this.prisma.client.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n
        FROM game_move_analyses a
        JOIN jobs j ON j.id = a.job_id
        LEFT JOIN job_results r ON r.job_id = j.id AND r.job_created_at = j.created_at
       WHERE a.game_id = ${streamId}::uuid
         AND (j.status IN ('queued', 'running') OR NOT (r.result ? 'compacted'))`;
    return row?.n ?? 0;
  }

  /**
   * Marks the finished stream compacted, inputs and results (`meta.compacted`,
   * `meta.resultsCompacted`): later sweeps skip it.
   */
  /**
   * Notes that a sweep left a finished stream unfinished (moves whose jobs have not ended): it goes
   * behind the streams no sweep has tried yet (see finishedToCompact).
   */
  async markTried(streamId: string): Promise<void> {
    await this.prisma.client.$executeRaw`
      UPDATE game_streams
         SET meta = coalesce(meta, '{}'::jsonb) || jsonb_build_object('compactTriedAt', now())
       WHERE id = ${streamId}::uuid AND status = 'finished'`;
  }

  async markCompacted(streamId: string): Promise<void> {
    await this.prisma.client.$executeRaw`
      UPDATE game_streams
         SET meta = coalesce(meta, '{}'::jsonb) || '{"compacted": true, "resultsCompacted": true}'::jsonb
       WHERE id = ${streamId}::uuid AND status = 'finished'`;
  }
}
