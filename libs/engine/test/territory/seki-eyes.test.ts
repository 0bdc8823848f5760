import { describe, expect, it } from 'vitest';
import { BLACK, WHITE } from '../../src/board/color';
import { parseGtpVertex } from '../../src/board/coords';
import { analyzeTerritory } from '../../src/territory/territory';
import { regressionGame } from '../support/regression-answer';

// GNU Go's score2.tst game 47 (regression/games/scoring, GPL text in regression/): in the top
// right a white group lives in seki with the black pair S18 T18; R19 is the white group's eye,
// T19 and T17 the shared liberties. GNU Go counts B+64.5: the eye is nobody's under Japanese rules.
const loaded = () => regressionGame('games/scoring/score47.sgf');

describe('eyes of a group in seki', () => {
  it('are seki stones in final_status_list, and the count leaves the eye out', () => {
    const e = loaded();
    expect(e.handleLine('final_status_list seki')).toContain('S18 T18');
    expect(e.handleLine('final_score')).toBe('= B+64.5\n\n');
  });

  it('count for their owner under area rules only', () => {
    const { game } = loaded().session;
    const pos = { geo: game.board.geo, colors: game.board.colors };
    const eye = parseGtpVertex('R19', game.board.geo);
    const shared = parseGtpVertex('T19', game.board.geo);
    const common = {
      komi: game.komi,
      captures: { black: game.board.captures[BLACK], white: game.board.captures[WHITE] },
      toMove: game.toPlay,
      gameOver: game.isOver,
    };
    const territory = analyzeTerritory(pos, { ...common, rules: 'territory' });
    const area = analyzeTerritory(pos, { ...common, rules: 'area' });
    expect(territory.owner[eye]).toBe(0);
    expect(territory.ownership[eye]).toBe(0);
    expect(area.owner[eye]).toBe(-1);
    expect(territory.owner[shared]).toBe(0);
    expect(area.owner[shared]).toBe(0);
  });
});
