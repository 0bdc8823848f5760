import type { PositionInput } from '@moyo/contracts';
import { GameStreamRepository, PrismaService } from '@moyo/persistence';
import { describe, expect, it } from 'vitest';
import { expandCompacted } from '../../../viewer/src/compacted';
import { gameFromSgf } from '../../../../test/support/fake-ogs-server';
import { COMPACT_WINDOW } from '../../src/follow/compact-input';
import { FollowService } from '../../src/follow/follow.module';
import { fixtureSgf, until, useFakeOgsIngest } from '../support/fake-ogs-ingest';
import { positionOf } from '../support/positions';

const SGF = fixtureSgf('gnugo-selfplay-19x19.sgf');
const OGS_ID = 7171;
/** Moves at the end of the game whose jobs are still queued when it finishes. */
const RUNNING_AT_END = 10;

/**
 * A finished game is compacted completely: when it ends, every move whose job has ended (the
 * newest ones too: the final position's job holds the whole game), and the moves whose jobs were
 * still queued once those end (FinishedGamesCompactor). Each compacted row keeps the same
 * position, and the viewer's `expandCompacted` gets the whole game up to it back from the final
 * job's input. No worker runs: the test ends jobs itself.
 */
describe('ingest: a finished game is compacted completely', () => {
  const { server, start } = useFakeOgsIngest();

  it('compacts every move of a finished game, also those whose jobs were still queued when it ended', async () => {
    const fake = server.addGame(gameFromSgf(OGS_ID, SGF));
    const total = fake.moves.length;
    expect(total).toBeGreaterThanOrEqual(150);
    fake.played = total - 20;
    const app = await start();
    const prisma = app.get(PrismaService).client;
    const streams = app.get(GameStreamRepository);
    const streamId = (await streams.follow({ ogsGameId: OGS_ID, tenantId: null, analyses: ['board'] }))!
      .stream.id;
    const rows = async () => {
      const moves = await prisma.gameMoveAnalysis.findMany({
        where: { gameId: streamId, supersededIn: 0 },
        orderBy: { moveNumber: 'asc' },
      });
      const jobs = await prisma.job.findMany({
        where: { id: { in: moves.map((m) => m.jobId!) } },
        select: { id: true, input: true, status: true },
      });
      const byId = new Map(jobs.map((j) => [j.id, j]));
      return moves.map((m) => ({ ...m, job: byId.get(m.jobId!)! }));
    };
    const endJobs = async (through: number) => {
      const ids = (await rows()).filter((r) => r.moveNumber <= through).map((r) => r.jobId!);
      await prisma.job.updateMany({
        where: { id: { in: ids }, status: 'queued' },
        data: { status: 'completed', finishedAt: new Date() },
      });
    };
    await until(async () => (await rows()).length === total - 20, `${total - 20} moves recorded`);

    // The rest of the game; before it ends, the workers' part: every job but the last 10 moves' ends.
    let ready = false;
    const replay = server.replay(OGS_ID, {
      moveIntervalMs: 5,
      holdAfter: [{ after: total, until: () => ready }],
    });
    await until(async () => (await rows()).length === total, `${total} moves recorded`);
    await endJobs(total - RUNNING_AT_END);
    ready = true;
    await replay;
    const ended = total - RUNNING_AT_END - COMPACT_WINDOW;
    await until(
      async () =>
        (await prisma.gameMoveAnalysis.count({ where: { gameId: streamId, inputCompacted: true } })) ===
        ended,
      `moves ${COMPACT_WINDOW + 1}-${total - RUNNING_AT_END} compacted at the end of the game`,
    );
    const stream = await prisma.gameStream.findUniqueOrThrow({ where: { id: streamId } });
    expect(stream.status).toBe('finished');
    const finalJobId = (stream.meta as { finalJobId: string }).finalJobId;
    const final = (await prisma.job.findFirstOrThrow({ where: { id: finalJobId } }))
      .input as unknown as PositionInput;
    expect(final.moves).toHaveLength(total);
    // The newest ended moves are compacted too (no longer kept whole for a live viewer); the
    // moves whose jobs are still queued keep the whole game.
    for (const row of await rows()) {
      const n = row.moveNumber;
      expect(row.inputCompacted, `move ${n}`).toBe(n > COMPACT_WINDOW && n <= total - RUNNING_AT_END);
    }

    // The last jobs end; the compactor's sweep compacts their moves and marks the game done.
    await endJobs(total);
    const compactor = app.get(FollowService).compactor;
    expect(await compactor.sweepOnce()).toEqual({ streams: 1, moves: RUNNING_AT_END, results: 0, completed: 1 });
    expect(await compactor.sweepOnce()).toEqual({ streams: 0, moves: 0, results: 0, completed: 0 });
    const meta = (await prisma.gameStream.findUniqueOrThrow({ where: { id: streamId } })).meta;
    expect(meta).toMatchObject({ finalJobId, compacted: true });

    let storedMoves = 0;
    for (const row of await rows()) {
      const n = row.moveNumber;
      const input = row.job.input as unknown as PositionInput;
      const prefix: PositionInput = { ...final, moves: final.moves.slice(0, n) };
      storedMoves += input.moves.length + input.initialStones.length;
      if (n <= COMPACT_WINDOW) {
        expect(row.inputCompacted).toBe(false);
        expect(input.moves).toEqual(prefix.moves);
        continue;
      }
      expect(row.inputCompacted, `move ${n}`).toBe(true);
      expect(input.omittedMoves).toBe(n - COMPACT_WINDOW);
      expect(input.moves).toEqual(final.moves.slice(n - COMPACT_WINDOW, n));
      expect(positionOf(input), `move ${n}`).toBe(positionOf(prefix));
      // What the viewer shows for the job opened by id: the whole game up to move n.
      const whole = expandCompacted(input, final);
      expect(whole?.moves).toEqual(prefix.moves);
      expect(whole?.omittedMoves).toBeUndefined();
      expect(positionOf(whole!)).toBe(positionOf(prefix));
    }
    // Linear: at most 8 moves and 361 stones a row (the whole game once, in the final job).
    expect(storedMoves).toBeLessThanOrEqual(total * (COMPACT_WINDOW + 361));
  });
});
