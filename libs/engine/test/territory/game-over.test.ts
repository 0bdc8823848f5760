import { describe, expect, it } from 'vitest';
import { regressionGame } from '../support/regression-answer';

// GNU Go's score.tst game 17 (regression/games/scoring, GNU Go against a weak player, GPL text in
// regression/): both players passed at the end, counted W+165.5. Once the game is over the static
// deaths of the finished board stand; without the two passes the same stones are read as a game
// still going on, where real games' middle-game odds make big reading deaths critical.
const engine = () => regressionGame('games/scoring/score17.sgf');

describe('a game both players ended by passing', () => {
  it('is scored as GNU Go counts it', () => {
    expect(engine().handleLine('final_score')).toBe('= W+165.5\n\n');
  });

  it('differs from the same board with the passes taken back', () => {
    const e = engine();
    const over = e.handleLine('final_status_list dead');
    expect(e.handleLine('undo')).toBe('= \n\n');
    const going = e.handleLine('final_status_list dead');
    expect(over!.split(/\s+/).length).toBeGreaterThan(going!.split(/\s+/).length);
  });
});
