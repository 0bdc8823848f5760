import { describe, expect, it } from 'vitest';
import { BLACK, WHITE } from '../../src/board/color';
import { realGameAt } from '../support/real-game';

describe('dead dragons that win their capturing race (dragons/dead-races.ts)', () => {
  it('does not count a big dragon dead when it captures its rival moving first', () => {
    // engine19-019 (B+10.5) at move 306: Black's 44-stone dragon along the top (O19) has one eye and
    // races White's 12 stones in the upper right corner (R19); moving first Black captures them, White
    // only through a ko (GNU Go's analyze_semeai: 1 1 S18 and 2 3 P19). The static view called the
    // black dragon dead (W+116.9); read as a race, both are in doubt.
    const { t, vertex, groupAt } = realGameAt('engine19-019', 306);
    const black = groupAt('O19');
    const white = groupAt('R19');
    expect(black.color).toBe(BLACK);
    expect(black.stones.length).toBeGreaterThanOrEqual(40);
    expect(white.color).toBe(WHITE);
    expect(black.status).toBe('critical');
    expect(white.status).toBe('critical');
    expect(t.deadStones.map(vertex)).not.toContain('O19');
    // The count moves toward the result (B+10.5) from W+116.9.
    expect(t.score.lead).toBeGreaterThan(-80);
  });

  it('leaves a dead dragon dead when its rival is bigger or wins moving first', () => {
    // pro19-cn-wide-003 (B+11.5) at move 286: Black's 14 dead stones around O13 touch White's
    // 54-stone dragon (H19); the race reader is not asked to bring them back.
    const white = realGameAt('pro19-cn-wide-003', 286).groupAt('H19');
    expect(white.stones.length).toBeGreaterThanOrEqual(50);
    expect(white.status).not.toBe('dead');
    expect(white.status).not.toBe('critical');
  });
});
