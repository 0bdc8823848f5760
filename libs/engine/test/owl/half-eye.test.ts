import { describe, expect, it } from 'vitest';
import { Board } from '../../src/board/board';
import { formatGtpVertex, parseGtpVertex } from '../../src/board/coords';
import { halfEyePoint, withHalfEye } from '../../src/owl/half-eye';

const at = (b: Board, v: string) => parseGtpVertex(v, b.geo);
const name = (b: Board, p: number) => (p === 0 ? '-' : formatGtpVertex(p, b.geo));

/** Black's one-point eye at D4 (D5 C4 E4 D3 black), its diagonals C5 E5 C3 E3 as given. */
function eye(c5: string, e5: string, row6 = '.......', row5tail = '..'): Board {
  return Board.fromRows([
    '.......',
    row6,
    `..${c5}X${e5}${row5tail}`,
    '..X.X..',
    '..XXX..',
    '.......',
    '.......',
  ]);
}

describe('owl: half eyes in the open', () => {
  it('one enemy stone and one empty diagonal the enemy can take: a half eye decided there', () => {
    const b = eye('O', '.');
    expect(name(b, halfEyePoint(b, at(b, 'D4'), 1))).toBe('E5');
  });

  it('two empty diagonals: still an eye (one enemy move leaves it whole)', () => {
    const b = eye('.', '.');
    expect(halfEyePoint(b, at(b, 'D4'), 1)).toBe(0);
  });

  it('two enemy stones: false, not half (the eye-graph reader sees that shape)', () => {
    const b = eye('O', 'O');
    expect(halfEyePoint(b, at(b, 'D4'), 1)).toBe(0);
  });

  it('an empty diagonal where the enemy stone would be in atari does not count', () => {
    // E6 and F5 black: White at E5 would have no liberty (and captures nothing).
    const b = eye('O', '.', '....X..', 'X.');
    expect(halfEyePoint(b, at(b, 'D4'), 1)).toBe(0);
  });

  it('an eye on the edge is left alone', () => {
    // D1 with C2 empty (White would be safe there) and E2 black: GNU Go's test calls it a half eye.
    const b = Board.fromRows(['.......', '.......', '.......', '.......', '.......', '...XX..', '..X.X..']);
    expect(halfEyePoint(b, at(b, 'D1'), 1)).toBe(0);
  });

  it('withHalfEye: a sure eye becomes 0-1 with the diagonal as both vital points', () => {
    const b = eye('O', '.');
    const e5 = at(b, 'E5');
    const one = { min: 1, max: 1, source: 'reader' as const, attack: [], defense: [] };
    expect(withHalfEye(b, at(b, 'D4'), 1, one)).toEqual({ ...one, min: 0, attack: [e5], defense: [e5] });
    const whole = eye('.', '.');
    expect(withHalfEye(whole, at(whole, 'D4'), 1, one)).toBe(one);
  });
});
