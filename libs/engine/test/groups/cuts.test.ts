import { describe, expect, it } from 'vitest';
import { falseCuts, findStrings } from '../../src/groups';
import { position } from '../territory/support/rows';

/** The colours of the strings each false cut joins, as [colour, stones] pairs. */
function joins(rows: string[]): [number, number][][] {
  const pos = position(rows);
  const strings = findStrings(pos);
  return falseCuts(pos, strings).map((j) =>
    j.map((s) => [strings.strings[s].color, strings.strings[s].stones.length] as [number, number]),
  );
}

describe('false cuts', () => {
  it('joins a diagonal whose cut is captured in a ladder (owl.tst 63: R14 S14 and Q13 Q12 Q11)', () => {
    // White's diagonal around X's stone: X at the empty crossing point has two liberties and is
    // laddered towards the edge.
    const rows = ['.......', '..XOO..', '..O....', '..O....', '.......', '.......', '.......'];
    expect(joins(rows)).toEqual([
      [
        [2, 2],
        [2, 2],
      ],
    ]);
  });

  it('joins a tiger’s mouth (the cut is suicide or captured at once)', () => {
    const rows = ['.......', '..O.O..', '...O...', '.......', '.......', '.......', '.......'];
    // D6 (the mouth) is next to all three white stones; X there has one liberty.
    expect(joins(rows).map((j) => j.length)).toEqual([3]);
  });

  it('leaves a real cut alone: the cutting stone runs out', () => {
    // White's two stones touch the empty point diagonally; X at the crossing point has three liberties.
    const rows = ['.......', '.......', '..O....', '...O...', '.......', '.......', '.......'];
    expect(joins(rows)).toEqual([]);
  });

  it('leaves a cut that captures alone', () => {
    // White's B7 is in atari at C7, the point between it and D7: X there captures.
    const rows = ['XO.O...', '.X.....', '.......', '.......', '.......', '.......', '.......'];
    expect(joins(rows)).toEqual([]);
  });

  it('joins where the cut is suicide', () => {
    // X at A7 has no liberty and captures nothing (and O at B6 would be captured at A7: X's two
    // strings join there too).
    const rows = ['.OX....', 'O.X....', 'XX.....', '.......', '.......', '.......', '.......'];
    expect(joins(rows).filter((j) => j.every(([c]) => c === 2))).toEqual([
      [
        [2, 1],
        [2, 1],
      ],
    ]);
  });
});
