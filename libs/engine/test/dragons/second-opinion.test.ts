import { describe, expect, it } from 'vitest';
import { WHITE } from '../../src/board/color';
import { realGameAt } from '../support/real-game';

describe("the late owl's second opinion on a middle-game kill (dragons/refine.ts secondOpinion)", () => {
  it('weighs a kill the late owl can defend as a dragon its owner can save', () => {
    // pro19-handicap-011 (19x19, W+10) at move 155 of 222: the territory owl kills White's seven
    // stones at L19 and at Q17 and finds no defence; the late owl defends both (P18, Q18) and both
    // live to the end. Weighed as killed they counted against White (B+13.3); saved, W+8.8.
    const { t, groupAt } = realGameAt('pro19-handicap-011', 155);
    for (const v of ['L19', 'Q17']) {
      const group = groupAt(v);
      expect(group.color).toBe(WHITE);
      expect(group.stones.length).toBe(7);
      expect(group.status).toBe('alive');
    }
    expect(t.score.lead).toBeLessThan(0);
  });
});
