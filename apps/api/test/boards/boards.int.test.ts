import { analyzeEyeGraph, analyzePosition, Game, positionFromGame } from '@moyo/engine';
import { JobRepository, PrismaService } from '@moyo/persistence';
import { DOMParser, onWarningStopParsing } from '@xmldom/xmldom';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { useIsolatedServices } from '../../../../test/support/services';
import { type ApiHarness, bootApi, useApi } from '../support/api-harness';

const INPUT = {
  boardXSize: 9,
  boardYSize: 9,
  komi: 6.5,
  rules: 'japanese',
  initialStones: [],
  moves: [
    ['B', 'C3'],
    ['W', 'G7'],
    ['B', 'C7'],
    ['W', 'G3'],
    ['B', 'E5'],
    ['W', 'pass'],
    ['B', 'C5'],
  ],
};

/** The analysis report of INPUT's final position, computed by the engine as the worker would. */
function engineReport(): unknown {
  const game = new Game(9);
  for (const [, v] of INPUT.moves) {
    if (v === 'pass') game.pass();
    else game.playVertex(v);
  }
  return JSON.parse(JSON.stringify(analyzePosition(positionFromGame(game), ['bouzy', 'freihofner'])));
}

function countClass(svg: string, cls: string): number {
  const doc = new DOMParser({ onError: onWarningStopParsing }).parseFromString(svg, 'image/svg+xml');
  return Array.from(doc.getElementsByTagName('*')).filter((el) =>
    (el.getAttribute('class') ?? '').split(' ').includes(cls),
  ).length;
}

