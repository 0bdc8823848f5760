import * as sabaki from '@sabaki/sgf';
import { analyzePosition, positionAfter, positionFromGame } from '@moyo/engine';
import { GameStreamRepository, JobRepository } from '@moyo/persistence';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApi, textBody } from '../support/api-harness';

const SGF = '(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese];B[ee];W[cc];B[gc];W[cg];B[gg];W[ec];B[ce];W[dd])';
const ANALYSES = ['territory', 'deadStones', 'score'];
const MOVES = 8;

/** The report a worker stores for the position after `turn` moves. */
function report(turn: number) {
  return JSON.parse(JSON.stringify(analyzePosition(positionFromGame(positionAfter(SGF, turn)), ANALYSES)));
}

function lead(v: number): string {
  return v === 0 ? 'Jigo' : `${v > 0 ? 'B' : 'W'}+${Math.abs(v).toFixed(1)}`;
}

/** The main line's nodes, root first. */
function nodes(text: string): Record<string, string[]>[] {
  const out: Record<string, string[]>[] = [];
  for (let n: sabaki.SgfNode | undefined = sabaki.parse(text)[0]; n; n = n.children[0]) out.push(n.data);
  return out;
}

describe('SGF exports: GET /v1/batches/:id/sgf, /v1/jobs/:id/sgf, /v1/games/:gameId/sgf', () => {
  const api = useApi();
  let keyA: string;
  let keyB: string;
  let tenantA: string;
  let batchId: string;
  let jobIds: string[];

  beforeAll(async () => {
    const a = await api.newTenant('a');
    keyA = a.key;
    tenantA = a.tenantId;
    keyB = (await api.newTenant('b')).key;
    const res = await request(api.server)
      .post('/v1/positions')
      .set('Authorization', `Bearer ${keyA}`)
      .send({ sgf: SGF, analyzeTurns: Array.from({ length: MOVES + 1 }, (_, i) => i), analyses: ANALYSES });
    expect(res.status).toBe(202);
    batchId = res.body.batchId;
    jobIds = res.body.jobIds;
    // A worker has analysed every turn but the last two.
    const jobs = api.app.get(JobRepository);
    for (let turn = 0; turn <= MOVES - 2; turn++) {
      await jobs.markRunning(jobIds[turn], 1);
      await jobs.complete(jobIds[turn], report(turn), { engineMs: 1 });
    }
  });

  const get = (path: string, key = keyA) =>
    request(api.server).get(path).set('Authorization', `Bearer ${key}`).buffer(true).parse(textBody);

  it('a batch: every analysed turn on its node with its own score and interval, queued turns plain', async () => {
    const res = await get(`/v1/batches/${batchId}/sgf`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-go-sgf/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="moyo-batch-${batchId}.sgf"`);
    const n = nodes(res.body);
    expect(n).toHaveLength(MOVES + 1);
    for (let turn = 0; turn <= MOVES; turn++) {
      if (turn > MOVES - 2) {
        expect(n[turn].C, `turn ${turn}`).toBeUndefined();
        continue;
      }
      const s = report(turn).analyses.score;
      expect(n[turn].C?.[0].split('\n')[0], `turn ${turn}`).toBe(
        `Moyo score: ${lead(s.scoreLead)} (between ${lead(s.lower)} and ${lead(s.upper)})`,
      );
    }
    // Territory marks follow the stored owner map of the position.
    const owner: number[] = report(6).analyses.territory.owner;
    const marked = (n[6].TB?.length ?? 0) + (n[6].TW?.length ?? 0);
    expect(marked).toBeGreaterThan(0);
    expect(marked).toBeLessThanOrEqual(owner.filter((v) => v !== 0).length);
    // The moves are the submitted game's.
    expect(n.slice(1).map((node) => node.B?.[0] ?? node.W?.[0])).toEqual(
      nodes(SGF)
        .slice(1)
        .map((node) => node.B?.[0] ?? node.W?.[0]),
    );
  });

  it('a job: the whole game, its own turn annotated', async () => {
    const res = await get(`/v1/jobs/${jobIds[3]}/sgf`);
    expect(res.status).toBe(200);
    const n = nodes(res.body);
    expect(n).toHaveLength(4);
    expect(n.flatMap((node, i) => (node.C ? [i] : []))).toEqual([3]);
  });

  it('a followed game: analysed moves annotated, the final analysis on the last move', async () => {
    const streams = api.app.get(GameStreamRepository);
    const jobs = api.app.get(JobRepository);
    const { stream } = await streams.follow({ ogsGameId: 777, tenantId: tenantA, analyses: ANALYSES });
    const moves = positionAfter(SGF).moves.length;
    const inputOf = (turn: number) => ({
      boardXSize: 9,
      boardYSize: 9,
      komi: 6.5,
      rules: 'japanese',
      initialStones: [],
      moves: (nodes(SGF).slice(1, turn + 1) as Record<string, string[]>[]).map((node) => {
        const c = node.B ? 'B' : 'W';
        const [x, y] = [...(node[c][0] as string)].map((ch) => ch.charCodeAt(0) - 97);
        return [c, `${'ABCDEFGHJ'[x]}${9 - y}`];
      }),
    });
    expect((await get('/v1/games/777/sgf')).status).toBe(409);
    for (let turn = 1; turn <= moves; turn++) {
      const id = `ogs-777-${turn}-x`;
      await jobs.createIfAbsent({
        id,
        tenantId: tenantA,
        kind: 'position',
        input: inputOf(turn),
        inputHash: id,
      });
      await streams.recordMoveJob(stream.id, turn, id);
      if (turn % 2 === 0 && turn < moves) await jobs.complete(id, report(turn), { engineMs: 1 });
    }
    // The last move's own job is still queued; the game ends and its final analysis is stored.
    const before = nodes((await get('/v1/games/777/sgf')).body);
    expect(before.flatMap((node, i) => (node.C ? [i] : []))).toEqual([2, 4, 6]);
    await jobs.createIfAbsent({
      id: 'ogs-777-final',
      tenantId: tenantA,
      kind: 'position',
      input: inputOf(moves),
      inputHash: 'f',
    });
    await jobs.complete('ogs-777-final', report(moves), { engineMs: 1 });
    await streams.markFinished(stream.id, { finalJobId: 'ogs-777-final', moveCount: moves });
    const res = await get('/v1/games/777/sgf');
    expect(res.status).toBe(200);
    const n = nodes(res.body);
    expect(n[0].GN).toEqual(['OGS game 777']);
    expect(n.flatMap((node, i) => (node.C ? [i] : []))).toEqual([2, 4, 6, 8]);
    expect((await get(`/v1/games/${stream.id}/sgf`)).body).toBe(res.body);
  });

  it('404 for another tenant or an unknown id, 409 for an eye graph job', async () => {
    expect((await get(`/v1/batches/${batchId}/sgf`, keyB)).status).toBe(404);
    expect((await get(`/v1/jobs/${jobIds[0]}/sgf`, keyB)).status).toBe(404);
    expect((await get('/v1/games/777/sgf', keyB)).status).toBe(404);
    expect((await get('/v1/batches/not-a-uuid/sgf')).status).toBe(404);
    const eye = await request(api.server)
      .post('/v1/eyegraphs')
      .set('Authorization', `Bearer ${keyA}`)
      .send({ graph: 'OO!%O.X%!..' });
    expect(eye.status).toBe(202);
    const res = await get(`/v1/jobs/${eye.body.jobId}/sgf`);
    expect(res.status).toBe(409);
    expect(JSON.parse(res.body).message).toMatch(/eye graph/);
    expect((await request(api.server).get(`/v1/batches/${batchId}/sgf`)).status).toBe(401);
  });
});
