import { describe, expect, it } from 'vitest';
import { formatGtpVertex, parseGtpVertex } from '../../src/board/coords';
import { analyzeLife } from '../../src/dragons';
import { regressionGame } from '../support/regression-answer';

describe("analyzeLife's owlView: what GTP's owl starts reading from", () => {
  it('shows the eye spaces, their ranges and the lunch of a corner dragon (ld_owl 166 after B18)', () => {
    const engine = regressionGame('games/life_and_death/tripod4.sgf');
    expect(engine.handleLine('play B B18')).toMatch(/^=/);
    const board = engine.session.game.board;
    const at = (ps: readonly number[]) => ps.map((p) => formatGtpVertex(p, board.geo)).sort();
    const life = analyzeLife(board, { toMove: 2 });
    const view = life.owlView(life.dragonAt(parseGtpVertex('C17', board.geo)))!;
    const spaces = view.eyeSpaces.map((e) => [at(e.points).join(' '), e.eyes.min, e.eyes.max]);
    // C18 is an eye; the corner holds white A18 (a lunch of two liberties) and is open at A15.
    expect(spaces).toContainEqual(['C18', 1, 1]);
    expect(spaces).toContainEqual(['A16 A17 A18 A19 B19', 1, 2]);
    expect(at(view.lunches)).toEqual(['A18']);
    expect(view.minEyes).toBe(spaces.reduce((n, s) => n + (s[1] as number), 0));
  });
});
