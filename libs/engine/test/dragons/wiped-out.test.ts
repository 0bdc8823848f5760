import { describe, expect, it } from 'vitest';
import { WHITE } from '../../src/board/color';
import { realGameAt } from '../support/real-game';

describe('a colour the static view wiped out is not a finished board (dragons/board-phase.ts WIPED_OUT)', () => {
  it('weighs the dragons by their odds instead of letting every owl kill stand', () => {
    // pro9-005 (9x9, B+0.5) at move 33: the static view calls all 15 white stones dead; with them off
    // the board no point is open, so it looked finished and every owl kill stood: B+74.5. White's
    // seven stones around C4 with an eye live to the end of the game.
    const { t, groupAt } = realGameAt('pro9-005', 33);
    const c4 = groupAt('C4');
    expect(c4.color).toBe(WHITE);
    expect(c4.status).not.toBe('dead');
    expect(t.score.lead).toBeLessThan(60);
  });
});
