import {
  BatchRepository,
  compactResult,
  GameStreamRepository,
  isCompactedReport,
  JobRepository,
  PrismaService,
} from '@moyo/persistence';
import type { PositionInput } from '@moyo/contracts';
import { describe, expect, it } from 'vitest';
import { gameFromSgf } from '../../../../test/support/fake-ogs-server';
import { GameRecordsService } from '../../../api/src/exports/game-records.service';
import { CompactedJobRecords } from '../../../api/src/exports/whole-game';
import { moveAnalysis } from '../../../viewer/src/analysis';
import type { AnalysisReport } from '../../../viewer/src/types';
import { FollowService } from '../../src/follow/follow.module';
import { fixtureSgf, until, useFakeOgsIngest } from '../support/fake-ogs-ingest';
import { reportOf } from '../support/reports';

const SGF = fixtureSgf('gnugo-selfplay-13x13.sgf');
const FINISHED = 7373;
const PLAYING = 7374;
/** The analyses of auto-followed games (follow.module.ts AUTO_FOLLOW_ANALYSES). */
const ANALYSES = ['board', 'bouzy', 'territory'];
/** Moves the game still in progress has played. */
const PLAYING_MOVES = 30;
/** The finished game's move whose job has a webhook delivery still pending. */
const PENDING_MOVE = 3;

/**
 * A finished game's move results are compacted (QueueSink.finishGame and the sweep), what the
 * viewer and the SGF export read of them unchanged; a game in progress is not touched. No worker
 * runs: the test stores the engine's real reports as a worker would.
 */
describe('ingest: the move results of a finished game are compacted', () => {
  const { server, start } = useFakeOgsIngest();

  it('compacts each ended move result of a finished game once, the viewer and the SGF export reading the same', async () => {
    const finished = server.addGame(gameFromSgf(FINISHED, SGF));
    const total = finished.moves.length;
    finished.played = total - 1;
    server.addGame(gameFromSgf(PLAYING, SGF)).played = PLAYING_MOVES;
    const app = await start();
    const prisma = app.get(PrismaService).client;
    const streams = app.get(GameStreamRepository);
    const jobs = app.get(JobRepository);
    const exports = new GameRecordsService(
      jobs,
      app.get(BatchRepository),
      streams,
      new CompactedJobRecords(streams, jobs),
    );
    const follow = async (ogsGameId: number) =>
      (await streams.follow({ ogsGameId, tenantId: null, analyses: ANALYSES }))!.stream.id;
    const finishedId = await follow(FINISHED);
    const playingId = await follow(PLAYING);
    const moveJobs = (gameId: string) =>
      prisma.gameMoveAnalysis.findMany({ where: { gameId }, orderBy: { moveNumber: 'asc' } });
    /** What a worker does: the engine's report on the job's input stored, the job completed. */
    const complete = async (gameId: string) => {
      for (const row of await moveJobs(gameId)) {
        const job = await prisma.job.findFirstOrThrow({ where: { id: row.jobId! } });
        if (job.status !== 'queued') continue;
        const result = compactResult(reportOf(job.input as unknown as PositionInput, ANALYSES));
        await prisma.jobResult.create({
          data: { jobId: job.id, jobCreatedAt: job.createdAt, result: result as never },
        });
        await prisma.job.updateMany({
          where: { id: job.id },
          data: { status: 'completed', finishedAt: new Date() },
        });
      }
    };
    /** Bytes of each stream's move results as stored (pg_column_size) and how many are compacted. */
    const stored = async (gameId: string) => {
      const [row] = await prisma.$queryRaw<{ rows: number; bytes: number; compacted: number }[]>`
        SELECT count(*)::int AS rows, sum(pg_column_size(r.result))::int AS bytes,
               count(*) FILTER (WHERE r.result ? 'compacted')::int AS compacted
          FROM game_move_analyses a JOIN job_results r ON r.job_id = a.job_id
         WHERE a.game_id = ${gameId}::uuid`;
      return row;
    };
    /** What the viewer's game view draws per move, and the game's exported SGF. */
    const reads = async () => {
      const rows = await streams.analysesSince(finishedId, 0);
      const viewer = rows.map((r) =>
        moveAnalysis({ jobId: r.jobId, status: r.status, result: r.result as AnalysisReport | null }, 13),
      );
      return {
        viewer,
        sgf: (await exports.game(String(FINISHED), '00000000-0000-4000-8000-000000000000')).sgf,
      };
    };

    await until(async () => (await moveJobs(finishedId)).length === total - 1, `${total - 1} moves recorded`);
    await until(
      async () => (await moveJobs(playingId)).length === PLAYING_MOVES,
      `${PLAYING_MOVES} moves recorded`,
    );
    await complete(finishedId);
    await complete(playingId);
    const pendingJob = (await moveJobs(finishedId))[PENDING_MOVE - 1].jobId!;
    await prisma.webhookDelivery.create({
      data: { url: 'http://127.0.0.1:9/hook', event: 'job.completed', jobId: pendingJob, payload: {} },
    });
    const before = await reads();
    expect(before.viewer.filter((v) => v?.ownership?.length === 169)).toHaveLength(total - 1);
    expect(before.sgf).toContain('TB[');
    const full = await stored(finishedId);
    const playing = await stored(playingId);
    expect(full).toMatchObject({ rows: total - 1, compacted: 0 });

    // The game ends: finishGame compacts the ended moves' results, but the one a delivery waits on.
    await server.replay(FINISHED, { moveIntervalMs: 5 });
    await until(
      async () => (await stored(finishedId)).compacted === total - 2,
      `${total - 2} results compacted when the game ends`,
    );
    const compactor = app.get(FollowService).compactor;
    // The last move's job has not ended, the pending delivery holds one back: not marked yet.
    expect(await compactor.sweepOnce()).toMatchObject({ streams: 1, results: 0, completed: 0 });
    await complete(finishedId);
    await prisma.webhookDelivery.updateMany({ where: { jobId: pendingJob }, data: { status: 'delivered' } });
    expect(await compactor.sweepOnce()).toMatchObject({ streams: 1, results: 2, completed: 1 });
    const compact = await stored(finishedId);
    expect(compact).toMatchObject({ rows: total, compacted: total });
    // A second sweep changes nothing; the game in progress is untouched.
    expect(await compactor.sweepOnce()).toEqual({ streams: 0, moves: 0, results: 0, completed: 0 });
    expect(await stored(finishedId)).toEqual(compact);
    expect(await stored(playingId)).toEqual(playing);
    expect((await stored(playingId)).compacted).toBe(0);

    // The same answers from the compacted rows (the last move's result, stored after, included).
    const after = await reads();
    expect(after.viewer.slice(0, total - 1)).toEqual(before.viewer);
    expect(after.viewer[total - 1]?.ownership).toHaveLength(169);
    // The SGF: every node as before, then the last move (ended after the game did).
    const played = before.sgf.replace(/\)\s*$/, '');
    expect(after.sgf.slice(0, played.length)).toBe(played);
    expect(after.sgf.length).toBeGreaterThan(played.length + 100);
    // Every row is marked; the api's job read gives the compact form with its marker.
    const one = await jobs.findForTenant((await moveJobs(finishedId))[10].jobId!, null as never);
    expect(isCompactedReport(one?.result?.result)).toBe(true);
    const perMove = (x: { bytes: number; rows: number }) => Math.round(x.bytes / x.rows);
    console.log(`13x13 ${ANALYSES.join(',')}: ${perMove(full)} -> ${perMove(compact)} bytes a move result`);
    expect(perMove(compact)).toBeLessThan(perMove(full) / 2);
  });
});
