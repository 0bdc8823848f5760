import { describe, expect, it } from 'vitest';
import { BLACK, WHITE } from '../../src/board/color';
import { realGameAt } from '../support/real-game';

describe('two touching dead dragons: the race reader names the one that lives (dragons/races.ts)', () => {
  it('lets the side that wins the race live, not the side with more liberties', () => {
    // pro9-034 (B+0.5) at move 75: White's five stones G9 G8 J8 H7 J6 inside Black's area touch
    // Black's lone H9 (two liberties against five). By liberties White lived (-17.3); Black wins
    // the race whoever moves first, as GNU Go's estimate (B+0.4, G9 and G8 dead) says.
    const { t, groupAt } = realGameAt('pro9-034', 75);
    const g9 = groupAt('G9');
    expect(g9.color).toBe(WHITE);
    expect(g9.status).toBe('dead');
    expect(groupAt('H9').status).toBe('alive');
    expect(Math.abs(t.score.lead - 0.5)).toBeLessThan(5);
  });

  it('keeps the race reader’s answer when the side with more liberties loses', () => {
    // engine9-005 at move 57: Black's nine stones C6..C1 (four liberties) against White's B2 B1
    // (two): White wins the race whoever moves first (GNU Go 3.8: analyze_semeai B2 C6 = 1 1 D4,
    // C6 B2 = 0 0 PASS). By liberties Black lived.
    const { groupAt } = realGameAt('engine9-005', 57);
    const c6 = groupAt('C6');
    expect(c6.color).toBe(BLACK);
    expect(c6.status).toBe('dead');
    expect(groupAt('B2').status).toBe('alive');
  });
});
