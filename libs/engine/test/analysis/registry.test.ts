import { describe, expect, it } from 'vitest';
import { ANALYSES, AnalysisError, analyzePosition, getAnalysis, positionFromGame } from '../../src/analysis';
import { positionAfter } from '../../src/sgf';

const SGF = '(;SZ[5]KM[0.5];B[bb];W[cb];B[bc];W[ab];B[ba];W[ca];B[aa])';

describe('analysis registry', () => {
  it('registers the board analysis and rejects unknown names and stray options', () => {
    expect(ANALYSES.get('board')).toBe(getAnalysis('board'));
    expect(() => getAnalysis('nope')).toThrow(AnalysisError);
    expect(() => getAnalysis('nope')).toThrow(/unknown analysis "nope" \(known: .*board/);
    const pos = positionFromGame(positionAfter(SGF));
    expect(() => analyzePosition(pos, ['board'], { other: {} })).toThrow(/"other", which is not requested/);
    for (const d of ANALYSES.values()) {
      expect(d.name).toMatch(/^[a-zA-Z][\w-]*$/);
      expect(d.description.length).toBeGreaterThan(10);
    }
  });

  it('names the analysis in option errors', () => {
    const pos = positionFromGame(positionAfter(SGF));
    const attempt = (name: string, options: Record<string, unknown>): unknown => {
      try {
        analyzePosition(pos, [name], { [name]: options });
      } catch (e) {
        return e;
      }
      return undefined;
    };
    const bad = attempt('bouzy', { dilations: -1, erosions: 3 });
    expect(bad).toBeInstanceOf(AnalysisError);
    expect((bad as Error).message).toMatch(/^bouzy\.dilations: must be an integer from 0 to \d+, got -1$/);
    expect((attempt('bouzy', { preset: 'big' }) as Error).message).toMatch(/^bouzy\.preset: /);
    expect((attempt('freihofner', { colour: 1 }) as Error).message).toMatch(
      /^freihofner\.colour: unknown option/,
    );
  });

  it('reports the board analysis as JSON', () => {
    const game = positionAfter(SGF);
    expect(game.board.toRows()).toEqual(['XXO..', 'OXO..', '.X...', '.....', '.....']);
    const report = analyzePosition(positionFromGame(game), ['board']);
    expect(report.engine).toEqual({ name: 'moyo', version: expect.any(String) });
    expect(report.board).toEqual({
      size: 5,
      width: 5,
      height: 5,
      toPlay: 'W',
      moveNumber: 7,
      komi: 0.5,
      rules: 'japanese',
      hash: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    const r = report.analyses.board as {
      stones: number[];
      liberties: number[];
      chains: { color: string; stones: string[]; liberties: number; libertyPoints: string[] }[];
      captures: { black: number; white: number };
      ko: string | null;
    };
    expect(r.stones.slice(0, 5)).toEqual([1, 1, -1, 0, 0]);
    expect(r.captures).toEqual({ black: 0, white: 0 });
    expect(r.chains).toEqual([
      { color: 'B', stones: ['A5', 'B5', 'B4', 'B3'], liberties: 3, libertyPoints: ['A3', 'C3', 'B2'] },
      { color: 'W', stones: ['C5', 'C4'], liberties: 3, libertyPoints: ['D5', 'D4', 'C3'] },
      { color: 'W', stones: ['A4'], liberties: 1, libertyPoints: ['A3'] },
    ]);
    expect(r.ko).toBeNull();
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
    expect(getAnalysis('board').grid!(r, positionFromGame(game)).slice(0, 5)).toEqual([3, 3, 3, null, null]);
    expect(Object.keys(report.timings)).toEqual(['board']);
  });

  it('does not mutate the position', () => {
    const game = positionAfter(SGF);
    const before = [game.board.toRows().join(''), game.board.hashLo, game.board.hashHi];
    for (const name of ANALYSES.keys()) {
      try {
        analyzePosition(positionFromGame(game), [name]);
      } catch {
        // analyses needing options may refuse the defaults; mutation is what is checked here
      }
    }
    expect([game.board.toRows().join(''), game.board.hashLo, game.board.hashHi]).toEqual(before);
  });
});
