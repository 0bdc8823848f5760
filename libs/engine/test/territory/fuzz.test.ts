import { describe, expect, it } from 'vitest';
import { BLACK, WHITE } from '../../src/board/color';
import { Geometry } from '../../src/board/geometry';
import { analyzeTerritory, moveValues } from '../../src/territory';
import { seededRandom as rng } from '../../src/board/random';

// Garbage in, sane answers out: random colourings (strings without liberties, one-colour boards,
// full boards, 1x1 to 19x19), never a throw, every figure finite and in range.
describe('territory on random and garbage positions', () => {
  it('answers 400 random colourings without throwing, with values in range', () => {
    const random = rng(2026);
    const sizes = [1, 2, 3, 4, 5, 7, 9, 13, 19];
    for (let i = 0; i < 400; i++) {
      const size = sizes[i % sizes.length];
      const geo = Geometry.of(size);
      const colors = geo.emptyColors.slice();
      // Densities from empty to full, sometimes one colour only.
      const density = [0, 0.2, 0.5, 0.8, 1][i % 5];
      const oneColour = i % 7 === 0;
      for (const p of geo.points) {
        if (random() < density) colors[p] = oneColour || random() < 0.5 ? BLACK : WHITE;
      }
      const pos = { geo, colors };
      const a = analyzeTerritory(pos, {
        komi: 6.5,
        rules: i % 2 ? 'area' : 'territory',
        toMove: i % 3 ? BLACK : WHITE,
      });
      let stones = 0;
      for (const p of geo.points) {
        expect(Math.abs(a.ownership[p])).toBeLessThanOrEqual(1);
        expect(Number.isFinite(a.field.territory[p])).toBe(true);
        if (colors[p] === BLACK || colors[p] === WHITE) stones++;
        else expect(a.groups.groupOf[p]).toBe(-1);
      }
      expect(a.deadStones.length).toBeLessThanOrEqual(stones);
      for (const p of a.deadStones) expect([BLACK, WHITE]).toContain(colors[p]);
      const { lead, upper, lower, settledLead } = a.score;
      for (const v of [lead, upper, lower, settledLead]) expect(Number.isFinite(v)).toBe(true);
      expect(lower).toBeLessThanOrEqual(lead + 1e-9);
      expect(upper).toBeGreaterThanOrEqual(lead - 1e-9);
      // Area counting can never give more than the whole board (plus komi) to either side.
      if (i % 2) expect(Math.abs(settledLead + 6.5)).toBeLessThanOrEqual(size * size);
      if (size <= 9 && i % 4 === 0) {
        const mv = moveValues(pos, a, i % 3 ? BLACK : WHITE, { top: 5, maxCandidates: 10 });
        for (const m of mv) {
          expect(colors[m.point]).toBe(0);
          expect(Number.isFinite(m.total)).toBe(true);
        }
      }
    }
  }, 240_000); // a correctness test of 400 whole analyses: 50-180 s on a loaded 2-core machine, not a speed check
});
