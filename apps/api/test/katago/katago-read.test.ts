import type { PositionInput } from '@moyo/contracts';
import { describe, expect, it } from 'vitest';
import { MAX_BATCH_MOVES, MAX_MOVES, MAX_TURNS } from '../../src/jobs/request-limits';
import { readKataGo, readKataGoInput } from '../../src/katago/katago-read';
import { longGame } from '../support/long-game';

const BASE = { id: 'k', moves: [['B', 'E5']], rules: 'japanese', boardXSize: 9, boardYSize: 9 };

describe("the api's reading of a KataGo line", () => {
  it('warns that the api sends no interim answers, only when moyo analysis would send one', () => {
    const ponder = readKataGoInput({ ...BASE, maxVisits: 1000, reportDuringSearchEvery: 0.25 });
    expect(ponder.query?.id).toBe('k');
    expect(ponder.lines).toEqual([
      {
        id: 'k',
        field: 'reportDuringSearchEvery',
        warning:
          'the api answers each turn once, when its job ends: no interim answers (moyo analysis sends them)',
      },
    ]);
    expect(readKataGoInput({ ...BASE, maxVisits: 50, reportDuringSearchEvery: 0.25 }).lines).toEqual([]);
  });

  it('answers an illegal move as the error on moves, and passes actions and terminate on', () => {
    const illegal = readKataGoInput({
      ...BASE,
      moves: [
        ['B', 'E5'],
        ['W', 'E5'],
      ],
    });
    expect(illegal.query).toBeUndefined();
    expect(illegal.lines[0]).toMatchObject({ id: 'k', field: 'moves' });
    expect(readKataGoInput({ id: 'v', action: 'query_version' }).action).toEqual({
      id: 'v',
      action: 'query_version',
    });
    const stop = readKataGoInput({ id: 's', action: 'terminate', terminateId: 'k' });
    expect(stop.terminate).toEqual({ id: 'k', turns: undefined });
    expect(stop.lines).toEqual([{ id: 's', action: 'terminate', terminateId: 'k' }]);
  });

  it('reads a whole query (JSON text too) into its turns as jobs, within the limits of POST /v1/positions', () => {
    const game = longGame(MAX_MOVES, 31);
    const query = { id: 'long', moves: game.moves, rules: 'chinese', boardXSize: 19, boardYSize: 19 };
    const read = readKataGo({ text: JSON.stringify({ ...query, analyzeTurns: [10, MAX_MOVES] }) });
    expect(read.lines.filter((l) => 'error' in l)).toEqual([]);
    const inputs = read.query?.turnJobs.map((j) => [
      j.turnNumber,
      (j.spec.input as PositionInput).moves.length,
    ]);
    expect(inputs).toEqual([
      [10, 10],
      [MAX_MOVES, MAX_MOVES],
    ]);
    expect(readKataGo({ text: '{"id": "cut"' }).lines[0].error).toMatch(/^Could not parse json: /);
    // One move, one turn or one move of the batch too many: the error names the field.
    const longer = [...game.moves, ['W', 'pass']];
    expect(readKataGo({ input: { ...query, moves: longer } }).lines).toEqual([
      { id: 'long', field: 'moves', error: `at most ${MAX_MOVES} entries (${MAX_MOVES + 1} given)` },
    ]);
    const turns = Array.from({ length: MAX_TURNS + 1 }, (_, i) => i);
    expect(readKataGo({ input: { ...query, analyzeTurns: turns } }).lines[0]).toMatchObject({
      field: 'analyzeTurns',
      error: `at most ${MAX_TURNS} entries (${MAX_TURNS + 1} given)`,
    });
    const heavy = Array.from({ length: MAX_TURNS }, (_, i) => MAX_MOVES - i);
    const total = heavy.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(MAX_BATCH_MOVES);
    expect(readKataGo({ input: { ...query, analyzeTurns: heavy } })).toEqual({
      lines: [
        {
          id: 'long',
          field: 'analyzeTurns',
          error: `asks for ${total} moves in all, more than ${MAX_BATCH_MOVES}: split the query`,
        },
      ],
    });
  });
});
