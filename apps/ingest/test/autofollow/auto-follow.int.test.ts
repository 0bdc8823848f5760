import { GameStreamRepository, PrismaService } from '@moyo/persistence';
import type { INestApplicationContext } from '@nestjs/common';
import { describe, expect, it } from 'vitest';
import { gameFromSgf } from '../../../../test/support/fake-ogs-server';
import { AutoFollow } from '../../src/autofollow/auto-follow';
import { FollowService } from '../../src/follow/follow.module';
import { fixtureSgf, until, useFakeOgsIngest } from '../support/fake-ogs-ingest';

const SGF = fixtureSgf('gnugo-selfplay-13x13.sgf');

describe('auto-follow: the top live games from gamelist/query (fake OGS, real PostgreSQL and Redis)', () => {
  const { server, start } = useFakeOgsIngest();
  let app: INestApplicationContext | undefined;

  it('with INGEST_AUTO_FOLLOW=true follows the first N live games and analyses their moves', async () => {
    for (const id of [501, 502, 503]) server.addGame(gameFromSgf(id, SGF)).played = 5 + (id - 500);
    app = await start({ INGEST_AUTO_FOLLOW: 'true', INGEST_AUTO_FOLLOW_COUNT: '2' });
    const prisma = app.get(PrismaService).client;
    await until(async () => (await prisma.gameStream.count()) === 2, 'two auto-followed streams');
    const query = server.commands('gamelist/query')[0];
    expect(query).toEqual([
      'gamelist/query',
      {
        list: 'live',
        sort_by: 'rank',
        where: { hide_bot_games: true, hide_9x9: true },
        from: 0,
        limit: 2,
      },
      expect.any(Number),
    ]);
    const streams = await prisma.gameStream.findMany({ orderBy: { ogsGameId: 'asc' } });
    expect(streams.map((s) => [s.ogsGameId, s.tenantId, s.status])).toEqual([
      [501, null, 'following'],
      [502, null, 'following'],
    ]);
    // The coordinator picks them up like any stream: the moves already played get their jobs.
    await app.get(FollowService).coordinator.scan();
    await until(
      async () => (await prisma.gameMoveAnalysis.count()) === 6 + 7,
      'the moves already played of both games',
    );
    expect(
      (await prisma.gameStream.findMany({ orderBy: { ogsGameId: 'asc' } })).map((s) => s.lastMove),
    ).toEqual([6, 7]);
  });

  it('skips finished games and games already followed, and adds nothing twice', async () => {
    const client = app!.get(FollowService).client;
    const streams = app!.get(GameStreamRepository);
    server.game(501).phase = 'finished'; // gone from the live list
    server.addGame(gameFromSgf(504, SGF));
    const auto = new AutoFollow(client, streams, 3, ['board']);
    expect(await auto.refresh()).toEqual([503, 504]);
    expect(await auto.refresh()).toEqual([]);
    const prisma = app!.get(PrismaService).client;
    expect(await prisma.gameStream.count()).toBe(4);
  });
});
