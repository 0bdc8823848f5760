import { QueueName, type AnalyzePositionJob } from '@moyo/contracts';
import { bullConnectionOptions, GameStreamRepository, PrismaService, RedisService } from '@moyo/persistence';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { gameFromSgf } from '../../../../test/support/fake-ogs-server';
import { FollowService } from '../../src/follow/follow.module';
import { fixtureSgf, until, useFakeOgsIngest } from '../support/fake-ogs-ingest';

const SGF = fixtureSgf('gnugo-selfplay-13x13.sgf');

describe('two ingest replicas following one OGS game (fake OGS server, real Redis and PostgreSQL)', () => {
  // An app a test cut off from Redis may fail to close.
  const { services, server, start, stop } = useFakeOgsIngest({ ignoreCloseErrors: true });

  it('enqueues one position job per move, in order, with no duplicates, through drops and a replica leaving', async () => {
    const fake = server.addGame(gameFromSgf(31337, SGF));
    const env = { INGEST_LEASE_TTL_MS: '1500' };
    const a = await start(env);
    const b = await start(env);
    const streams = a.get(GameStreamRepository);
    const created = await streams.follow({ ogsGameId: 31337, tenantId: null, analyses: ['board'] });
    const streamId = created!.stream.id;
    const followers = () => [a, b].map((app) => app.get(FollowService).coordinator.followedGames.length);
    await Promise.all([a, b].map((app) => app.get(FollowService).coordinator.scan()));
    expect(followers().sort()).toEqual([0, 1]);

    const owner = followers()[0] === 1 ? a : b;
    const replay = server.replay(31337, {
      moveIntervalMs: 25,
      dropAfter: [30],
      repeat: [12, 13, 90],
      swapWithNext: [40, 100],
      skip: [70],
    });
    await until(() => fake.played >= 60, 'move 60');
    await stop(owner); // releases its lease: the other replica takes the game over on its next scan
    await replay;
    const prisma = (owner === a ? b : a).get(PrismaService).client;
    await until(
      async () =>
        (await prisma.gameStream.findUniqueOrThrow({ where: { id: streamId } })).status === 'finished',
      'stream finished',
    );

    const rows = await prisma.gameMoveAnalysis.findMany({
      where: { gameId: streamId },
      orderBy: { moveNumber: 'asc' },
    });
    expect(rows.map((r) => r.moveNumber)).toEqual(Array.from({ length: 130 }, (_, i) => i + 1));
    const stream = await prisma.gameStream.findUniqueOrThrow({ where: { id: streamId } });
    expect(stream.lastMove).toBe(130);
    const meta = stream.meta as { finalJobId: string; moveCount: number; outcome: string };
    expect(meta).toMatchObject({ moveCount: 130, outcome: '38.5 points' });

    const queue = new Queue(QueueName.Positions, {
      connection: bullConnectionOptions(services().redisUrl),
      prefix: services().redisPrefix,
    });
    try {
      const jobs = await queue.getJobs([
        'waiting',
        'prioritized',
        'delayed',
        'active',
        'completed',
        'failed',
      ]);
      const ids = jobs.map((j) => j.id).sort();
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual([...rows.map((r) => r.jobId!), meta.finalJobId].sort());
      const byMove = new Map(rows.map((r) => [r.jobId, r.moveNumber]));
      for (const job of jobs) {
        const data = job.data as AnalyzePositionJob;
        const n = byMove.get(job.id!) ?? 130;
        expect(data.input.moves).toHaveLength(n);
        expect(data.jobId).toBe(job.id);
      }
      expect(await prisma.job.count()).toBe(131);
    } finally {
      await queue.close();
    }
    // Both replicas followed the game at some point: the first until it left, then the other.
    expect(server.connections).toBeGreaterThanOrEqual(3);
  });
});

