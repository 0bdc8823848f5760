import { hashOf } from '@moyo/contracts';
import { GameStreamRepository, JobRepository } from '@moyo/persistence';
import { describe, expect, it } from 'vitest';
import { createApiApp } from '../src/bootstrap';
import { ApiConfig } from '../src/config/api-config';
import { readSse } from '../../../test/support/sse';
import { listenOnLoopback } from '../../../test/support/listen';
import { INPUT, useStreamsSuite } from './support/streams-suite';

describe('api /v1/games/:gameId/{analyses,events}: polling, SSE, undo, shutdown (real app, PostgreSQL)', () => {
  const suite = useStreamsSuite();
  const { services, h, moveJob, complete } = suite;

  it('polls analyses after sinceMove in move order, 304 while nothing changed, and the final analysis', async () => {
    const { stream } = await suite.app
      .get(GameStreamRepository)
      .follow({ ogsGameId: 2002, tenantId: suite.tenantA, analyses: ['board'] });
    for (const n of [1, 2, 3]) await moveJob(stream.id, suite.tenantA, n, true);
    const pending = await moveJob(stream.id, suite.tenantA, 4, false);

    const url = `${suite.base}/v1/games/2002/analyses?sinceMove=1`;
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
    expect(
      (await fetch(`${suite.base}/v1/games/${stream.id}/analyses?sinceMove=1`, { headers: h() })).status,
    ).toBe(200);
    expect(
      (
        await fetch(`${suite.base}/v1/games/2002/analyses?sinceMove=2`, {
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
    await suite.app.get(JobRepository).createIfAbsent({
      id: finalId,
      tenantId: suite.tenantA,
      kind: 'position',
      input: INPUT(4),
      inputHash: hashOf(INPUT(4)),
    });
    await suite.app.get(GameStreamRepository).markFinished(stream.id, { finalJobId: finalId, moveCount: 4 });
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
    const { stream } = (await suite.app
      .get(GameStreamRepository)
      .follow({ ogsGameId: 3003, tenantId: suite.tenantA, analyses: ['board'] }))!;
    await moveJob(stream.id, suite.tenantA, 1, true);
    const second = await moveJob(stream.id, suite.tenantA, 2, false);
    await moveJob(stream.id, suite.tenantA, 3, true);

    const res = await fetch(`${suite.base}/v1/games/3003/events`, { headers: h() });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const events = readSse(res);
    // Move 3 is done but waits for move 2: order first.
    await new Promise((r) => setTimeout(r, 300));
    await complete(second, 2);
    const finalId = 'ogs-test-final-3003';
    await suite.app.get(JobRepository).createIfAbsent({
      id: finalId,
      tenantId: suite.tenantA,
      kind: 'position',
      input: INPUT(3),
      inputHash: 'x',
    });
    await suite.app.get(GameStreamRepository).markFinished(stream.id, { finalJobId: finalId, moveCount: 3 });
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

    const resumed = await fetch(`${suite.base}/v1/games/3003/events`, {
      headers: { ...h(), 'last-event-id': '2' },
    });
    expect((await readSse(resumed)).map((e) => [e.type, e.id])).toEqual([
      ['analysis', '3'],
      ['finished', '3'],
    ]);
    expect((await fetch(`${suite.base}/v1/games/3003/events`, { headers: h(suite.keyB) })).status).toBe(404);
  });

  it('after an undo tells SSE clients to rewind and sends the replaced move again', async () => {
    const { stream } = (await suite.app
      .get(GameStreamRepository)
      .follow({ ogsGameId: 6006, tenantId: suite.tenantA, analyses: ['board'] }))!;
    const jobs = [1, 2, 3].map((n) => moveJob(stream.id, suite.tenantA, n, true));
    const firstThird = (await Promise.all(jobs))[2];
    const res = await fetch(`${suite.base}/v1/games/6006/events`, { headers: h() });
    let sawThird: () => void = () => undefined;
    const third = new Promise<void>((r) => (sawThird = r));
    const events = readSse(res, (e) => e.type === 'analysis' && e.id === '3' && sawThird());
    await third;
    // Move 3 was undone (the ingest drops its row) and another move 3 played: a new job.
    await suite.app.get(GameStreamRepository).rewindMoves(stream.id, 2);
    const polled = (await (await fetch(`${suite.base}/v1/games/6006/analyses`, { headers: h() })).json()) as {
      lastMove: number;
      analyses: { moveNumber: number }[];
    };
    expect(polled.lastMove).toBe(2);
    expect(polled.analyses.map((a) => a.moveNumber)).toEqual([1, 2]);
    const replay = 'ogs-test-6006-3-replayed';
    await suite.app.get(JobRepository).createIfAbsent({
      id: replay,
      tenantId: suite.tenantA,
      kind: 'position',
      input: INPUT(3),
      inputHash: 'y',
    });
    await complete(replay, 3);
    await suite.app.get(GameStreamRepository).recordMoveJob(stream.id, 3, replay);
    await suite.app.get(GameStreamRepository).markFinished(stream.id, { finalJobId: replay, moveCount: 3 });
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

  it('ends open event streams when the api shuts down, so the close does not wait for clients', async () => {
    const other = await createApiApp(ApiConfig.fromEnv({ ...services().env, HOST: '127.0.0.1' }));
    const url = await listenOnLoopback(other);
    await suite.app
      .get(GameStreamRepository)
      .follow({ ogsGameId: 5005, tenantId: suite.tenantA, analyses: ['board'] });
    const res = await fetch(`${url}/v1/games/5005/events`, { headers: h() });
    expect(res.status).toBe(200);
    const events = readSse(res);
    await other.close();
    expect(await events).toEqual([]);
  });
});
