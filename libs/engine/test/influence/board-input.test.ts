import { describe, expect, it } from 'vitest';
import { Board } from '../../src/board';
import { bouzyMap, freihofnerMap, rankJunctions } from '../../src/influence';
import { positionFromRows } from './rows';

// The maps take any `{ geo, colors }`; a Board is one, and must give the same maps as bare colours.
describe('influence maps on a Board', () => {
  const rows = [
    '.........',
    '..X...O..',
    '...X..O..',
    '..X..O...',
    '.........',
    '...O.X...',
    '.........',
    '..X...O..',
    '.........',
  ];

  it('Board and bare colours give the same Bouzy, Freihofner and junction results', () => {
    const board = Board.fromRows(rows);
    const bare = positionFromRows(rows);
    expect([...bouzyMap(board, { preset: 'moyo' })]).toEqual([...bouzyMap(bare, { preset: 'moyo' })]);
    expect([...freihofnerMap(board)]).toEqual([...freihofnerMap(bare)]);
    expect(rankJunctions(board, 16, 5)).toEqual(rankJunctions(bare, 16, 5));
  });

  it('does not mutate the board', () => {
    const board = Board.fromRows(rows);
    const hash = [board.hashLo, board.hashHi];
    bouzyMap(board, { deadStones: [board.geo.pt(6, 1)] });
    freihofnerMap(board);
    rankJunctions(board);
    expect(board.toRows()).toEqual(rows);
    expect([board.hashLo, board.hashHi]).toEqual(hash);
  });
});
