import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useIsolatedServices } from '../../../test/support/services';
import { PrismaService, StreamCompactionRepository } from '../src';

/**
 * The order in which the finished-game sweep (apps/ingest FinishedGamesCompactor) takes streams:
 * streams a sweep had to leave unfinished (jobs that never end) go behind the others, so that
 * more of them than one sweep takes cannot starve the finished games behind them.
 */
describe('finished streams to compact against real PostgreSQL', () => {
  const services = useIsolatedServices();
  let prisma: PrismaService;
  let compaction: StreamCompactionRepository;

  beforeAll(() => {
    prisma = new PrismaService({ databaseUrl: services().databaseUrl });
    compaction = new StreamCompactionRepository(prisma);
  });
  afterAll(async () => {
    await prisma?.onModuleDestroy();
  });

  it('takes streams no sweep has left first, then those left the longest ago, and skips those marked done', async () => {
    const ids: string[] = [];
    for (const ogsGameId of [9101, 9102, 9103]) {
      const s = await prisma.client.gameStream.create({
        data: { ogsGameId, analyses: ['board'], status: 'finished', meta: { finalJobId: null } },
      });
      ids.push(s.id);
    }
    // A stream still followed is never taken.
    await prisma.client.gameStream.create({ data: { ogsGameId: 9104, analyses: ['board'] } });
    const [a, b, c] = ids;
    const taken = async (limit: number) => (await compaction.finishedToCompact(limit)).map((t) => t.streamId);

    expect(await taken(2)).toEqual([a, b]);
    // The sweep could not finish a (its jobs have not ended): the next sweep takes b and c first.
    await compaction.markTried(a);
    expect(await taken(2)).toEqual([b, c]);
    await compaction.markTried(b);
    await compaction.markTried(c);
    // All tried: the one left the longest ago first.
    expect(await taken(3)).toEqual([a, b, c]);
    await compaction.markTried(a);
    expect(await taken(3)).toEqual([b, c, a]);
    await compaction.markCompacted(b);
    expect(await taken(3)).toEqual([c, a]);
    const meta = (await prisma.client.gameStream.findUniqueOrThrow({ where: { id: a } })).meta as {
      compactTriedAt?: string;
    };
    expect(typeof meta.compactTriedAt).toBe('string');
  });
});
