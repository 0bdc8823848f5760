import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { expandInput } from './job-input';

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
 * compaction itself is GameStreamRepository's `movesToCompact` / `storeCompactInputs`.
 */
@Injectable()
export class StreamCompactionRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Finished streams not yet marked compacted, least recently changed first (at most `limit`). */
  async finishedToCompact(limit = 20): Promise<FinishedStreamToCompact[]> {
    const rows = await this.prisma.client.$queryRaw<{ id: string; final_job_id: string | null }[]>`
      SELECT id::text, meta->>'finalJobId' AS final_job_id
        FROM game_streams
       WHERE status = 'finished' AND coalesce(meta->>'compacted', 'false') <> 'true'
       ORDER BY updated_at
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

  /** Marks the finished stream compacted (`meta.compacted`): later sweeps skip it. */
  async markCompacted(streamId: string): Promise<void> {
    await this.prisma.client.$executeRaw`
      UPDATE game_streams SET meta = coalesce(meta, '{}'::jsonb) || '{"compacted": true}'::jsonb
       WHERE id = ${streamId}::uuid AND status = 'finished'`;
  }
}
