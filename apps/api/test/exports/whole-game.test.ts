import { describe, expect, it } from 'vitest';
import { expandCompacted, omittedOf } from '../../src/exports/whole-game';

const MOVES: [string, string][] = [
  ['B', 'D4'],
  ['W', 'F6'],
  ['B', 'C7'],
  ['W', 'pass'],
  ['B', 'G3'],
];
const whole = { boardXSize: 9, komi: 6.5, rules: 'japanese', initialStones: [], moves: MOVES };
/** Moves 4-5 after the board 3 moves in (as the ingest stores an older move). */
const compact = {
  boardXSize: 9,
  komi: 6.5,
  rules: 'japanese',
  initialStones: [
    ['B', 'D4'],
    ['W', 'F6'],
    ['B', 'C7'],
  ],
  initialPlayer: 'W' as const,
  moves: MOVES.slice(3, 5),
  omittedMoves: 3,
};

describe('expandCompacted (api exports)', () => {
  it('gives the whole game up to the compacted move from a later whole input', () => {
    expect(omittedOf(compact)).toBe(3);
    expect(omittedOf(whole)).toBe(0);
    const out = expandCompacted({ ...compact, moves: MOVES.slice(2, 4), omittedMoves: 2 }, whole);
    expect(out).toEqual({
      boardXSize: 9,
      komi: 6.5,
      rules: 'japanese',
      initialStones: [],
      moves: MOVES.slice(0, 4),
    });
    expect(expandCompacted(compact, whole)?.moves).toEqual(MOVES);
  });

  it('null when the record is not that game: other moves at the window, too short, compacted, other size', () => {
    expect(expandCompacted(compact, { ...whole, moves: [...MOVES.slice(0, 4), ['B', 'H8']] })).toBeNull();
    expect(expandCompacted(compact, { ...whole, moves: MOVES.slice(0, 4) })).toBeNull();
    expect(expandCompacted(compact, { ...whole, omittedMoves: 1 })).toBeNull();
    expect(expandCompacted(compact, { ...whole, boardXSize: 13 })).toBeNull();
  });
});
