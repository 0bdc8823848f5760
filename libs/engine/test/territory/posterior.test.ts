import { describe, expect, it } from 'vitest';
import { Game } from '../../src/board/history';
import { analyzeTerritory } from '../../src/territory/territory';
import { posteriorLead, RESULT_PRIOR_STDEV, Z80 } from '../../src/territory/uncertainty';

describe("the lead: the count pulled toward an even game by real games' spread of results", () => {
  it('moves a count by the share of the spread that is its own doubt', () => {
    // No doubt: the count stands. Doubt equal to the prior: half of it.
    expect(posteriorLead(12, 0)).toEqual({ lead: 12, stdev: 0 });
    const even = posteriorLead(12, RESULT_PRIOR_STDEV);
    expect(even.lead).toBeCloseTo(6, 6);
    expect(even.stdev).toBeCloseTo(RESULT_PRIOR_STDEV / Math.SQRT2, 6);
    // More doubt, more pull; the sign never changes and the spread only narrows.
    let last = Infinity;
    for (const stdev of [1, 5, 10, 20, 40]) {
      const { lead, stdev: after } = posteriorLead(-30, stdev);
      expect(lead).toBeLessThan(0);
      expect(-lead).toBeLessThan(last);
      expect(after).toBeLessThan(stdev);
      last = -lead;
    }
  });

  it("is the score analysis' lead while the game goes on, the count once both players passed", () => {
    const game = new Game(9, { komi: 6.5 });
    for (const v of ['E5', 'C3', 'G7', 'C7', 'G3']) game.playVertex(v);
    const pos = { geo: game.board.geo, colors: game.board.colors };
    const open = analyzeTerritory(pos, { komi: 6.5, toMove: game.toPlay }).score;
    const count = open.count!;
    // lead = k count with k = 1 - stdev'^2 / prior^2 (the posterior's spread gives k back).
    const kBack = 1 - open.stdev! ** 2 / RESULT_PRIOR_STDEV ** 2;
    expect(kBack).toBeGreaterThan(0);
    expect(kBack).toBeLessThan(1);
    expect(open.lead).toBeCloseTo(kBack * count, 6);
    expect(open.upper - open.lead).toBeCloseTo(Z80 * open.stdev!, 6);
    const over = analyzeTerritory(pos, { komi: 6.5, toMove: game.toPlay, gameOver: true }).score;
    expect(over.lead).toBe(over.count);
  });
});
