import { hashOf } from '@moyo/contracts';
import { ApiKeyRepository, GameStreamRepository, JobRepository, PrismaService } from '@moyo/persistence';
import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useIsolatedServices } from '../../../test/support/services';
import { generateApiKey } from '../src/auth/api-keys';
import { createApiApp } from '../src/bootstrap';
import { ApiConfig } from '../src/config/api-config';
import { readSse } from '../../../test/support/sse';
import { listenOnLoopback } from '../../../test/support/listen';

const INPUT = (n: number) => ({
  boardXSize: 9,
  boardYSize: 9,
  komi: 7,
  rules: 'chinese',
  initialStones: [],
  moves: Array.from({ length: n }, (_, i) => [
    i % 2 ? 'W' : 'B',
    `${'ABCDEFGHJ'[i % 9]}${1 + Math.floor(i / 9)}`,
  ]),
});

describe('api /v1/streams and /v1/games/:gameId/{analyses,events} (real app, API keys, PostgreSQL)', () => {
  const services = useIsolatedServices();
  let app: INestApplication;
  let base = '';
  let keyA = '';
  let keyB = '';
  let tenantA = '';
  const h = (key: string | null = keyA) => ({
    'content-type': 'application/json',
    ...(key ? { authorization: `Bearer ${key}` } : {}),
  });
  const post = (body: unknown, key: string | null = keyA) =>
    fetch(`${base}/v1/streams`, { method: 'POST', headers: h(key), body: JSON.stringify(body) });

  /** A move job of a stream, as the ingest records it; `done` completes it as a worker would. */
  async function moveJob(streamId: string, tenantId: string | null, n: number, done: boolean) {
    const jobs = app.get(JobRepository);
    const id = `ogs-test-${streamId.slice(0, 8)}-${n}`;
    await jobs.createIfAbsent({
      id,
      tenantId,
      kind: 'position',
      input: INPUT(n),
      inputHash: hashOf(INPUT(n)),
    });
    await app.get(GameStreamRepository).recordMoveJob(streamId, n, id);
    if (done) await complete(id, n);
    return id;
  }
  async function complete(id: string, n: number) {
    await app.get(JobRepository).markRunning(id, 1);
    await app.get(JobRepository).complete(id, { board: { moveNumber: n } }, { engineMs: 1 });
  }

  beforeAll(async () => {
    app = await createApiApp(ApiConfig.fromEnv({ ...services().env, HOST: '127.0.0.1' }));
    base = await listenOnLoopback(app);
    const prisma = app.get(PrismaService).client;
    const keys = app.get(ApiKeyRepository);
    for (const name of ['streams-a', 'streams-b']) {
      const tenant = await prisma.tenant.create({ data: { name } });
      const k = generateApiKey();
      await keys.create({ tenantId: tenant.id, name, prefix: k.prefix, keyHash: k.hash });
      if (name === 'streams-a') {
        keyA = k.key;
        tenantA = tenant.id;
      } else keyB = k.key;
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  it('needs an API key on every stream and game route (401)', async () => {
    expect((await post({ ogsGameId: 1 }, null)).status).toBe(401);
    for (const path of ['/v1/streams', '/v1/games/1/analyses', '/v1/games/1/events']) {
      const res = await fetch(`${base}${path}`, { headers: h(null) });
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
    const since = await fetch(`${base}/v1/games/1/analyses?sinceMove=-1`, { headers: h() });
    expect(since.status).toBe(422);
    expect(await since.json()).toMatchObject({ field: 'sinceMove' });
    const resume = await fetch(`${base}/v1/games/1/events`, { headers: { ...h(), 'last-event-id': 'x' } });
    expect(resume.status).toBe(422);
    expect(await resume.json()).toMatchObject({ field: 'Last-Event-ID' });
    // Nothing was created by the refused requests.
    expect(await app.get(PrismaService).client.gameStream.count()).toBe(0);
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

    expect((await fetch(`${base}/v1/streams/${s.id}`, { headers: h(keyB) })).status).toBe(404);
    expect((await fetch(`${base}/v1/streams/${s.id}`, { method: 'DELETE', headers: h(keyB) })).status).toBe(
      404,
    );
    const hidden = await fetch(`${base}/v1/games/1001/analyses`, { headers: h(keyB) });
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toMatchObject({ statusCode: 404, message: 'game 1001 is not followed' });
    expect((await fetch(`${base}/v1/games/${s.id}/analyses`, { headers: h(keyB) })).status).toBe(404);
    const listB = (await (await fetch(`${base}/v1/streams`, { headers: h(keyB) })).json()) as {
      items: unknown[];
    };
    expect(listB.items).toEqual([]);
    expect((await fetch(`${base}/v1/streams/not-a-uuid`, { headers: h() })).status).toBe(404);

    const shown = await fetch(`${base}/v1/streams/${s.id}`, { headers: h() });
    expect(shown.status).toBe(200);
    expect((await fetch(`${base}/v1/streams/${s.id}`, { method: 'DELETE', headers: h() })).status).toBe(204);
    const listA = (await (await fetch(`${base}/v1/streams`, { headers: h() })).json()) as {
      items: { id: string; status: string }[];
    };
    expect(listA.items).toMatchObject([{ id: s.id, status: 'paused' }]);
    // Following it again resumes the same stream.
    const resumed = await post({ ogsGameId: 1001 });
    expect(resumed.status).toBe(200);
    expect(await resumed.json()).toMatchObject({ id: s.id, status: 'following' });
  });

  it('polls analyses after sinceMove in move order, 304 while nothing changed, and the final analysis', async () => {
    const { stream } = await app
      .get(GameStreamRepository)
      .follow({ ogsGameId: 2002, tenantId: tenantA, analyses: ['board'] });
    for (const n of [1, 2, 3]) await moveJob(stream.id, tenantA, n, true);
    const pending = await moveJob(stream.id, tenantA, 4, false);

    const url = `${base}/v1/games/2002/analyses?sinceMove=1`;
    const first = await fetch(url, { headers: h() });
    expect(first.status).toBe(200);
    const body = (await first.json()) as {
      ogsGameId: number;
      status: string;
      lastMove: number;
      analyses: { moveNumber: number; status: string; result: unknown }[];
      final: unknown;
    };
    expect(body).toMatchObject({ ogsGameId: 2002, status: 'following', lastMove: 4, final: null });
    expect(body.analyses.map((a) => [a.moveNumber, a.status])).toEqual([
      [2, 'completed'],
      [3, 'completed'],
      [4, 'queued'],
    ]);
    expect(body.analyses[0].result).toEqual({ board: { moveNumber: 2 } });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    const same = await fetch(url, { headers: { ...h(), 'if-none-match': etag } });
    expect(same.status).toBe(304);
    // By stream id too, and a different sinceMove is a different answer.
    expect((await fetch(`${base}/v1/games/${stream.id}/analyses?sinceMove=1`, { headers: h() })).status).toBe(
      200,
    );
    expect(
      (
        await fetch(`${base}/v1/games/2002/analyses?sinceMove=2`, {
          headers: { ...h(), 'if-none-match': etag },
        })
      ).status,
    ).toBe(200);

    await complete(pending, 4);
    const changed = await fetch(url, { headers: { ...h(), 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    const etag2 = changed.headers.get('etag')!;
    expect(etag2).not.toBe(etag);

    // The game ends: the final job (queued first, then done) changes the answer each time.
    const finalId = 'ogs-test-final-2002';
    await app.get(JobRepository).createIfAbsent({
      id: finalId,
      tenantId: tenantA,
      kind: 'position',
      input: INPUT(4),
      inputHash: hashOf(INPUT(4)),
    });
    await app.get(GameStreamRepository).markFinished(stream.id, { finalJobId: finalId, moveCount: 4 });
    const finishing = await fetch(url, { headers: { ...h(), 'if-none-match': etag2 } });
    expect(finishing.status).toBe(200);
    expect(await finishing.json()).toMatchObject({
      status: 'finished',
      final: { jobId: finalId, status: 'queued', result: null },
    });
    const etag3 = finishing.headers.get('etag')!;
    await complete(finalId, 4);
    const finished = await fetch(url, { headers: { ...h(), 'if-none-match': etag3 } });
    expect(finished.status).toBe(200);
    expect(await finished.json()).toMatchObject({
      final: { jobId: finalId, status: 'completed', result: { board: { moveNumber: 4 } } },
    });
  });

  it('pushes each move over SSE in order as its job ends, resumes after Last-Event-ID, ends with finished', async () => {
    const { stream } = (await app
      .get(GameStreamRepository)
      .follow({ ogsGameId: 3003, tenantId: tenantA, analyses: ['board'] }))!;
    await moveJob(stream.id, tenantA, 1, true);
    const second = await moveJob(stream.id, tenantA, 2, false);
    await moveJob(stream.id, tenantA, 3, true);

    const res = await fetch(`${base}/v1/games/3003/events`, { headers: h() });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const events = readSse(res);
    // Move 3 is done but waits for move 2: order first.
    await new Promise((r) => setTimeout(r, 300));
    await complete(second, 2);
    const finalId = 'ogs-test-final-3003';
    await app
      .get(JobRepository)
      .createIfAbsent({ id: finalId, tenantId: tenantA, kind: 'position', input: INPUT(3), inputHash: 'x' });
    await app.get(GameStreamRepository).markFinished(stream.id, { finalJobId: finalId, moveCount: 3 });
    await complete(finalId, 3);
    const got = await events;
    expect(got.map((e) => [e.type, e.id])).toEqual([
      ['analysis', '1'],
      ['analysis', '2'],
      ['analysis', '3'],
      ['finished', '3'],
    ]);
    expect(got[1].data).toMatchObject({
      moveNumber: 2,
      status: 'completed',
      result: { board: { moveNumber: 2 } },
    });
    expect(got[3].data).toMatchObject({
      status: 'finished',
      lastMove: 3,
      final: { jobId: finalId, status: 'completed' },
    });

    const resumed = await fetch(`${base}/v1/games/3003/events`, {
      headers: { ...h(), 'last-event-id': '2' },
    });
    expect((await readSse(resumed)).map((e) => [e.type, e.id])).toEqual([
      ['analysis', '3'],
      ['finished', '3'],
    ]);
    expect((await fetch(`${base}/v1/games/3003/events`, { headers: h(keyB) })).status).toBe(404);
  });

  it('after an undo tells SSE clients to rewind and sends the replaced move again', async () => {
    const { stream } = (await app
      .get(GameStreamRepository)
      .follow({ ogsGameId: 6006, tenantId: tenantA, analyses: ['board'] }))!;
    const jobs = [1, 2, 3].map((n) => moveJob(stream.id, tenantA, n, true));
    const firstThird = (await Promise.all(jobs))[2];
    const res = await fetch(`${base}/v1/games/6006/events`, { headers: h() });
    let sawThird: () => void = () => undefined;
    const third = new Promise<void>((r) => (sawThird = r));
    const events = readSse(res, (e) => e.type === 'analysis' && e.id === '3' && sawThird());
    await third;
    // Move 3 was undone (the ingest drops its row) and another move 3 played: a new job.
    await app.get(GameStreamRepository).rewindMoves(stream.id, 2);
    const polled = (await (await fetch(`${base}/v1/games/6006/analyses`, { headers: h() })).json()) as {
      lastMove: number;
      analyses: { moveNumber: number }[];
    };
    expect(polled.lastMove).toBe(2);
    expect(polled.analyses.map((a) => a.moveNumber)).toEqual([1, 2]);
    const replay = 'ogs-test-6006-3-replayed';
    await app
      .get(JobRepository)
      .createIfAbsent({ id: replay, tenantId: tenantA, kind: 'position', input: INPUT(3), inputHash: 'y' });
    await complete(replay, 3);
    await app.get(GameStreamRepository).recordMoveJob(stream.id, 3, replay);
    await app.get(GameStreamRepository).markFinished(stream.id, { finalJobId: replay, moveCount: 3 });
    const got = await events;
    expect(got.map((e) => [e.type, e.id])).toEqual([
      ['analysis', '1'],
      ['analysis', '2'],
      ['analysis', '3'],
      ['rewind', '2'],
      ['analysis', '3'],
      ['finished', '3'],
    ]);
    expect(got[2].data).toMatchObject({ jobId: firstThird });
    expect(got[3].data).toEqual({ fromMove: 3 });
    expect(got[4].data).toMatchObject({ moveNumber: 3, jobId: replay });
  });

  it('lets every tenant follow the same game: each gets its own stream and reads only its own moves', async () => {
    const mine = await post({ ogsGameId: 7007, analyses: ['board'], webhookUrl: 'https://a.example/h' });
    expect(mine.status).toBe(201);
    const a = (await mine.json()) as { id: string };
    const theirs = await post({ ogsGameId: 7007, analyses: ['territory'] }, keyB);
    expect(theirs.status).toBe(201);
    const b = (await theirs.json()) as { id: string; analyses: string[]; webhookUrl: string | null };
    expect(b.id).not.toBe(a.id);
    expect(b).toMatchObject({ analyses: ['territory'], webhookUrl: null });
    // The same tenant again: the same stream (200), not a third one.
    const againB = await post({ ogsGameId: 7007, analyses: ['board'] }, keyB);
    expect(againB.status).toBe(200);
    expect(await againB.json()).toMatchObject({ id: b.id, analyses: ['board'] });
    // A's options were left alone by B's requests.
    expect(await (await fetch(`${base}/v1/streams/${a.id}`, { headers: h() })).json()).toMatchObject({
      analyses: ['board'],
      webhookUrl: 'https://a.example/h',
    });
    const prisma = app.get(PrismaService).client;
    expect(await prisma.gameStream.count({ where: { ogsGameId: 7007 } })).toBe(2);

    const tenantB = (await prisma.gameStream.findUniqueOrThrow({ where: { id: b.id } })).tenantId;
    for (const n of [1, 2]) await moveJob(a.id, tenantA, n, true);
    await moveJob(b.id, tenantB, 1, true);
    // By OGS id each tenant gets its own stream.
    const readA = (await (await fetch(`${base}/v1/games/7007/analyses`, { headers: h() })).json()) as {
      gameId: string;
      analyses: { jobId: string }[];
    };
    const readB = (await (await fetch(`${base}/v1/games/7007/analyses`, { headers: h(keyB) })).json()) as {
      gameId: string;
      analyses: { jobId: string }[];
    };
    expect(readA.gameId).toBe(a.id);
    expect(readA.analyses).toHaveLength(2);
    expect(readB.gameId).toBe(b.id);
    expect(readB.analyses.map((x) => x.jobId)).toEqual([`ogs-test-${b.id.slice(0, 8)}-1`]);
    // By stream id, another tenant's stream does not exist.
    for (const [id, key] of [
      [a.id, keyB],
      [b.id, keyA],
    ]) {
      expect((await fetch(`${base}/v1/streams/${id}`, { headers: h(key) })).status).toBe(404);
      expect((await fetch(`${base}/v1/games/${id}/analyses`, { headers: h(key) })).status).toBe(404);
      expect((await fetch(`${base}/v1/games/${id}/events`, { headers: h(key) })).status).toBe(404);
      expect((await fetch(`${base}/v1/streams/${id}`, { method: 'DELETE', headers: h(key) })).status).toBe(
        404,
      );
    }
    // Stopping one tenant's stream leaves the other's following.
    expect((await fetch(`${base}/v1/streams/${b.id}`, { method: 'DELETE', headers: h(keyB) })).status).toBe(
      204,
    );
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
    const repo = app.get(GameStreamRepository);
    const first = await repo.follow({ ogsGameId: 8008, tenantId: null, analyses: ['board'] });
    const second = await repo.follow({ ogsGameId: 8008, tenantId: null, analyses: ['board'] });
    expect(first.created).toBe(true);
    expect(second).toMatchObject({ created: false, stream: { id: first.stream.id } });
    // Concurrent follows of one game by one tenant make one stream too.
    const racing = await Promise.all(
      [0, 1, 2, 3].map(() => repo.follow({ ogsGameId: 8008, tenantId: tenantA, analyses: ['board'] })),
    );
    expect(racing.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(racing.map((r) => r.stream.id)).size).toBe(1);
    const own = racing[0].stream;
    expect(own.id).not.toBe(first.stream.id);
    await moveJob(first.stream.id, null, 1, true);
    const readA = (await (await fetch(`${base}/v1/games/8008/analyses`, { headers: h() })).json()) as {
      gameId: string;
    };
    expect(readA.gameId).toBe(own.id);
    const readB = (await (await fetch(`${base}/v1/games/8008/analyses`, { headers: h(keyB) })).json()) as {
      gameId: string;
    };
    expect(readB.gameId).toBe(first.stream.id);
  });

  it('auto-followed games (no tenant) are readable by every tenant', async () => {
    const { stream } = (await app
      .get(GameStreamRepository)
      .follow({ ogsGameId: 4004, tenantId: null, analyses: ['board'] }))!;
    await moveJob(stream.id, null, 1, true);
    for (const key of [keyA, keyB]) {
      const res = await fetch(`${base}/v1/games/4004/analyses`, { headers: h(key) });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { analyses: unknown[] }).analyses).toHaveLength(1);
    }
    // ... but it is nobody's stream to show or stop.
    expect((await fetch(`${base}/v1/streams/${stream.id}`, { headers: h() })).status).toBe(404);
  });

  it('ends open event streams when the api shuts down, so the close does not wait for clients', async () => {
    const other = await createApiApp(ApiConfig.fromEnv({ ...services().env, HOST: '127.0.0.1' }));
    const url = await listenOnLoopback(other);
    await app.get(GameStreamRepository).follow({ ogsGameId: 5005, tenantId: tenantA, analyses: ['board'] });
    const res = await fetch(`${url}/v1/games/5005/events`, { headers: h() });
    expect(res.status).toBe(200);
    const events = readSse(res);
    await other.close();
    expect(await events).toEqual([]);
  });
});
