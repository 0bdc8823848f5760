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

describe('a static seki the race reader does not confirm (dragons/races.ts checkSeki)', () => {
  it('kills the side that loses the race whoever moves first', () => {
    // pro19-handicap-006 (W+2) at its end, move 284: White's 12 stones in the lower left corner
    // (A5..C1, two liberties) and Black's A2 share their liberties; the static view called it a
    // seki and Black's 34 stones beside it critical: W+99. Black captures moving first, White
    // cannot: the 12 stones are dead (GNU Go's final_score W+2.0).
    const { t, groupAt } = realGameAt('pro19-handicap-006', 284);
    const a5 = groupAt('A5');
    expect(a5.color).toBe(WHITE);
    expect(a5.status).toBe('dead');
    expect(groupAt('C8').status).toBe('alive');
    expect(Math.abs(t.score.lead - -2)).toBeLessThan(5);
  });

  it('leaves no seki where one side captures moving first', () => {
    // pro13-008 (B+8.5) at move 158: White's ten stones N8..M2 against Black's lone N5; GNU Go's
    // analyze_semeai N5 N8 captures with N2 (ours through a ko), N8 N5 cannot save White.
    const { groupAt } = realGameAt('pro13-008', 158);
    expect(groupAt('N8').status).not.toBe('seki');
    expect(groupAt('N8').status).not.toBe('alive');
  });
});
