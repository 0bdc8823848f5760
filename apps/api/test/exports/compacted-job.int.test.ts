import type { KataGoMove, PositionInput } from '@moyo/contracts';
import * as sabaki from '@sabaki/sgf';
import { analyzePosition, positionAfter, positionFromGame } from '@moyo/engine';
import { GameStreamRepository, JobRepository } from '@moyo/persistence';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { compactInputs } from '../../../ingest/src/follow/compact-input';
import { useApi, textBody } from '../support/api-harness';
import { longGame } from '../support/long-game';

const MOVES = 30;
/** The compacted move whose job is exported. */
const TURN = 20;
const GAME = longGame(MOVES, 17);

/** The whole input of the position after `turn` moves, as the ingest stores it for a new move. */
function wholeInput(turn: number): PositionInput {
  return {
    boardXSize: 19,
    boardYSize: 19,
    komi: 7.5,
    rules: 'chinese',
    initialStones: [],
    moves: GAME.moves.slice(0, turn) as KataGoMove[],
  };
}

/** A value as the JSON a job row stores. */
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value));

function report(turn: number) {
  return JSON.parse(
    JSON.stringify(analyzePosition(positionFromGame(positionAfter(GAME.sgf, turn)), ['score'])),
  );
}

/** The main line's nodes, root first. */
function nodes(text: string): Record<string, string[]>[] {
  const out: Record<string, string[]>[] = [];
  for (let n: sabaki.SgfNode | undefined = sabaki.parse(text)[0]; n; n = n.children[0]) out.push(n.data);
  return out;
}

/** The board and player to move after `move` moves of an SGF's main line (default: all). */
function finalPosition(sgf: string, move?: number): string {
  const game = positionAfter(sgf, move);
  return `${Array.from(game.board.colors).join('')} ${game.toPlay}`;
}

/**
 * GET /v1/jobs/:id/sgf of a followed game's ended older move whose stored input the ingest
 * compacted (the board 8 moves back as setup stones, then 8 moves): the export gives the whole game
 * up to that move from the game's newest or final job, says so in the root comment, and keeps the
 * job's own analysis on its move; without a matching record it says the earlier moves are setup.
 */
describe('SGF export of a compacted job', () => {
  const api = useApi();
  let key: string;
  let streamId: string;
  const idOf = (turn: number) => `ogs-919-${turn}-h-${streamId.replace(/-/g, '')}`;

  beforeAll(async () => {
    const tenant = await api.newTenant('a');
    key = tenant.key;
    const streams = api.app.get(GameStreamRepository);
    const jobs = api.app.get(JobRepository);
    streamId = (await streams.follow({ ogsGameId: 919, tenantId: tenant.tenantId, analyses: ['score'] }))
      .stream.id;
    for (let turn = 1; turn <= MOVES; turn++) {
      const id = idOf(turn);
      await jobs.createIfAbsent({
        id,
        tenantId: tenant.tenantId,
        kind: 'position',
        input: asJson(wholeInput(turn)),
        inputHash: id,
      });
      await streams.recordMoveJob(streamId, turn, id);
    }
    await jobs.complete(idOf(TURN), report(TURN), { engineMs: 1 });
    const compact = compactInputs(wholeInput(MOVES), [TURN]).get(TURN)!;
    await streams.storeCompactInputs(streamId, [
      { moveNumber: TURN, jobId: idOf(TURN), input: asJson(compact) },
    ]);
  });

  const get = (path: string) =>
    request(api.server).get(path).set('Authorization', `Bearer ${key}`).buffer(true).parse(textBody);

  it('the stored job is compacted: 8 moves after the board 12 moves in', async () => {
    const stored = (
      await request(api.server)
        .get(`/v1/jobs/${idOf(TURN)}`)
        .set('Authorization', `Bearer ${key}`)
    ).body.input;
    expect(stored.omittedMoves).toBe(TURN - 8);
    expect(stored.moves).toHaveLength(8);
  });

  it('gives the whole game up to its move from the newest job, its analysis on its move, a root comment', async () => {
    const res = await get(`/v1/jobs/${idOf(TURN)}/sgf`);
    expect(res.status).toBe(200);
    const n = nodes(res.body);
    expect(n).toHaveLength(TURN + 1);
    expect(n[0].AB ?? n[0].AW).toBeUndefined();
    expect(n.slice(1).map((node) => node.B?.[0] ?? node.W?.[0])).toEqual(
      nodes(GAME.sgf)
        .slice(1, TURN + 1)
        .map((node) => node.B?.[0] ?? node.W?.[0]),
    );
    expect(finalPosition(res.body)).toBe(finalPosition(GAME.sgf, TURN));
    expect(n.flatMap((node, i) => (i > 0 && node.C ? [i] : []))).toEqual([TURN]);
    expect(n[TURN].C?.[0]).toMatch(/^Moyo score: /);
    expect(n[0].C?.[0]).toBe(
      `Moves 1-${TURN - 8} come from the game record (job ${idOf(MOVES)}); this job stores only moves ${TURN - 7}-${TURN}.`,
    );
  });

  it('without a matching record: the stored window, the root comment says the earlier moves are setup', async () => {
    const streams = api.app.get(GameStreamRepository);
    const jobs = api.app.get(JobRepository);
    // The newest move compacted too and no final job yet: no whole input left to read.
    await jobs.complete(idOf(MOVES), report(MOVES), { engineMs: 1 });
    const newest = compactInputs(wholeInput(MOVES), [MOVES]).get(MOVES)!;
    await streams.storeCompactInputs(streamId, [
      { moveNumber: MOVES, jobId: idOf(MOVES), input: asJson(newest) },
    ]);
    const res = await get(`/v1/jobs/${idOf(TURN)}/sgf`);
    expect(res.status).toBe(200);
    const n = nodes(res.body);
    expect(n).toHaveLength(9);
    expect(n[0].AB?.length).toBeGreaterThan(0);
    expect(n[0].C?.[0]).toMatch(
      new RegExp(
        `^This job stores only moves ${TURN - 7}-${TURN}: the board after move ${TURN - 8} is set up`,
      ),
    );
    expect(n[8].C?.[0]).toMatch(/^Moyo score: /);
    expect(finalPosition(res.body)).toBe(finalPosition(GAME.sgf, TURN));

    // The game ends: its final job holds the whole game again.
    const stream = (await streams.findById(streamId))!;
    await jobs.createIfAbsent({
      id: `ogs-919-final-${streamId}`,
      tenantId: stream.tenantId,
      kind: 'position',
      input: asJson(wholeInput(MOVES)),
      inputHash: 'f2',
    });
    await streams.markFinished(streamId, { finalJobId: `ogs-919-final-${streamId}`, moveCount: MOVES });
    const done = nodes((await get(`/v1/jobs/${idOf(TURN)}/sgf`)).body);
    expect(done).toHaveLength(TURN + 1);
    expect(done[0].C?.[0]).toContain(`(job ogs-919-final-${streamId})`);
    expect(done[TURN].C?.[0]).toMatch(/^Moyo score: /);
  });

  it('a job that was never compacted exports as before, with no root comment', async () => {
    const n = nodes((await get(`/v1/jobs/${idOf(TURN + 1)}/sgf`)).body);
    expect(n).toHaveLength(TURN + 2);
    expect(n[0].C).toBeUndefined();
  });
});