/** Board pictures and the progress stream against real PostgreSQL, behind the real API-key guard. */
describe('GET /v1/jobs/:id/board.svg, /v1/games/:gameId/board.svg, /v1/jobs/:id/events', () => {
  const api = useApi();
  let server: ApiHarness['server'];
  let keyA: string;
  let keyB: string;
  let tenantA: string;

  beforeAll(async () => {
    server = api.server;
    const a = await api.newTenant('a');
    keyA = a.key;
    tenantA = a.tenantId;
    keyB = (await api.newTenant('b')).key;
    const jobs = api.app.get(JobRepository);
    await jobs.createIfAbsent({
      id: 'position-done',
      tenantId: tenantA,
      kind: 'position',
      input: INPUT,
      inputHash: 'x',
    });
    await jobs.complete('position-done', engineReport() as never, {});
    await jobs.createIfAbsent({
      id: 'position-queued',
      tenantId: tenantA,
      kind: 'position',
      input: INPUT,
      inputHash: 'y',
    });
  });

  const get = (path: string, key = keyA) => request(server).get(path).set('Authorization', `Bearer ${key}`);
  // supertest buffers only text types as `text`; read SVG bodies as UTF-8 text too.
  const svgOf = (res: request.Response): string =>
    Buffer.isBuffer(res.body) ? res.body.toString('utf8') : res.text;

  it('draws the analyzed position with stored overlays', async () => {
    const res = await get('/v1/jobs/position-done/board.svg?overlay=territory,freihofner');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['moyo-move']).toBe('7');
    expect(res.headers['moyo-total-moves']).toBe('7');
    const svg = svgOf(res);
    expect(countClass(svg, 'stone')).toBe(6);
    expect(countClass(svg, 'terr-b')).toBeGreaterThan(0);
    expect(countClass(svg, 'num')).toBeGreaterThan(0);
    expect(countClass(svg, 'last')).toBe(1);
  });

  it('answers 304 to a matching If-None-Match and a new ETag when the request changes', async () => {
    const first = await get('/v1/jobs/position-done/board.svg?overlay=moyo');
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"/);
    const again = await get('/v1/jobs/position-done/board.svg?overlay=moyo').set('If-None-Match', etag);
    expect(again.status).toBe(304);
    const other = await get('/v1/jobs/position-done/board.svg?overlay=area').set('If-None-Match', etag);
    expect(other.status).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
  });

  it('steps through moves and names what a queued job cannot show yet', async () => {
    const at2 = await get('/v1/jobs/position-queued/board.svg?move=2&overlay=ownership,moyo');
    expect(at2.status).toBe(200);
    expect(countClass(svgOf(at2), 'stone')).toBe(2);
    expect(countClass(svgOf(at2), 'terr-b')).toBeGreaterThan(0);
    expect(at2.headers['moyo-missing-overlays']).toBe('ownership');
  });

  it('answers 422 naming the field for a bad overlay or move, 404 for another tenant, 401 without one', async () => {
    const bad = await get('/v1/jobs/position-done/board.svg?overlay=heat');
    expect(bad.status).toBe(422);
    expect(bad.body.field).toBe('overlay');
    const far = await get('/v1/jobs/position-done/board.svg?move=99');
    expect(far.status).toBe(422);
    expect(far.body.message).toMatch(/^move: the game has 7 moves/);
    expect((await get('/v1/jobs/position-done/board.svg', keyB)).status).toBe(404);
    expect((await request(server).get('/v1/jobs/position-done/board.svg')).status).toBe(401);
    const wrongKey = `moyo_00000000_${'A'.repeat(43)}`;
    expect((await get('/v1/jobs/position-done/board.svg', wrongKey)).status).toBe(401);
    expect((await request(server).get('/v1/jobs/position-done/events')).status).toBe(401);
  });

  it('draws the latest analyzed move of a followed game', async () => {
    const prisma = api.app.get(PrismaService).client;
    const game = await prisma.gameStream.create({
      data: { ogsGameId: 4242, tenantId: tenantA, analyses: ['bouzy'] },
    });
    await prisma.gameMoveAnalysis.create({
      data: { gameId: game.id, moveNumber: 3, jobId: 'position-queued' },
    });
    await prisma.gameMoveAnalysis.create({
      data: { gameId: game.id, moveNumber: 7, jobId: 'position-done' },
    });
    for (const id of [game.id, '4242']) {
      const res = await get(`/v1/games/${id}/board.svg?overlay=territory`);
      expect(res.status).toBe(200);
      expect(res.headers['moyo-move']).toBe('7');
      expect(res.headers['moyo-job-id']).toBe('position-done');
      expect(res.headers['moyo-job-status']).toBe('completed');
    }
    expect((await get(`/v1/games/${game.id}/board.svg`, keyB)).status).toBe(404);
    expect((await get('/v1/games/not-a-game/board.svg')).status).toBe(404);

    // Finished: the final analysis (after the last move, a pass here) is drawn instead.
    const jobs = api.app.get(JobRepository);
    const finalInput = { ...INPUT, moves: [...INPUT.moves, ['W', 'pass']] };
    await jobs.createIfAbsent({
      id: 'position-final',
      tenantId: tenantA,
      kind: 'position',
      input: finalInput,
      inputHash: 'f',
    });
    await prisma.gameStream.update({
      where: { id: game.id },
      data: { status: 'finished', meta: { finalJobId: 'position-final', moveCount: 8 } },
    });
    const final = await get(`/v1/games/4242/board.svg`);
    expect(final.status).toBe(200);
    expect(final.headers['moyo-job-id']).toBe('position-final');
    expect(final.headers['moyo-move']).toBe('8');
    expect(countClass(svgOf(final), 'stone')).toBe(6);
  });

  it('draws an eye-graph job as its diagram with the vital points, once it has a result', async () => {
    const jobs = api.app.get(JobRepository);
    const input = { graph: 'OO!%O.X%!...' };
    const analysis = analyzeEyeGraph(input.graph);
    await jobs.createIfAbsent({
      id: 'eyegraph-done',
      tenantId: tenantA,
      kind: 'eyegraph',
      input,
      inputHash: 'e',
    });
    await jobs.complete('eyegraph-done', JSON.parse(JSON.stringify(analysis)), {});
    const res = await get('/v1/jobs/eyegraph-done/board.svg?overlay=territory');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['moyo-missing-overlays']).toBe('territory');
    const svg = svgOf(res);
    // Two vital points (the third column of rows 0 and 2), each for attack and defence.
    expect(analysis.attack).toHaveLength(2);
    expect(countClass(svg, 'vital')).toBe(2);
    expect(countClass(svg, 'value')).toBe(1);
    const moved = await get('/v1/jobs/eyegraph-done/board.svg?move=1');
    expect(moved.status).toBe(422);
    expect(moved.body.field).toBe('move');

    await jobs.createIfAbsent({
      id: 'eyegraph-queued',
      tenantId: tenantA,
      kind: 'eyegraph',
      input,
      inputHash: 'q',
    });
    const queued = await get('/v1/jobs/eyegraph-queued/board.svg');
    expect(queued.status).toBe(422);
    expect(queued.body.field).toBe('job');
    expect(queued.body.message).toMatch(/^job: is an eye-graph job that is queued/);
    expect((await get('/v1/jobs/eyegraph-done/board.svg', keyB)).status).toBe(404);
  });

  it('streams progress events until the job ends', async () => {
    const res = await get('/v1/jobs/position-done/events')
      .buffer(true)
      .parse((r, done) => {
        let text = '';
        r.on('data', (c: Buffer) => (text += c.toString()));
        r.on('end', () => done(null, text));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = (res.body as string).split('\n\n').filter((e) => e.includes('data:'));
    expect(events).toHaveLength(1);
    expect(events[0]).toContain('event: progress');
    expect(JSON.parse(events[0].split('data: ')[1])).toMatchObject({
      id: 'position-done',
      status: 'completed',
    });
    expect((await get('/v1/jobs/position-done/events', keyB)).status).toBe(404);
  });
});

describe('GET /v1/jobs/:id/events when the api shuts down', () => {
  const services = useIsolatedServices();

  it('ends open progress streams, so closing the api does not wait for their clients', async () => {
    const api = await bootApi(services());
    const owner = await api.newTenant('a');
    await api.app.get(JobRepository).createIfAbsent({
      id: 'position-waiting',
      tenantId: owner.tenantId,
      kind: 'position',
      input: INPUT,
      inputHash: 'w',
    });
    await api.app.listen(0, '127.0.0.1');
    const port = (api.app.getHttpServer().address() as { port: number }).port;
    const res = await fetch(`http://127.0.0.1:${port}/v1/jobs/position-waiting/events`, {
      headers: { Authorization: `Bearer ${owner.key}` },
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('"status":"queued"');
    // The job never ends; only the shutdown can end the stream (a hang fails on the test timeout).
    await api.close();
    let end = await reader.read();
    while (!end.done) end = await reader.read();
    expect(end.done).toBe(true);
  });
});
