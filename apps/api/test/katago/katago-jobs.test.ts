import { parseKataGoInput, type KataGoQuery } from '@moyo/engine';
import { describe, expect, it } from 'vitest';
import { turnJobsOf, turnLine } from '../../src/katago/katago-jobs';

function query(input: Record<string, unknown>): KataGoQuery {
  const p = parseKataGoInput(input);
  if (p.kind !== 'query') throw new Error(JSON.stringify(p));
  return p.query;
}

describe('KataGo query -> position jobs', () => {
  it("passes White's handicap bonus of each turn to the katago analysis (only when there is one)", () => {
    const base = {
      id: 'h',
      initialStones: [
        ['B', 'D4'],
        ['B', 'F6'],
      ],
      moves: [['W', 'E5']],
      boardXSize: 9,
      boardYSize: 9,
      analyzeTurns: [0, 1],
    };
    const bonus = (rules: string) =>
      turnJobsOf(query({ ...base, rules })).map((j) =>
        j.spec.kind === 'position' ? j.spec.analysisOptions.katago.whiteBonus : null,
      );
    expect(bonus('chinese')).toEqual([2, 2]);
    expect(bonus('aga')).toEqual([1, 1]);
    expect(bonus('japanese')).toEqual([undefined, undefined]);
  });

  it('makes one katago job per distinct turn, with the moves up to it and the first player', () => {
    const jobs = turnJobsOf(
      query({
        id: 'foo',
        initialStones: [
          ['B', 'Q4'],
          ['B', '(2,15)'],
        ],
        moves: [
          ['W', 'P5'],
          ['B', 'pass'],
        ],
        rules: 'Tromp Taylor',
        komi: 7.5,
        boardXSize: 19,
        boardYSize: 19,
        analyzeTurns: [0, 1, 2, 0],
        maxVisits: 40,
        includeOwnership: true,
        overrideSettings: { reportAnalysisWinratesAs: 'BLACK' },
        avoidMoves: [{ player: 'W', moves: ['D4', 'pass'], untilDepth: 1 }],
      }),
    );
    expect(jobs.map((j) => j.turnNumber)).toEqual([0, 1, 2]);
    const [first, second, last] = jobs.map((j) => j.spec);
    expect(first).toEqual({
      kind: 'position',
      input: {
        boardXSize: 19,
        boardYSize: 19,
        komi: 7.5,
        rules: 'tromp-taylor',
        initialStones: [
          ['B', 'Q4'],
          ['B', 'C4'],
        ],
        initialPlayer: 'W',
        moves: [],
      },
      analyses: ['katago'],
      // White moves at turn 0: its avoid list applies.
      analysisOptions: {
        katago: { maxVisits: 40, perspective: 'BLACK', includeOwnership: true, avoid: ['D4', 'pass'] },
      },
      webhookUrl: null,
    });
    expect(last.input).toMatchObject({
      moves: [
        ['W', 'P5'],
        ['B', 'pass'],
      ],
    });
    // Black moves at turn 1: no list; White again at turn 2 (after Black's pass).
    expect(second.input).toMatchObject({ moves: [['W', 'P5']] });
    expect(second.analysisOptions.katago).toEqual({
      maxVisits: 40,
      perspective: 'BLACK',
      includeOwnership: true,
    });
    expect(last.analysisOptions.katago).toMatchObject({ avoid: ['D4', 'pass'] });
  });
});

describe('a job -> the turn line', () => {
  it('answers the stored katago result with the id and turn, errors and cancellations in KataGo terms', () => {
    const answer = { isDuringSearch: false, rootInfo: { visits: 1 }, moveInfos: [] };
    expect(turnLine('q', 3, { status: 'running' })).toBeNull();
    expect(
      turnLine('q', 3, { status: 'completed', result: { result: { analyses: { katago: answer } } } }),
    ).toEqual({
      id: 'q',
      turnNumber: 3,
      ...answer,
    });
    expect(turnLine('q', 3, { status: 'failed', error: { message: 'moves[1]: illegal' } })).toEqual({
      id: 'q',
      turnNumber: 3,
      error: 'moves[1]: illegal',
    });
    expect(turnLine('q', 3, { status: 'cancelled' })).toEqual({
      id: 'q',
      turnNumber: 3,
      isDuringSearch: false,
      noResults: true,
    });
  });
});
