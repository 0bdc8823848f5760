import { describe, expect, it } from 'vitest';
import { regressionGame } from '../support/regression-answer';

// GNU Go's score2.tst games (regression/games/scoring, GPL text in regression/), both ended by two
// passes: counted as they stand, the way GNU Go 3.8's final_score counts them.

/** The lines of a GTP answer, without `= ` and the blank end. */
const lines = (answer: string | null) => (answer ?? '').replace(/^= /, '').trim().split('\n').filter(Boolean);

const loaded = (name: string) => regressionGame(`games/scoring/${name}`);

describe('a finished game read as it stands', () => {
  it('kills stones without an eye inside the enemy corner (score2.tst 35)', () => {
    const e = loaded('score35.sgf');
    const dead = lines(e.handleLine('final_status_list dead'));
    expect(dead).toEqual(expect.arrayContaining(['P6', 'Q5 Q4', 'O3 P3 P2', 'N2']));
    expect(e.handleLine('final_score')).toBe('= B+94.5\n\n');
  });

  it('keeps a group whose eye space it shares with friends, and finds the seki beside it (score2.tst 49)', () => {
    const e = loaded('score49.sgf');
    const dead = e.handleLine('final_status_list dead')!;
    expect(dead).not.toContain('A11');
    expect(dead).toContain('C19 D19');
    // GNU Go 3.8's list on this board.
    expect(lines(e.handleLine('final_status_list seki'))).toEqual([
      'R9 P8 Q8 R8',
      'S9 T9 T8 T7',
      'P7 Q7 Q6 R6 S6 S5 T5 T4 T3',
      'S7',
    ]);
    expect(e.handleLine('final_score')).toBe('= B+27.5\n\n');
  });

  it('reads nothing again while the game goes on', () => {
    const e = loaded('score35.sgf');
    expect(e.handleLine('undo')).toBe('= \n\n');
    expect(lines(e.handleLine('final_status_list dead'))).not.toContain('P6');
  });
});
