import { QueueName } from '@moyo/contracts';
import { bullConnectionOptions, GameStreamRepository, PrismaService } from '@moyo/persistence';
import { Queue } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { gameFromSgf } from '../../../../test/support/fake-ogs-server';
import { fixtureSgf, until, useFakeOgsIngest } from '../support/fake-ogs-ingest';

const SGF = fixtureSgf('gnugo-selfplay-13x13.sgf');

/**
 * A followed game whose gamedata comes back corrected (move 60 replaced, the game shorter), then
 * shorter again (a plain undo of ten moves): the analyses of the replaced moves stay, marked
 * superseded; their still-queued jobs are cancelled and taken off the queue; only the new moves
 * get jobs. No worker runs, so every job is still queued when the gamedata changes.
 */
describe('ingest: a corrected or shorter gamedata supersedes analyses instead of deleting them', () => {
  const { services, server, start } = useFakeOgsIngest();

  it('keeps the replaced moves as superseded, cancels their queued jobs and enqueues only the new moves', async () => {
    const fake = server.addGame(gameFromSgf(9090, SGF));
    expect(fake.moves).toHaveLength(130);
    fake.played = 130; // the whole game is in the first gamedata
    const app = await start();
    const prisma = app.get(PrismaService).client;
    const streams = app.get(GameStreamRepository);
    const streamId = (await streams.follow({ ogsGameId: 9090, tenantId: null, analyses: ['board'] }))!.stream
      .id;
    const current = () =>
      prisma.gameMoveAnalysis.findMany({
        where: { gameId: streamId, supersededIn: 0 },
        orderBy: { moveNumber: 'asc' },
      });
    const queue = new Queue(QueueName.Positions, {
      connection: bullConnectionOptions(services().redisUrl),
      prefix: services().redisPrefix,
    });
    try {
      await until(async () => (await current()).length === 130, '130 moves recorded');
      const before = await current();
      expect(await prisma.job.count()).toBe(130);
      const job = await queue.getJob(before[0].jobId!);
      expect(job?.opts.removeOnComplete).toBe(true); // a finished payload leaves Redis at once

      // A corrected gamedata: move 60 was a pass after all, and the game has 80 moves.
      fake.moves = fake.moves.slice(0, 80);
      fake.moves[59] = [-1, -1, 0];
      fake.played = 80;
      server.dropAll(); // the ingest reconnects and reads the gamedata again
      await until(async () => {
        const rows = await current();
        return rows.length === 80 && rows[79].jobId !== before[79].jobId;
      }, 'moves 60-80 recorded again');
      const after = await current();
      expect(after.slice(0, 59).map((r) => r.jobId)).toEqual(before.slice(0, 59).map((r) => r.jobId));
      const replaced = before.slice(59).map((r) => r.jobId!);
      for (const r of after.slice(59)) expect(replaced).not.toContain(r.jobId);
      // Only moves 60-80 are new jobs: 130 + 21.
      expect(await prisma.job.count()).toBe(151);
      // Moves 60-130 of the first version are kept, superseded, with their jobs, now cancelled
      // and off the queue.
      const superseded = await prisma.gameMoveAnalysis.findMany({
        where: { gameId: streamId, supersededIn: { gt: 0 } },
        orderBy: { moveNumber: 'asc' },
      });
      expect(superseded.map((r) => r.moveNumber)).toEqual(Array.from({ length: 71 }, (_, i) => 60 + i));
      expect(superseded.map((r) => r.jobId)).toEqual(replaced);
      expect(new Set(superseded.map((r) => r.supersededIn)).size).toBe(1);
      expect(superseded.every((r) => r.supersededAt !== null)).toBe(true);
      const statuses = await prisma.job.findMany({
        where: { id: { in: replaced } },
        select: { status: true },
      });
      expect(statuses.map((s) => s.status)).toEqual(replaced.map(() => 'cancelled'));
      for (const id of replaced) expect(await queue.getJob(id)).toBeUndefined();
      const stream = await prisma.gameStream.findUniqueOrThrow({ where: { id: streamId } });
      expect(stream.lastMove).toBe(80);

      // A shorter gamedata (ten moves taken back): moves 71-80 superseded, no new job.
      fake.moves = fake.moves.slice(0, 70);
      fake.played = 70;
      server.dropAll();
      await until(async () => (await current()).length === 70, 'moves 71-80 superseded');
      expect(await prisma.job.count()).toBe(151);
      expect(await streams.supersededCount(streamId)).toBe(81);
      const second = await prisma.gameMoveAnalysis.findMany({
        where: { gameId: streamId, moveNumber: { gt: 70 }, supersededIn: { gt: 1 } },
      });
      expect(second.map((r) => r.moveNumber).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 10 }, (_, i) => 71 + i),
      );
      // The api's reads see the game as it stands.
      expect((await streams.analysesSince(streamId, 0)).map((a) => a.moveNumber)).toEqual(
        Array.from({ length: 70 }, (_, i) => i + 1),
      );
      expect(await streams.latestMoveJobId(streamId)).toBe(after[69].jobId);
    } finally {
      await queue.close();
    }
  });
});
