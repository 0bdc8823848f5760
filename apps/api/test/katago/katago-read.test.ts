import { describe, expect, it } from 'vitest';
import { readKataGoInput } from '../../src/katago/katago-read';

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
});
