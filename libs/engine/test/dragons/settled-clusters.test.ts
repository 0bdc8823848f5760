import { describe, expect, it } from 'vitest';
import { BLACK } from '../../src/board/color';
import { realGameAt } from '../support/real-game';

describe('a settled board joins weak groups that reading connects (dragons/refine.ts)', () => {
  it('counts a weak group alive when its dragon with a connectable neighbour lives', () => {
    // pro19-handicap-001 (B+2.5) at move 256: 11 black stones around F8 are joined by J6 to the
    // 25 stones along the bottom (White cannot cut them); each is critical alone, together they
    // live, as they do to the end of the game. Read alone, the 11 stones were dead: W+61.8.
    const { t, groupAt } = realGameAt('pro19-handicap-001', 256);
    const f8 = groupAt('F8');
    expect(f8.color).toBe(BLACK);
    expect(f8.status).toBe('alive');
    expect(groupAt('J5').status).toBe('alive');
    expect(Math.abs(t.score.lead - 2.5)).toBeLessThan(15);
  });

  it('keeps a group its own verdict when the joined dragon does not live', () => {
    // pro13-037 (B+1.5) at move 107: two black groups (C13 and C10) joined read critical, where
    // alone the race rules revive them; they live to the end. The estimate stays near the result.
    const { t, groupAt } = realGameAt('pro13-037', 107);
    expect(groupAt('C13').status).toBe('alive');
    expect(groupAt('C10').status).toBe('alive');
    expect(Math.abs(t.score.lead - 1.5)).toBeLessThan(8);
  });
});
