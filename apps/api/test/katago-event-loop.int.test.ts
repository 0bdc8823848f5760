import { BatchRepository } from '@moyo/persistence';
import { beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { KataGoQueryService } from '../src/katago/katago-query.service';
import { PositionNormalizer } from '../src/positions/normalizer/position-normalizer';
import { RequestThread } from '../src/request-thread/request-thread.service';
import { useApi } from './support/api-harness';
import { heaviestTurns, longGame } from './support/long-game';
import { loopRecorder, pingUntil } from './support/loop-recorder';
import { listenOnLoopback } from '../../../test/support/listen';

/** A KataGo analysis query of a long game (Chinese rules, 19x19). */
function kataGoQuery(id: string, moves: [string, string][], analyzeTurns: number[]) {
  return { id, moves, rules: 'chinese', komi: 7.5, boardXSize: 19, boardYSize: 19, analyzeTurns };
}

/**
 * The KataGo fronts (POST /v1/katago/analysis, POST /v1/positions with a KataGo query, the
 * /v1/katago/ws socket) read a 2000-move query with 500 turns (250,000 moves of jobs) on the api's
 * request thread: the thread ran the task (its counter), and the event loop turned while the query
 * was read (a read on the loop ends before its next turn: ordering only, no clock) while /healthz
 * was asked one request after another over real HTTP (its answers during the read are printed).
 * Errors come back from the thread as from an in-place read.
 */
describe('KataGo queries of 2000 moves are read off the event loop', () => {
  const api = useApi();
  let key: string;
  let tenantId: string;
  let base: string;
  let thread: RequestThread;

  beforeAll(async () => {
    base = await listenOnLoopback(api.app);
    ({ key, tenantId } = await api.newTenant('katago-loop'));
    thread = api.app.get(RequestThread);
  });

  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> }));

  it.each([
    ['POST /v1/katago/analysis', '/v1/katago/analysis', 'readKataGo'],
    ['POST /v1/positions', '/v1/positions', 'normalize'],
  ] as const)('%s: read on the request thread while /healthz answers', async (_name, path, task) => {
    const game = longGame(2000, path === '/v1/positions' ? 21 : 22);
    const query = kataGoQuery(`loop-${task}`, game.moves, heaviestTurns());
    const rec = loopRecorder();
    const read =
      task === 'readKataGo'
        ? rec.wrap(api.app.get(KataGoQueryService), 'read', 'read')
        : rec.wrap(api.app.get(PositionNormalizer), 'normalize', 'read');
    const restore = [read, rec.wrap(api.app.get(BatchRepository), 'createIfAbsent', 'batch')];
    const runs = thread.runs[task];
    try {
      let done = false;
      const answer = post(path, query).then((r) => {
        done = true;
        return r;
      });
      await pingUntil(base, rec.events, () => done);
      const { status, body } = await answer;
      expect(status).toBe(202);
      expect(body.batchId).toEqual(expect.any(String));
      expect(thread.runs[task]).toBe(runs + 1);
      expect(rec.loopTurnedDuring('read')).toBe(true);
      console.log(
        `[loop] /healthz answers while the query was read: ${rec.healthzBetween('read:start', 'read:end')}`,
      );
      // The 500 jobs made on the thread are queued as one batch.
      const batch = await api.app.get(BatchRepository).findForTenant(body.batchId as string, tenantId);
      expect(batch?.jobRows).toHaveLength(500);
    } finally {
      for (const undo of restore) undo();
    }
  });

  it('the /v1/katago/ws socket: a 2000-move query line is read on the request thread while /healthz answers', async () => {
    const game = longGame(2000, 23);
    const line = JSON.stringify({ ...kataGoQuery('ws-loop', game.moves, heaviestTurns()), unknownField: 1 });
    const rec = loopRecorder();
    const queries = api.app.get(KataGoQueryService);
    const restore = [rec.wrap(queries, 'read', 'read'), rec.wrap(queries, 'submit', 'submit')];
    const runs = thread.runs.readKataGo;
    const ws = new WebSocket(`${base.replace('http', 'ws')}/v1/katago/ws?key=${key}`);
    try {
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      const lines: Record<string, unknown>[] = [];
      ws.on('message', (data) => lines.push(JSON.parse(String(data)) as Record<string, unknown>));
      ws.send(line);
      await pingUntil(base, rec.events, () => rec.events.includes('submit:end'));
      expect(thread.runs.readKataGo).toBe(runs + 1);
      expect(rec.loopTurnedDuring('read')).toBe(true);
      console.log(
        `[loop] /healthz answers while the query was read: ${rec.healthzBetween('read:start', 'read:end')}`,
      );
      // The warning read on the thread came back to the client; no error.
      expect(lines).toContainEqual(expect.objectContaining({ id: 'ws-loop', field: 'unknownField' }));
      expect(lines.filter((l) => 'error' in l)).toEqual([]);
    } finally {
      ws.close();
      for (const undo of restore) undo();
    }
  });

  it('errors read on the thread are answered as in place: an illegal move names the field', async () => {
    const game = longGame(400, 24);
    const moves = game.moves.map((m, i): [string, string] => (i === 350 ? [m[0], game.moves[349][1]] : m));
    const runs = { ...thread.runs };
    const http = await post('/v1/katago/analysis', kataGoQuery('bad', moves, [400]));
    expect(http.status).toBe(422);
    expect(http.body.field).toBe('moves');
    const small = await post('/v1/katago/analysis', kataGoQuery('bad-small', moves.slice(0, 360), [10]));
    expect(small.status).toBe(422);
    expect(small.body.message).toBe(http.body.message);
    // The 400-move query went to the thread, the 360-move one too (>= 300 moves); one of 20 not.
    expect(thread.runs.readKataGo).toBe(runs.readKataGo + 2);
    const tiny = await post('/v1/katago/analysis', kataGoQuery('tiny', game.moves.slice(0, 20), [20]));
    expect(tiny.status).toBe(202);
    expect(thread.runs.readKataGo).toBe(runs.readKataGo + 2);

    const ws = new WebSocket(`${base.replace('http', 'ws')}/v1/katago/ws?key=${key}`);
    try {
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      const answer = new Promise<Record<string, unknown>>((resolve) =>
        ws.once('message', (data) => resolve(JSON.parse(String(data)) as Record<string, unknown>)),
      );
      ws.send(JSON.stringify(kataGoQuery('bad-ws', moves, [400])));
      const error = await answer;
      expect(error).toMatchObject({ id: 'bad-ws', field: 'moves' });
      expect(`moves: ${String(error.error)}`).toBe(http.body.message);
      const broken = new Promise<Record<string, unknown>>((resolve) =>
        ws.once('message', (data) => resolve(JSON.parse(String(data)) as Record<string, unknown>)),
      );
      ws.send(`{"id": "cut", "moves": ${JSON.stringify(game.moves)}`); // long and not JSON
      expect(String((await broken).error)).toMatch(/^Could not parse json: /);
      expect(thread.runs.readKataGo).toBe(runs.readKataGo + 4);
    } finally {
      ws.close();
    }
  });
});
