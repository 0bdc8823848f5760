import type { AddressInfo } from 'node:net';
import type { INestApplicationContext } from '@nestjs/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createWorkerApp } from '../../worker/src/bootstrap';
import { WorkerConfig } from '../../worker/src/config/worker-config';
import { useApi } from './support/api-harness';
import { EXAMPLE } from './support/fixtures';

// What KaTrain sends per move (engine.py), on 9x9 to keep the workers quick.
function katrainQuery(n: number, moves: string[][]) {
  return {
    id: `QUERY:${n}`,
    rules: 'japanese',
    priority: 0,
    analyzeTurns: [moves.length],
    maxVisits: 50,
    komi: 6.5,
    boardXSize: 9,
    boardYSize: 9,
    includeOwnership: true,
    includeMovesOwnership: false,
    includePolicy: false,
    initialStones: [],
    initialPlayer: 'B',
    moves,
    overrideSettings: { reportAnalysisWinratesAs: 'BLACK', wideRootNoise: 0.0 },
  };
}

/** The fields KaTrain and Ogatak read from a result (spec katago-analysis.md). */
function expectKataGoShape(line: Record<string, unknown>, size: number, ownership: boolean) {
  expect(line.isDuringSearch).toBe(false);
  const root = line.rootInfo as Record<string, unknown>;
  for (const k of ['visits', 'scoreLead', 'winrate', 'scoreStdev']) expect(typeof root[k]).toBe('number');
  expect(['B', 'W']).toContain(root.currentPlayer);
  const infos = line.moveInfos as Record<string, unknown>[];
  expect(infos.length).toBeGreaterThan(0);
  infos.forEach((m, i) => {
    expect(m.order).toBe(i);
    for (const k of ['move', 'visits', 'scoreLead', 'winrate', 'prior', 'pv']) expect(m).toHaveProperty(k);
  });
  if (ownership) expect(line.ownership).toHaveLength(size * size);
}

