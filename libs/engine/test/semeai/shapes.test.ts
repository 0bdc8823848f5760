import { describe, expect, it } from 'vitest';
import { Board } from '../../src/board/board';
import { parseGtpVertex } from '../../src/board/coords';
import { isBentFourInCorner } from '../../src/semeai/shapes';

const EMPTY5 = ['.....', '.....', '.....', '.....', '.....'];

describe('isBentFourInCorner', () => {
  const board = Board.fromRows(EMPTY5);
  const pts = (...v: string[]) => v.map((x) => parseGtpVertex(x, board.geo));

  it('knows the four points bent around the corner, either way', () => {
    expect(isBentFourInCorner(board, pts('A5', 'B5', 'C5', 'A4'))).toBe(true);
    expect(isBentFourInCorner(board, pts('A1', 'A2', 'A3', 'B1'))).toBe(true);
  });

  it('rejects a bent four away from the corner point, a straight four and a square', () => {
    expect(isBentFourInCorner(board, pts('B5', 'C5', 'D5', 'B4'))).toBe(false);
    expect(isBentFourInCorner(board, pts('A5', 'B5', 'C5', 'D5'))).toBe(false);
    expect(isBentFourInCorner(board, pts('A5', 'B5', 'A4', 'B4'))).toBe(false);
    expect(isBentFourInCorner(board, pts('A5', 'A4', 'A3', 'B3'))).toBe(false);
  });

  it('needs the points empty', () => {
    const b = Board.fromRows(['X....', '.....', '.....', '.....', '.....']);
    expect(isBentFourInCorner(b, ['A5', 'B5', 'C5', 'A4'].map((x) => parseGtpVertex(x, b.geo)))).toBe(false);
  });
});
