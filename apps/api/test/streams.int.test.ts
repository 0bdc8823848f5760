import { GameStreamRepository, PrismaService } from '@moyo/persistence';
import { describe, expect, it } from 'vitest';
import { useStreamsSuite } from './support/streams-suite';

// Reading a game's analyses and events: game-reads.int.test.ts.
describe('api /v1/streams and /v1/games/:gameId/{analyses,events} (real app, API keys, PostgreSQL)', () => {
  const suite = useStreamsSuite();
  const { h, post, moveJob } = suite;

  it('needs an API key on every stream and game route (401)', async () => {
    expect((await post({ ogsGameId: 1 }, null)).status).toBe(401);
    for (const path of ['/v1/streams', '/v1/games/1/analyses', '/v1/games/1/events']) {
      const res = await fetch(`${suite.base}${path}`, { headers: h(null) });
      expect(res.status).toBe(401);
    }
  });

  it('refuses bad requests with 422 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{}, 'ogsGameId'],
      [{ ogsGameId: 'abc' }, 'ogsGameId'],
      [{ ogsGameId: 1.5 }, 'ogsGameId'],
      [{ ogsGameId: 0 }, 'ogsGameId'],
      [{ ogsGameId: 2 ** 31 }, 'ogsGameId'],
      [{ ogsGameId: 5, analyses: 'board' }, 'analyses'],
      [{ ogsGameId: 5, analyses: ['nonsense'] }, 'analyses'],
      [{ ogsGameId: 5, webhookUrl: 'ftp://x' }, 'webhookUrl'],
      [{ ogsGameId: 5, webhookUrl: 'not a url' }, 'webhookUrl'],
      [[1, 2], 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      const json = (await res.json()) as { statusCode: number; field: string; message: string };
      expect(json).toMatchObject({ statusCode: 422, error: 'Unprocessable Entity', field });
      expect(json.message).toMatch(new RegExp(`^${field}: `));
    }
    const since = await fetch(`${suite.base}/v1/games/1/analyses?sinceMove=-1`, { headers: h() });
    expect(since.status).toBe(422);
    expect(await since.json()).toMatchObject({ field: 'sinceMove' });
    const resume = await fetch(`${suite.base}/v1/games/1/events`, {
      headers: { ...h(), 'last-event-id': 'x' },
    });
    expect(resume.status).toBe(422);
    expect(await resume.json()).toMatchObject({ field: 'Last-Event-ID' });
    // Nothing was created by the refused requests.
    expect(await suite.app.get(PrismaService).client.gameStream.count()).toBe(0);
  });

  it('creates, lists, shows and stops a stream; each belongs to its tenant (others get 404)', async () => {
    const created = await post({ ogsGameId: 1001, analyses: ['board'], webhookUrl: 'https://example.org/h' });
    expect(created.status).toBe(201);
    const s = (await created.json()) as {
      id: string;
      status: string;
      analyses: string[];
      webhookUrl: string;
      links: Record<string, string>;
    };
    expect(s).toMatchObject({
      status: 'following',
      analyses: ['board'],
      webhookUrl: 'https://example.org/h',
    });
    expect(s.links).toEqual({
      self: `/v1/streams/${s.id}`,
      analyses: '/v1/games/1001/analyses',
      events: '/v1/games/1001/events',
    });
    const again = await post({ ogsGameId: 1001, analyses: ['board', 'territory'] });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({
      id: s.id,
      analyses: ['board', 'territory'],
      webhookUrl: null,
    });

    expect((await fetch(`${suite.base}/v1/streams/${s.id}`, { headers: h(suite.keyB) })).status).toBe(404);
    expect(
      (await fetch(`${suite.base}/v1/streams/${s.id}`, { method: 'DELETE', headers: h(suite.keyB) })).status,
    ).toBe(404);
    const hidden = await fetch(`${suite.base}/v1/games/1001/analyses`, { headers: h(suite.keyB) });
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toMatchObject({ statusCode: 404, message: 'game 1001 is not followed' });
    expect((await fetch(`${suite.base}/v1/games/${s.id}/analyses`, { headers: h(suite.keyB) })).status).toBe(
      404,
    );
    const listB = (await (await fetch(`${suite.base}/v1/streams`, { headers: h(suite.keyB) })).json()) as {
      items: unknown[];
    };
    expect(listB.items).toEqual([]);
    expect((await fetch(`${suite.base}/v1/streams/not-a-uuid`, { headers: h() })).status).toBe(404);

    const shown = await fetch(`${suite.base}/v1/streams/${s.id}`, { headers: h() });
    expect(shown.status).toBe(200);
    expect((await fetch(`${suite.base}/v1/streams/${s.id}`, { method: 'DELETE', headers: h() })).status).toBe(
      204,
    );
    const listA = (await (await fetch(`${suite.base}/v1/streams`, { headers: h() })).json()) as {
      items: { id: string; status: string }[];
    };
    expect(listA.items).toMatchObject([{ id: s.id, status: 'paused' }]);
    // Following it again resumes the same stream.
    const resumed = await post({ ogsGameId: 1001 });
    expect(resumed.status).toBe(200);
    expect(await resumed.json()).toMatchObject({ id: s.id, status: 'following' });
  });

  it('lets every tenant follow the same game: each gets its own stream and reads only its own moves', async () => {
    const mine = await post({ ogsGameId: 7007, analyses: ['board'], webhookUrl: 'https://a.example/h' });
    expect(mine.status).toBe(201);
    const a = (await mine.json()) as { id: string };
    const theirs = await post({ ogsGameId: 7007, analyses: ['territory'] }, suite.keyB);
    expect(theirs.status).toBe(201);
    const b = (await theirs.json()) as { id: string; analyses: string[]; webhookUrl: string | null };
    expect(b.id).not.toBe(a.id);
    expect(b).toMatchObject({ analyses: ['territory'], webhookUrl: null });
    // The same tenant again: the same stream (200), not a third one.
    const againB = await post({ ogsGameId: 7007, analyses: ['board'] }, suite.keyB);
    expect(againB.status).toBe(200);
    expect(await againB.json()).toMatchObject({ id: b.id, analyses: ['board'] });
    // A's options were left alone by B's requests.
    expect(await (await fetch(`${suite.base}/v1/streams/${a.id}`, { headers: h() })).json()).toMatchObject({
      analyses: ['board'],
      webhookUrl: 'https://a.example/h',
    });
    const prisma = suite.app.get(PrismaService).client;
    expect(await prisma.gameStream.count({ where: { ogsGameId: 7007 } })).toBe(2);

    const tenantB = (await prisma.gameStream.findUniqueOrThrow({ where: { id: b.id } })).tenantId;
    for (const n of [1, 2]) await moveJob(a.id, suite.tenantA, n, true);
    await moveJob(b.id, tenantB, 1, true);
    // By OGS id each tenant gets its own stream.
    const readA = (await (await fetch(`${suite.base}/v1/games/7007/analyses`, { headers: h() })).json()) as {
      gameId: string;
      analyses: { jobId: string }[];
    };
    const readB = (await (
      await fetch(`${suite.base}/v1/games/7007/analyses`, { headers: h(suite.keyB) })
    ).json()) as {
      gameId: string;
      analyses: { jobId: string }[];
    };
    expect(readA.gameId).toBe(a.id);
    expect(readA.analyses).toHaveLength(2);
    expect(readB.gameId).toBe(b.id);
    expect(readB.analyses.map((x) => x.jobId)).toEqual([`ogs-test-${b.id.slice(0, 8)}-1`]);
    // By stream id, another tenant's stream does not exist.
    for (const [id, key] of [
      [a.id, suite.keyB],
      [b.id, suite.keyA],
    ]) {
      expect((await fetch(`${suite.base}/v1/streams/${id}`, { headers: h(key) })).status).toBe(404);
      expect((await fetch(`${suite.base}/v1/games/${id}/analyses`, { headers: h(key) })).status).toBe(404);
      expect((await fetch(`${suite.base}/v1/games/${id}/events`, { headers: h(key) })).status).toBe(404);
      expect(
        (await fetch(`${suite.base}/v1/streams/${id}`, { method: 'DELETE', headers: h(key) })).status,
      ).toBe(404);
    }
    // Stopping one tenant's stream leaves the other's following.
    expect(
      (await fetch(`${suite.base}/v1/streams/${b.id}`, { method: 'DELETE', headers: h(suite.keyB) })).status,
    ).toBe(204);
    const statuses = await prisma.gameStream.findMany({
      where: { ogsGameId: 7007 },
      select: { id: true, status: true },
    });
    expect(new Map(statuses.map((x) => [x.id, x.status]))).toEqual(
      new Map([
        [a.id, 'following'],
        [b.id, 'paused'],
      ]),
    );
  });

  it('keeps one auto-followed stream per game beside the tenants’ own, and a tenant’s own stream wins', async () => {
    const repo = suite.app.get(GameStreamRepository);
    const first = await repo.follow({ ogsGameId: 8008, tenantId: null, analyses: ['board'] });
    const second = await repo.follow({ ogsGameId: 8008, tenantId: null, analyses: ['board'] });
    expect(first.created).toBe(true);
    expect(second).toMatchObject({ created: false, stream: { id: first.stream.id } });
    // Concurrent follows of one game by one tenant make one stream too.
    const racing = await Promise.all(
      [0, 1, 2, 3].map(() => repo.follow({ ogsGameId: 8008, tenantId: suite.tenantA, analyses: ['board'] })),
    );
    expect(racing.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(racing.map((r) => r.stream.id)).size).toBe(1);
    const own = racing[0].stream;
    expect(own.id).not.toBe(first.stream.id);
    await moveJob(first.stream.id, null, 1, true);
    const readA = (await (await fetch(`${suite.base}/v1/games/8008/analyses`, { headers: h() })).json()) as {
      gameId: string;
    };
    expect(readA.gameId).toBe(own.id);
    const readB = (await (
      await fetch(`${suite.base}/v1/games/8008/analyses`, { headers: h(suite.keyB) })
    ).json()) as {
      gameId: string;
    };
    expect(readB.gameId).toBe(first.stream.id);
  });

  it('auto-followed games (no tenant) are readable by every tenant', async () => {
    const { stream } = (await suite.app
      .get(GameStreamRepository)
      .follow({ ogsGameId: 4004, tenantId: null, analyses: ['board'] }))!;
    await moveJob(stream.id, null, 1, true);
    for (const key of [suite.keyA, suite.keyB]) {
      const res = await fetch(`${suite.base}/v1/games/4004/analyses`, { headers: h(key) });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { analyses: unknown[] }).analyses).toHaveLength(1);
    }
    // ... but it is nobody's stream to show or stop.
    expect((await fetch(`${suite.base}/v1/streams/${stream.id}`, { headers: h() })).status).toBe(404);
  });
});
