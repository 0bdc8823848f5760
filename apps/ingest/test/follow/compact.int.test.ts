import type { PositionInput } from '@moyo/contracts';
import { GameStreamRepository, PrismaService } from '@moyo/persistence';
import { describe, expect, it } from 'vitest';
import { gameFromSgf } from '../../../../test/support/fake-ogs-server';
import { COMPACT_WINDOW } from '../../src/follow/compact-input';
import { fixtureSgf, until, useFakeOgsIngest } from '../support/fake-ogs-ingest';
import { positionOf } from '../support/positions';

const SGF = fixtureSgf('gnugo-selfplay-19x19.sgf');

/**
 * Linear storage of a followed game: once a move's job has ended and later moves exist, its row
 * keeps the board COMPACT_WINDOW moves back plus those moves instead of the whole game; the newest
 * move keeps everything (readers take the game's moves from it), also after an undo. No worker
 * runs: the test ends jobs itself.
 */
describe('ingest: ended jobs of older moves store their position compactly', () => {
  const { server, start } = useFakeOgsIngest();

  it('compacts ended older moves to a bounded size with the same position, and restores the newest after an undo', async () => {
    const fake = server.addGame(gameFromSgf(7070, SGF));
    expect(fake.moves.length).toBeGreaterThanOrEqual(150);
    fake.played = 100;
    const app = await start();
    const prisma = app.get(PrismaService).client;
    const streams = app.get(GameStreamRepository);
    const streamId = (await streams.follow({ ogsGameId: 7070, tenantId: null, analyses: ['board'] }))!.stream
      .id;
    // Each move with its job (jobs is partitioned: no relation to include, see schema.prisma).
    const rows = async () => {
      const moves = await prisma.gameMoveAnalysis.findMany({
        where: { gameId: streamId, supersededIn: 0 },
        orderBy: { moveNumber: 'asc' },
      });
      const jobs = await prisma.job.findMany({
        where: { id: { in: moves.flatMap((m) => (m.jobId ? [m.jobId] : [])) } },
        select: { id: true, input: true, status: true },
      });
      const byId = new Map(jobs.map((j) => [j.id, j]));
      return moves.map((m) => ({ ...m, job: m.jobId ? (byId.get(m.jobId) ?? null) : null }));
    };
    await until(async () => (await rows()).length === 100, '100 moves recorded');
    const before = new Map(
      (await rows()).map((r) => [r.moveNumber, r.job!.input as unknown as PositionInput]),
    );
    // The workers' part: the jobs of moves 1-100 end.
    await prisma.job.updateMany({ data: { status: 'completed', finishedAt: new Date() } });

    fake.played = 150;
    server.dropAll(); // the ingest reconnects and reads the longer game
    await until(
      async () =>
        (await prisma.gameMoveAnalysis.count({ where: { gameId: streamId, inputCompacted: true } })) === 92,
      'moves 9-100 compacted',
    );
    await until(async () => (await rows()).length === 150, '150 moves recorded');
    const after = await rows();
    let compactedMoves = 0;
    for (const row of after) {
      const input = row.job!.input as unknown as PositionInput;
      const n = row.moveNumber;
      if (n > COMPACT_WINDOW && n <= 100) {
        expect(row.inputCompacted).toBe(true);
        expect(input.moves).toEqual(before.get(n)!.moves.slice(n - COMPACT_WINDOW));
        expect(input.omittedMoves).toBe(n - COMPACT_WINDOW);
        expect(input.initialStones.length).toBeLessThanOrEqual(361);
        expect(positionOf(input)).toBe(positionOf(before.get(n)!));
        compactedMoves += input.moves.length + input.initialStones.length;
      } else {
        // Moves 1-8 have nothing to fold; 101-150 have not ended: whole.
        expect(row.inputCompacted).toBe(false);
        expect(input.moves).toHaveLength(n);
        expect(input.omittedMoves).toBeUndefined();
      }
    }
    // Bounded by the board, whatever the move number: at most 8 moves and 361 stones a row.
    expect(compactedMoves).toBeLessThanOrEqual(92 * (COMPACT_WINDOW + 361));

    // An undo back to move 90: moves 91-150 superseded, move 90 (compacted) is the newest again
    // and gets its whole input back.
    fake.moves = fake.moves.slice(0, 90);
    fake.played = 90;
    server.dropAll();
    await until(async () => (await rows()).length === 90, 'moves 91-150 superseded');
    // The restore follows the supersede (a compacted row still holds the same position meanwhile).
    await until(async () => !(await rows())[89].inputCompacted, 'move 90 restored whole');
    const newest = (await rows())[89];
    expect(newest.inputCompacted).toBe(false);
    expect(newest.job!.input).toEqual(before.get(90));
  });
});
