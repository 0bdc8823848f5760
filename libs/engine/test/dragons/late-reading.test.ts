import { describe, expect, it } from 'vitest';
import { BLACK } from '../../src/board/color';
import { realGameAt } from '../support/real-game';
import { regressionGame } from '../support/regression-answer';

describe('late reading of the dragons still in doubt (dragons/late-reading.ts)', () => {
  it('kills, late in a real game, a statically alive group without eyes that the owl kills', () => {
    // pro13-020 (13x13, Japanese rules, W+2.5) at move 94 of 104: Black's five stones on the left
    // edge around C9 look alive to the static analysis but die in the game (GNU Go 3.8 counts them
    // dead at the end). Read late, they are dead and the estimate names the winner.
    const { t, vertex, groupAt } = realGameAt('pro13-020', 94);
    const dead = new Set(t.deadStones.map(vertex));
    const group = groupAt('C9');
    expect(group.color).toBe(BLACK);
    expect(group.stones.length).toBe(5);
    for (const p of group.stones) expect(dead.has(vertex(p))).toBe(true);
    expect(t.score.lead).toBeLessThan(0);
    expect(t.score.lower).toBeLessThanOrEqual(-2.5);
    expect(t.score.upper).toBeGreaterThanOrEqual(-2.5);
  });

  it('leaves a dragon in a race to the race rule (GNU Go score2.tst 43, B+29.5)', () => {
    const gtp = regressionGame('games/scoring/score43.sgf');
    expect(gtp.handleLine('final_score')).toBe('= B+29.5\n\n');
    const dead = gtp.handleLine('final_status_list dead');
    for (const v of ['L18', 'J17', 'K17', 'L17', 'M17', 'H16', 'J16', 'H15']) expect(dead).toContain(v);
    expect(dead).not.toContain('L16');
  });
});
