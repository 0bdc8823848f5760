import { describe, expect, it } from 'vitest';
import { BLACK, WHITE } from '../../src/board/color';
import { teirePoints } from '../../src/territory/teire';
import { realGameAt } from '../support/real-game';
import { position } from './support/rows';

/** A position from rows with `b` / `w` marking empty territory of Black / White and `?` dame. */
function ending(rows: string[]) {
  const pos = position(rows.map((r) => r.replace(/[bw?]/g, '.')));
  const live = new Int8Array(pos.geo.arraySize);
  const owner = new Int8Array(pos.geo.arraySize);
  const dame = new Uint8Array(pos.geo.arraySize);
  rows.forEach((row, y) =>
    [...row].forEach((ch, x) => {
      const p = pos.geo.pt(x, y);
      if (ch === 'X') live[p] = BLACK;
      if (ch === 'O') live[p] = WHITE;
      if (ch === 'b') owner[p] = 1;
      if (ch === 'w') owner[p] = -1;
      if (ch === '?') dame[p] = 1;
    }),
  );
  return { pos, live, owner, dame };
}

describe('teire: territory a player must fill once the dame are filled (territory/teire.ts)', () => {
  it('a string whose liberties are one point of its own territory and dame fills that point', () => {
    // White's D7-E7 has the white eye point C7 and the dame F7: once Black fills F7 it is in atari
    // (White filling F7 itself would not help), and White must fill C7, which is then no territory.
    const { pos, live, owner, dame } = ending([
      'wOwOO?X',
      'wOOXXXX',
      'wwOXbbb',
      'wwOXbbb',
      'wwOXbbb',
      'wwOXbbb',
      'wwOXbbb',
    ]);
    expect(teirePoints(pos, live, owner, dame)).toEqual([pos.geo.pt(2, 0)]);
  });

  it('a string that saves itself by filling the dame first: no teire', () => {
    // White's C6 with the eye point B6 and the dame D5: White filling D5 joins it to the wall.
    const { pos, live, owner, dame } = ending([
      'wwOXXbb',
      'wOwOXbb',
      'wwO?Xbb',
      'wwOXXbb',
      'wwOXbbb',
      'wwOXbbb',
      'wwOXbbb',
    ]);
    expect(teirePoints(pos, live, owner, dame)).toEqual([]);
  });

  it('a string joined to its wall has liberties enough: no teire', () => {
    const { pos, live, owner, dame } = ending([
      'wwOXXbb',
      'wOwOXbb',
      'wwOOXbb',
      'wwOXXbb',
      'wwOXbbb',
      'wwOXbbb',
      'wwOXbbb',
    ]);
    expect(teirePoints(pos, live, owner, dame)).toEqual([]);
  });

  it('counts a professional game as its players did: pro19-jp-026 (B+4.5) at its end', () => {
    // White's C14, C1 and J1 sit behind strings whose other liberties are dame (E15; A1; L2 and M2):
    // counted as White's territory they made B+1.5.
    const { t, vertex } = realGameAt('pro19-jp-026', 246);
    expect(t.score.settledLead).toBe(4.5);
    for (const v of ['C14', 'C1', 'J1']) {
      const p = t.geo.points.find((q) => vertex(q) === v)!;
      expect(t.owner[p]).toBe(0);
    }
  });
});
