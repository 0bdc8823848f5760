import { Injectable } from '@nestjs/common';
import type { GameStream, JobStatus } from '../generated/prisma/client';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { withInputExpanded } from './job-input';
import { withResults } from './job-results';

export interface NewGameStream {
  ogsGameId: number;
  tenantId: string | null;
  analyses: string[];
  webhookUrl?: string | null;
}

/** One analysed move of a followed game, with its job's state and result. */
export interface MoveAnalysisView {
  moveNumber: number;
  jobId: string | null;
  status: JobStatus | null;
  result: unknown;
  createdAt: Date;
  finishedAt: Date | null;
}

/** The analysis of a finished game's final position. */
export interface FinalAnalysisView {
  jobId: string;
  status: JobStatus | null;
  result: unknown;
  finishedAt: Date | null;
}

/** The final analysis job id kept in a finished stream's `meta`, if any. */
export function finalJobIdOf(stream: GameStream): string | null {
  const meta = stream.meta as { finalJobId?: unknown } | null;
  return typeof meta?.finalJobId === 'string' ? meta.finalJobId : null;
}

/** Followed OGS games (game_streams) and the analysis job of each of their moves. */
@Injectable()
export class GameStreamRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Starts following `ogsGameId` for the tenant: creates the tenant's stream, or (re)activates its
   * existing one with the new options. Each tenant has its own stream of a game (unique per
   * (tenant, game)); tenant-less (auto-followed) streams are one per game.
   */
  async follow(stream: NewGameStream): Promise<{ stream: GameStream; created: boolean }> {
    // skipDuplicates is ON CONFLICT DO NOTHING: it also covers the partial unique index of the
    // tenant-less streams, so two concurrent follows create one stream.
    const rows = await this.prisma.client.gameStream.createManyAndReturn({
      data: [{ ...stream, webhookUrl: stream.webhookUrl ?? null }],
      skipDuplicates: true,
    });
    if (rows.length === 1) return { stream: rows[0], created: true };
    const existing = await this.prisma.client.gameStream.findFirstOrThrow({
      where: { ogsGameId: stream.ogsGameId, tenantId: stream.tenantId },
    });
    const updated = await this.prisma.client.gameStream.update({
      where: { id: existing.id },
      data: {
        analyses: stream.analyses,
        webhookUrl: stream.webhookUrl ?? null,
        status: existing.status === 'finished' ? 'finished' : 'following',
      },
    });
    return { stream: updated, created: false };
  }

  findForTenant(id: string, tenantId: string | null): Promise<GameStream | null> {
    return this.prisma.client.gameStream.findFirst({ where: { id, tenantId } });
  }

  findByOgsGameForTenant(ogsGameId: number, tenantId: string | null): Promise<GameStream | null> {
    return this.prisma.client.gameStream.findFirst({ where: { ogsGameId, tenantId } });
  }

  /**
   * The stream a tenant may read by OGS game id (digits) or stream id (uuid): its own or an
   * auto-followed (tenant-less) one, never another tenant's. By OGS id the tenant's own stream
   * wins over the auto-followed one of the same game. Null for anything else, malformed ids included.
   */
  async findVisible(gameId: string, tenantId: string | null): Promise<GameStream | null> {
    if (/^\d{1,15}$/.test(gameId)) {
      const ogsGameId = Number(gameId);
      if (ogsGameId > 2_147_483_647) return null; // not an int4: no such game, not a database error
      return (
        (tenantId !== null && (await this.findByOgsGameForTenant(ogsGameId, tenantId))) ||
        this.findByOgsGameForTenant(ogsGameId, null)
      );
    }
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(gameId)) return null;
    return this.prisma.client.gameStream.findFirst({
      where: { id: gameId, OR: [{ tenantId }, { tenantId: null }] },
    });
  }

  findById(id: string): Promise<GameStream | null> {
    return this.prisma.client.gameStream.findUnique({ where: { id } });
  }

  /** The tenant's streams, newest first (at most `limit`). */
  listForTenant(tenantId: string | null, limit = 100): Promise<GameStream[]> {
    return this.prisma.client.gameStream.findMany({
      where: { tenantId },
      orderBy: { createdAt: 'desc' },
      take: limit,
    });
  }

  /** Stops following (status paused); analyses stay readable. False if not the tenant's. */
  async pauseForTenant(id: string, tenantId: string | null): Promise<boolean> {
    const r = await this.prisma.client.gameStream.updateMany({
      where: { id, tenantId, status: 'following' },
      data: { status: 'paused' },
    });
    if (r.count === 1) return true;
    return (await this.findForTenant(id, tenantId)) !== null;
  }

  /** Streams an ingest replica should be following. */
  listFollowing(): Promise<GameStream[]> {
    return this.prisma.client.gameStream.findMany({
      where: { status: 'following' },
      orderBy: { createdAt: 'asc' },
    });
  }

  /**
   * Records the analysis job of a move; a repeat for the same (stream, move) keeps one current row
   * and points it at `jobId`. Raises `lastMove`.
   */
  async recordMoveJob(streamId: string, moveNumber: number, jobId: string): Promise<void> {
    await this.prisma.client.$transaction([
      this.prisma.client.gameMoveAnalysis.upsert({
        where: { gameId_moveNumber_supersededIn: { gameId: streamId, moveNumber, supersededIn: 0 } },
        create: { gameId: streamId, moveNumber, jobId },
        update: { jobId },
      }),
      this.prisma.client.gameStream.updateMany({
        where: { id: streamId, lastMove: { lt: moveNumber } },
        data: { lastMove: moveNumber },
      }),
    ]);
  }

  /**
   * An undo or a corrected gamedata replaced the moves after `keptMoves`: their rows are marked
   * superseded (kept with their jobs and analyses, numbered by this change) and `lastMove` is
   * lowered, so readers see the game as it now stands until the new moves are recorded. Returns
   * the jobs of the superseded moves.
   */
  async rewindMoves(streamId: string, keptMoves: number): Promise<string[]> {
    const [superseded] = await this.prisma.client.$transaction([
      this.prisma.client.$queryRaw<{ job_id: string | null }[]>`
        UPDATE game_move_analyses
           SET superseded_in = (SELECT max(superseded_in) + 1 FROM game_move_analyses WHERE game_id = ${streamId}::uuid),
               superseded_at = now()
         WHERE game_id = ${streamId}::uuid AND move_number > ${keptMoves} AND superseded_in = 0
        RETURNING job_id`,
      this.prisma.client.gameStream.updateMany({
        where: { id: streamId, lastMove: { gt: keptMoves } },
        data: { lastMove: keptMoves },
      }),
    ]);
    return superseded.map((r) => r.job_id).filter((id): id is string => id !== null);
  }

  /**
   * Current moves of the stream in (afterMove, beforeMove) whose job has ended and whose stored
   * input is not compacted yet, oldest first (at most `limit`).
   */
  async movesToCompact(
    streamId: string,
    afterMove: number,
    beforeMove: number,
    limit = 500,
  ): Promise<{ moveNumber: number; jobId: string }[]> {
    const rows = await this.prisma.client.$queryRaw<{ move_number: number; job_id: string }[]>`
      SELECT a.move_number, a.job_id
        FROM game_move_analyses a JOIN jobs j ON j.id = a.job_id
       WHERE a.game_id = ${streamId}::uuid AND NOT a.input_compacted AND a.superseded_in = 0
         AND a.move_number > ${afterMove} AND a.move_number < ${beforeMove}
         AND j.status IN ('completed', 'failed', 'cancelled')
       ORDER BY a.move_number
       LIMIT ${limit}`;
    return rows.map((r) => ({ moveNumber: r.move_number, jobId: r.job_id }));
  }

  /**
   * Stores the compact inputs of ended jobs of the stream's moves (one statement each way) and
   * marks those moves compacted. A job that is not ended (requeued meanwhile) keeps its input.
   */
  async storeCompactInputs(
    streamId: string,
    items: { moveNumber: number; jobId: string; input: Prisma.InputJsonValue }[],
  ): Promise<void> {
    if (items.length === 0) return;
    const rows = JSON.stringify(items);
    await this.prisma.client.$transaction([
      this.prisma.client.$executeRaw`
        UPDATE jobs SET input = c.input
          FROM jsonb_to_recordset(${rows}::jsonb) AS c("jobId" text, input jsonb)
         WHERE jobs.id = c."jobId" AND jobs.status IN ('completed', 'failed', 'cancelled')`,
      this.prisma.client.$executeRaw`
        UPDATE game_move_analyses a SET input_compacted = true
          FROM jsonb_to_recordset(${rows}::jsonb) AS c("moveNumber" int, "jobId" text)
          JOIN jobs j ON j.id = c."jobId" AND j.status IN ('completed', 'failed', 'cancelled')
         WHERE a.game_id = ${streamId}::uuid AND a.move_number = c."moveNumber" AND a.job_id = c."jobId"
           AND a.superseded_in = 0`,
    ]);
  }

  /**
   * Puts the whole input back on a compacted move's job (the game's newest move after an undo:
   * readers take the game's moves from it) and clears its mark. Nothing when it is not compacted.
   */
  async restoreMoveInput(streamId: string, moveNumber: number, input: Prisma.InputJsonValue): Promise<void> {
    const text = JSON.stringify(input);
    await this.prisma.client.$executeRaw`
      WITH restored AS (
        UPDATE game_move_analyses SET input_compacted = false
         WHERE game_id = ${streamId}::uuid AND move_number = ${moveNumber} AND superseded_in = 0
           AND input_compacted
        RETURNING job_id)
      UPDATE jobs SET input = ${text}::jsonb FROM restored WHERE jobs.id = restored.job_id`;
  }

  /** How many analyses of the stream's moves an undo or a corrected gamedata superseded. */
  supersededCount(streamId: string): Promise<number> {
    return this.prisma.client.gameMoveAnalysis.count({
      where: { gameId: streamId, supersededIn: { gt: 0 } },
    });
  }

  /** Marks the stream finished, keeping the final analysis job and outcome in `meta`. */
  async markFinished(streamId: string, meta: { finalJobId: string; outcome?: string; moveCount: number }) {
    await this.prisma.client.gameStream.update({
      where: { id: streamId },
      data: { status: 'finished', meta: meta as Prisma.InputJsonValue },
    });
  }

  async markError(streamId: string, message: string): Promise<void> {
    await this.prisma.client.gameStream.update({
      where: { id: streamId },
      data: { status: 'error', meta: { error: message } },
    });
  }

  /** The id of the job of the stream's latest move that has one, or null (board pictures). */
  async latestMoveJobId(streamId: string): Promise<string | null> {
    const row = await this.prisma.client.gameMoveAnalysis.findFirst({
      where: { gameId: streamId, jobId: { not: null }, supersededIn: 0 },
      orderBy: { moveNumber: 'desc' },
      select: { jobId: true },
    });
    return row?.jobId ?? null;
  }

  /** The stream and move a job analyses (its current row first, else one an undo superseded), or null. */
  async moveOfJob(jobId: string): Promise<{ streamId: string; moveNumber: number } | null> {
    const row = await this.prisma.client.gameMoveAnalysis.findFirst({
      where: { jobId },
      orderBy: { supersededIn: 'asc' },
      select: { gameId: true, moveNumber: true },
    });
    return row ? { streamId: row.gameId, moveNumber: row.moveNumber } : null;
  }

  /** Moves after `sinceMove` of the stream, in order, with their jobs' status and results. */
  async analysesSince(streamId: string, sinceMove: number, limit = 1000): Promise<MoveAnalysisView[]> {
    const rows = await this.prisma.client.gameMoveAnalysis.findMany({
      where: { gameId: streamId, moveNumber: { gt: sinceMove }, supersededIn: 0 },
      orderBy: { moveNumber: 'asc' },
      take: limit,
    });
    // No relation to include: jobs is partitioned and game_move_analyses has no foreign key to it.
    const ids = rows.flatMap((r) => (r.jobId ? [r.jobId] : []));
    const jobs = ids.length
      ? await withResults(
          this.prisma,
          (await this.prisma.client.job.findMany({ where: { id: { in: ids } } })).map(withInputExpanded),
        )
      : [];
    const byId = new Map(jobs.map((j) => [j.id, j]));
    return rows.map((r) => {
      const job = r.jobId ? byId.get(r.jobId) : undefined;
      return {
        moveNumber: r.moveNumber,
        jobId: r.jobId,
        status: job?.status ?? null,
        result: job?.result?.result ?? null,
        createdAt: r.createdAt,
        finishedAt: job?.finishedAt ?? null,
      };
    });
  }

  /** The job of each recorded move in (afterMove, throughMove], in order: a light read (no results). */
  async moveJobIds(
    streamId: string,
    afterMove: number,
    throughMove: number,
  ): Promise<{ moveNumber: number; jobId: string | null }[]> {
    return this.prisma.client.gameMoveAnalysis.findMany({
      where: { gameId: streamId, moveNumber: { gt: afterMove, lte: throughMove }, supersededIn: 0 },
      orderBy: { moveNumber: 'asc' },
      select: { moveNumber: true, jobId: true },
    });
  }

  /**
   * The final analysis of a finished stream (the job named by `meta.finalJobId`: the last
   * position with territory, dead stones and score), or null while the game is not finished.
   */
  async finalAnalysis(stream: GameStream): Promise<FinalAnalysisView | null> {
    const jobId = finalJobIdOf(stream);
    if (!jobId) return null;
    const found = await this.prisma.client.job.findFirst({ where: { id: jobId } });
    const job = found ? (await withResults(this.prisma, [withInputExpanded(found)]))[0] : null;
    return {
      jobId,
      status: job?.status ?? null,
      result: job?.result?.result ?? null,
      finishedAt: job?.finishedAt ?? null,
    };
  }

  /**
   * A cheap fingerprint of everything `analysesSince` could show for the stream: row count, the
   * newest move, job status counts and the latest job change. Equal tags mean nothing changed.
   */
  async changeTag(streamId: string): Promise<string> {
    const [agg] = await this.prisma.client.$queryRaw<
      {
        n: bigint;
        last: number | null;
        done: bigint;
        changed: Date | null;
        status: string;
        updated: Date;
        final: string | null;
      }[]
    >`SELECT count(a.id) AS n, max(a.move_number) AS last,
             count(j.id) FILTER (WHERE j.status IN ('completed','failed','cancelled')) AS done,
             greatest(max(j.finished_at), max(j.started_at), max(a.created_at)) AS changed,
             s.status::text AS status, s.updated_at AS updated,
             (SELECT f.status::text || coalesce(extract(epoch FROM f.finished_at)::text, '')
                FROM jobs f WHERE f.id = s.meta->>'finalJobId') AS final
        FROM game_streams s
        LEFT JOIN game_move_analyses a ON a.game_id = s.id AND a.superseded_in = 0
        LEFT JOIN jobs j ON j.id = a.job_id
       WHERE s.id = ${streamId}::uuid
       GROUP BY s.id`;
    if (!agg) return 'none';
    return [
      agg.n,
      agg.last ?? 0,
      agg.done,
      agg.changed?.getTime() ?? 0,
      agg.status,
      agg.updated.getTime(),
      agg.final ?? '',
    ].join('-');
  }
}