describe('KataGo analysis over the api: HTTP and WebSocket, turns run by a worker', () => {
  const api = useApi();
  const { services } = api;
  let worker: INestApplicationContext;
  let key: string;
  let wsUrl: string;

  beforeAll(async () => {
    const server = api.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    wsUrl = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/v1/katago/ws`;
    worker = await createWorkerApp(WorkerConfig.fromEnv({ ...services().env, WORKER_CONCURRENCY: '2' }));
    key = (await api.newTenant('katago')).key;
  });
  afterAll(async () => {
    await worker?.close();
  });

  it("answers KataGo's example query over HTTP, and the batch gives every turn in one GET", async () => {
    const posted = await request(api.server)
      .post('/v1/katago/analysis?wait=50')
      .set('Authorization', `Bearer ${key}`)
      .send(EXAMPLE);
    expect(posted.status).toBe(202);
    expect(posted.body).toMatchObject({ id: 'foo', status: 'finished', pending: [], warnings: [] });
    expect(posted.body.results.map((r: { turnNumber: number }) => r.turnNumber)).toEqual([0, 1, 2]);
    for (const r of posted.body.results) {
      expect(r.id).toBe('foo');
      expectKataGoShape(r, 19, false);
    }
    const got = await request(api.server)
      .get(`/v1/katago/analysis/${posted.body.batchId}`)
      .set('Authorization', `Bearer ${key}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual({
      id: 'foo',
      batchId: posted.body.batchId,
      status: 'finished',
      results: posted.body.results,
      pending: [],
    });
    const other = (await api.newTenant('other')).key;
    const hidden = await request(api.server)
      .get(`/v1/katago/analysis/${posted.body.batchId}`)
      .set('Authorization', `Bearer ${other}`);
    expect(hidden.status).toBe(404);
  });

  it('takes the same query on POST /v1/positions; the batch reads KataGo-shaped in one GET', async () => {
    const auth = { Authorization: `Bearer ${key}` };
    const posted = await request(api.server)
      .post('/v1/positions')
      .set(auth)
      .send({ ...EXAMPLE, id: 'pos', includeOwnership: true, maxVisits: 30, colour: 'x' });
    expect(posted.status).toBe(202);
    expect(posted.body).toMatchObject({
      id: 'pos',
      warnings: [{ id: 'pos', field: 'colour', warning: 'Unexpected or unused field, do you have a typo?' }],
      links: { katago: `/v1/katago/analysis/${posted.body.batchId}` },
    });
    expect(posted.body.jobs.map((j: { turn: number }) => j.turn)).toEqual([0, 1, 2]);
    const got = await request(api.server).get(`${posted.body.links.katago}?wait=50`).set(auth);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ id: 'pos', status: 'finished', pending: [] });
    expect(got.body.results.map((r: { turnNumber: number }) => r.turnNumber)).toEqual([0, 1, 2]);
    for (const r of got.body.results) expectKataGoShape(r, 19, true);
    expect(got.body.results[0].rootInfo.currentPlayer).toBe('W');
    const bad = await request(api.server)
      .post('/v1/positions')
      .set(auth)
      .send({ ...EXAMPLE, maxVisits: -1 });
    expect(bad.status).toBe(422);
    expect(bad.body.field).toBe('maxVisits');
  });

  it("gives White KataGo's handicap bonus in the worker's answer (chinese: N points)", async () => {
    const auth = { Authorization: `Bearer ${key}` };
    const handicap = {
      id: 'h',
      rules: 'chinese',
      komi: 0.5,
      boardXSize: 9,
      boardYSize: 9,
      initialStones: [
        ['B', 'C3'],
        ['B', 'G7'],
        ['B', 'C7'],
        ['B', 'G3'],
      ],
      moves: [],
      overrideSettings: { reportAnalysisWinratesAs: 'BLACK' },
    };
    const lead = async (extra: Record<string, unknown>) => {
      const res = await request(api.server)
        .post('/v1/katago/analysis?wait=50')
        .set(auth)
        .send({ ...handicap, ...extra });
      expect(res.body.status).toBe('finished');
      return res.body.results[0].rootInfo.scoreLead as number;
    };
    expect(await lead({})).toBeCloseTo((await lead({ whiteHandicapBonus: '0' })) - 4, 3);
  });

  it("answers HTTP errors as the api does, keeping KataGo's error object", async () => {
    const auth = { Authorization: `Bearer ${key}` };
    const big = await request(api.server)
      .post('/v1/katago/analysis')
      .set(auth)
      .send({ ...EXAMPLE, boardXSize: 29, boardYSize: 29 });
    expect(big.status).toBe(422);
    expect(big.body).toMatchObject({
      field: 'boardXSize',
      message: 'boardXSize: Must provide an integer from 2 to 25',
      katago: { id: 'foo', field: 'boardXSize', error: 'Must provide an integer from 2 to 25' },
    });
    const noId = await request(api.server).post('/v1/katago/analysis').set(auth).send({ moves: [] });
    expect(noId.status).toBe(400);
    const version = await request(api.server)
      .post('/v1/katago/analysis')
      .set(auth)
      .send({ id: 'v', action: 'query_version' });
    expect(version.status).toBe(200);
    expect(version.body).toMatchObject({ id: 'v', version: '1.16.0' });
    expect((await request(api.server).post('/v1/katago/analysis').send(EXAMPLE)).status).toBe(401);
    const wait = await request(api.server).post('/v1/katago/analysis?wait=999').set(auth).send(EXAMPLE);
    expect(wait.status).toBe(422);
    expect(wait.body.field).toBe('wait');
  });

  it("speaks KaTrain's remote protocol on the WebSocket: several lines per frame, warnings, terminate", async () => {
    const ws = new WebSocket(`${wsUrl}?key=${key}`);
    const lines: Record<string, unknown>[] = [];
    ws.on('message', (data) => {
      for (const l of data.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l));
    });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const a = katrainQuery(1, [['B', 'E5']]);
    const b = katrainQuery(2, [
      ['B', 'E5'],
      ['W', 'C3'],
    ]);
    ws.send(`${JSON.stringify(a)}\n${JSON.stringify(b)}`);
    ws.send('{"id":"query_version","action":"query_version"}');
    const long = {
      ...katrainQuery(3, []),
      id: 'long',
      analyzeTurns: [0],
      maxVisits: 4000,
      boardXSize: 19,
      boardYSize: 19,
    };
    const turns = Array.from({ length: 6 }, (_, i) => ({ ...long, komi: 0.5 + i }));
    ws.send(turns.map((q) => JSON.stringify(q)).join('\n'));
    ws.send('{"id":"stop","action":"terminate","terminateId":"long"}');
    const results = () => lines.filter((l) => l.rootInfo || l.noResults);
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && (results().length < 8 || !lines.some((l) => l.id === 'stop'))) {
      await new Promise((r) => setTimeout(r, 50));
    }
    ws.close();
    const byId = (id: string) => lines.filter((l) => l.id === id && l.rootInfo);
    expectKataGoShape(byId('QUERY:1')[0], 9, true);
    expectKataGoShape(byId('QUERY:2')[0], 9, true);
    expect(byId('QUERY:2')[0]).toMatchObject({ turnNumber: 2, rootInfo: { currentPlayer: 'B' } });
    expect(lines).toContainEqual({
      id: 'QUERY:1',
      field: 'overrideSettings',
      warning: 'Moyo ignores these settings: wideRootNoise',
    });
    expect(lines).toContainEqual(expect.objectContaining({ id: 'query_version', version: '1.16.0' }));
    expect(lines).toContainEqual({ id: 'stop', action: 'terminate', terminateId: 'long' });
    const long6 = lines.filter((l) => l.id === 'long' && (l.rootInfo || l.noResults));
    expect(long6).toHaveLength(6);
  });

  it('answers a rectangular 7x9 query on HTTP, POST /v1/positions and the WebSocket: 9 rows of 7', async () => {
    const auth = { Authorization: `Bearer ${key}` };
    // Black walls off columns A-B, White F-G; (x,y) = column from the left, row from the top.
    const moves: string[][] = [];
    for (let y = 0; y < 9; y++) moves.push(['B', `(2,${y})`], ['W', `(4,${y})`]);
    const rect = {
      id: 'rect',
      rules: 'tromp-taylor',
      komi: 0.5,
      boardXSize: 7,
      boardYSize: 9,
      includeOwnership: true,
      maxVisits: 50,
      overrideSettings: { reportAnalysisWinratesAs: 'BLACK' },
      moves,
    };
    const expectRect = (line: Record<string, unknown>) => {
      expectKataGoShape(line, 0, false);
      const own = line.ownership as number[];
      expect(own).toHaveLength(63);
      for (let y = 0; y < 9; y++) {
        expect(own[y * 7]).toBeGreaterThan(0.5);
        expect(own[y * 7 + 6]).toBeLessThan(-0.5);
      }
      return own;
    };
    const http = await request(api.server).post('/v1/katago/analysis?wait=50').set(auth).send(rect);
    expect(http.body).toMatchObject({ id: 'rect', status: 'finished', warnings: [] });
    const own = expectRect(http.body.results[0]);
    const posted = await request(api.server)
      .post('/v1/positions')
      .set(auth)
      .send({ ...rect, id: 'rect-pos' });
    expect(posted.status).toBe(202);
    const got = await request(api.server).get(`${posted.body.links.katago}?wait=50`).set(auth);
    expect(got.body.status).toBe('finished');
    expect(expectRect(got.body.results[0])).toEqual(own);
    const ws = new WebSocket(`${wsUrl}?key=${key}`);
    const lines: Record<string, unknown>[] = [];
    ws.on('message', (data) => {
      for (const l of data.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l));
    });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    ws.send(JSON.stringify({ ...rect, id: 'rect-ws' }));
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && !lines.some((l) => l.id === 'rect-ws' && l.rootInfo)) {
      await new Promise((r) => setTimeout(r, 50));
    }
    ws.close();
    expect(
      expectRect(lines.find((l) => l.id === 'rect-ws' && l.rootInfo) as Record<string, unknown>),
    ).toEqual(own);
  });

  it('refuses a WebSocket without a valid API key (401)', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const ws = new WebSocket(`${wsUrl}?key=moyo_00000000_${'x'.repeat(43)}`);
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => reject(new Error('opened')));
      ws.on('error', () => undefined);
    });
    expect(status).toBe(401);
  });
});
