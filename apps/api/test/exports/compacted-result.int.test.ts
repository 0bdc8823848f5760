import type { KataGoMove, PositionInput } from '@moyo/contracts';
import { analyzePosition, positionAfter, positionFromGame } from '@moyo/engine';
import { GameStreamRepository, JobRepository, StreamCompactionRepository } from '@moyo/persistence';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { compactFinishedResults } from '../../../ingest/src/follow/compact-results';
import { moveAnalysis } from '../../../viewer/src/analysis';
import { textBody, useApi } from '../support/api-harness';
import { longGame } from '../support/long-game';

const MOVES = 6;
const GAME = longGame(60, 23);
/** Move n of the followed game is the game's move FIRST + n (a middle game: maps, dead stones). */
const FIRST = 54;
const ANALYSES = ['board', 'bouzy', 'territory', 'deadStones', 'score', 'moveValues'];

function inputOf(turn: number): PositionInput {
  const moves = GAME.moves.slice(0, FIRST + turn) as KataGoMove[];
  return { boardXSize: 19, boardYSize: 19, komi: 7.5, rules: 'chinese', initialStones: [], moves };
}

function report(turn: number) {
  const position = positionFromGame(positionAfter(GAME.sgf, FIRST + turn));
  return JSON.parse(JSON.stringify(analyzePosition(position, ANALYSES)));
}

/**
 * What the api gives for a finished followed game whose move results the ingest compacted:
 * GET /v1/jobs/:id answers 200 with the compact form and its `compacted` marker; the job's and
 * the game's SGF and the game's analyses (what the viewer draws) are the same as from the whole
 * results.
 */
describe('a finished game with compacted move results', () => {
  const api = useApi();
  let key: string;
  let streamId: string;
  const idOf = (turn: number) => `ogs-929-${turn}-h-${streamId.replace(/-/g, '')}`;

  beforeAll(async () => {
    const tenant = await api.newTenant('a');
    key = tenant.key;
    const streams = api.app.get(GameStreamRepository);
    const jobs = api.app.get(JobRepository);
    streamId = (await streams.follow({ ogsGameId: 929, tenantId: tenant.tenantId, analyses: ANALYSES }))
      .stream.id;
    for (let turn = 1; turn <= MOVES; turn++) {
      const id = idOf(turn);
      const input = JSON.parse(JSON.stringify(inputOf(turn)));
      await jobs.createIfAbsent({ id, tenantId: tenant.tenantId, kind: 'position', input, inputHash: id });
      await streams.recordMoveJob(streamId, turn, id);
      await jobs.complete(id, report(turn), { engineMs: 1 });
    }
  });

  const get = (path: string) =>
    request(api.server).get(path).set('Authorization', `Bearer ${key}`).buffer(true).parse(textBody);
  const json = async (path: string) => JSON.parse((await get(path)).body as string);
  const reads = async () => {
    const analyses = (await json(`/v1/games/${streamId}/analyses`)).analyses as { result: never }[];
    return {
      job: (await json(`/v1/jobs/${idOf(3)}`)).result,
      jobSgf: (await get(`/v1/jobs/${idOf(3)}/sgf`)).body as string,
      gameSgf: (await get(`/v1/games/${streamId}/sgf`)).body as string,
      viewer: analyses.map((a) => moveAnalysis({ jobId: null, status: 'completed', result: a.result }, 19)),
    };
  };

  it('answers 200 with the compact result and its marker; the SGF exports and the viewer read the same', async () => {
    const before = await reads();
    expect(before.job.compacted).toBeUndefined();
    expect(before.job.analyses.deadStones.groups).toBeDefined();
    expect(before.gameSgf).toContain('Moyo score');
    expect(before.viewer.every((v) => v?.ownership?.length === 361)).toBe(true);

    const streams = api.app.get(GameStreamRepository);
    const compaction = api.app.get(StreamCompactionRepository);
    // Not finished: nothing is compacted.
    expect(await compactFinishedResults(compaction, streamId)).toBe(0);
    const finalId = `ogs-929-final-${streamId}`;
    await api.app.get(JobRepository).createIfAbsent({
      id: finalId,
      tenantId: (await streams.findById(streamId))!.tenantId,
      kind: 'position',
      input: JSON.parse(JSON.stringify(inputOf(MOVES))),
      inputHash: 'final',
    });
    await streams.markFinished(streamId, { finalJobId: finalId, moveCount: MOVES });
    expect(await compactFinishedResults(compaction, streamId)).toBe(MOVES);
    expect(await compactFinishedResults(compaction, streamId)).toBe(0);

    const after = await reads();
    const res = await get(`/v1/jobs/${idOf(3)}`);
    expect(res.status).toBe(200);
    expect(after.job.compacted).toEqual({ reason: 'finished-game', kept: expect.arrayContaining(['board']) });
    expect(after.job.analyses.deadStones).toEqual({ deadStones: before.job.analyses.deadStones.deadStones });
    expect(after.job.analyses.territory.ownership).toEqual(before.job.analyses.territory.ownership);
    expect(after.job.analyses.territory.owner).toEqual(before.job.analyses.territory.owner);
    expect(after.job.analyses.bouzy).toBeUndefined();
    expect(after.job.board).toEqual(before.job.board);
    expect(after.jobSgf).toBe(before.jobSgf);
    expect(after.gameSgf).toBe(before.gameSgf);
    expect(after.viewer).toEqual(before.viewer);
  });
});