describe('a replica cut off from Redis: its lease lapses and the other replica takes the game over', () => {
  // An app a test cut off from Redis may fail to close.
  const { services, server, start } = useFakeOgsIngest({ ignoreCloseErrors: true });

  it('no move lost or doubled although the first owner never released its lease', async () => {
    const fake = server.addGame(gameFromSgf(4711, SGF));
    const env = { INGEST_LEASE_TTL_MS: '1200' };
    const a = await start(env);
    const streams = a.get(GameStreamRepository);
    const streamId = (await streams.follow({ ogsGameId: 4711, tenantId: null, analyses: ['board'] }))!.stream
      .id;
    const coordA = a.get(FollowService).coordinator;
    await coordA.scan();
    expect(coordA.followedGames).toEqual([4711]);
    const leaseKey = `${services().redisPrefix}:ingest:lease:${streamId}`;
    const redis = new Redis(services().redisUrl);
    try {
      expect(await redis.get(leaseKey)).toBe(a.get(FollowService).replicaId);
      const replay = server.replay(4711, { moveIntervalMs: 30, repeat: [50], swapWithNext: [80] });
      await until(() => fake.played >= 40, 'move 40');
      // Replica A loses Redis (its leases, not its queue or database): it cannot renew.
      a.get(RedisService).client.disconnect();
      const b = await start(env);
      const coordB = b.get(FollowService).coordinator;
      await until(async () => {
        await coordB.scan();
        return coordB.followedGames.length === 1;
      }, 'replica B taking over');
      expect(await redis.get(leaseKey)).toBe(b.get(FollowService).replicaId);
      // A noticed on its own and stopped following.
      await until(() => coordA.followedGames.length === 0, 'replica A to stop');
      await replay;
      const prisma = b.get(PrismaService).client;
      await until(
        async () =>
          (await prisma.gameStream.findUniqueOrThrow({ where: { id: streamId } })).status === 'finished',
        'stream finished',
      );
      const rows = await prisma.gameMoveAnalysis.findMany({
        where: { gameId: streamId },
        orderBy: { moveNumber: 'asc' },
      });
      expect(rows.map((r) => r.moveNumber)).toEqual(Array.from({ length: 130 }, (_, i) => i + 1));
      expect(await prisma.job.count()).toBe(131);
      const queue = new Queue(QueueName.Positions, {
        connection: bullConnectionOptions(services().redisUrl),
        prefix: services().redisPrefix,
      });
      try {
        const ids = (await queue.getJobs(['waiting', 'prioritized', 'delayed', 'active'])).map((j) => j.id);
        expect(ids).toHaveLength(131);
        expect(new Set(ids).size).toBe(131);
      } finally {
        await queue.close();
      }
    } finally {
      redis.disconnect();
    }
  });
});

describe('streams of one OGS game for several tenants, spread over two replicas', () => {
  // An app a test cut off from Redis may fail to close.
  const { services, server, start } = useFakeOgsIngest({ ignoreCloseErrors: true });

  it('follows and leases each stream on its own: every stream gets every move once, with jobs of its tenant', async () => {
    server.addGame(gameFromSgf(5150, SGF));
    const env = { INGEST_LEASE_TTL_MS: '1500' };
    const a = await start(env);
    const b = await start(env);
    const prisma = a.get(PrismaService).client;
    const streams = a.get(GameStreamRepository);
    const tenants = [
      (await prisma.tenant.create({ data: { name: 'one' } })).id,
      (await prisma.tenant.create({ data: { name: 'two' } })).id,
      null, // auto-followed
    ];
    const ids: string[] = [];
    for (const tenantId of tenants) {
      const r = await streams.follow({ ogsGameId: 5150, tenantId, analyses: ['board'] });
      expect(r.created).toBe(true);
      ids.push(r.stream.id);
    }
    expect(new Set(ids).size).toBe(3);
    const coords = [a, b].map((app) => app.get(FollowService).coordinator);
    // Scans race for the leases: in the end each stream is followed by exactly one replica.
    await until(async () => {
      await Promise.all(coords.map((c) => c.scan()));
      return coords.flatMap((c) => c.followedStreams).length === 3;
    }, 'all three streams followed');
    expect(coords.flatMap((c) => c.followedStreams).sort()).toEqual([...ids].sort());
    expect(coords.flatMap((c) => c.followedGames)).toEqual([5150, 5150, 5150]);
    const redis = new Redis(services().redisUrl);
    try {
      for (const id of ids) {
        const holder = await redis.get(`${services().redisPrefix}:ingest:lease:${id}`);
        const owner = coords.findIndex((c) => c.followedStreams.includes(id));
        expect(holder).toBe([a, b][owner].get(FollowService).replicaId);
      }
    } finally {
      redis.disconnect();
    }

    await server.replay(5150, { moveIntervalMs: 10, dropAfter: [50], repeat: [20], swapWithNext: [77] });
    await until(
      async () => (await prisma.gameStream.count({ where: { id: { in: ids }, status: 'finished' } })) === 3,
      'three streams finished',
    );
    const jobIds = new Set<string>();
    for (const [i, id] of ids.entries()) {
      const moves = await prisma.gameMoveAnalysis.findMany({
        where: { gameId: id },
        orderBy: { moveNumber: 'asc' },
      });
      const jobs = await prisma.job.findMany({
        where: { id: { in: moves.flatMap((m) => (m.jobId ? [m.jobId] : [])) } },
      });
      const rows = moves.map((m) => ({ ...m, job: jobs.find((j) => j.id === m.jobId) ?? null }));
      expect(rows.map((r) => r.moveNumber)).toEqual(Array.from({ length: 130 }, (_, n) => n + 1));
      // Each stream's moves are its own tenant's jobs, named after the stream.
      for (const r of rows) {
        expect(r.job?.tenantId ?? null).toBe(tenants[i]);
        expect(r.jobId!.endsWith(id.replace(/-/g, ''))).toBe(true);
        jobIds.add(r.jobId!);
      }
      expect(await prisma.job.count({ where: { tenantId: tenants[i] } })).toBe(131);
    }
    expect(jobIds.size).toBe(390);
    expect(await prisma.job.count()).toBe(393);
  });
});
