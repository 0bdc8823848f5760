import { describe, expect, it } from 'vitest';
import { ANALYSES, analyzePosition, positionFromGame } from '../../src/analysis';
import { Game } from '../../src/board/history';

function game(): Game {
  const g = new Game(9, { komi: 6.5 });
  for (const v of ['C3', 'G7', 'C7', 'G3', 'E5', 'D7', 'C6', 'F4']) g.playVertex(v);
  return g;
}

describe('territory analyses in the registry', () => {
  it('registers influence, territory, deadStones, score and moveValues', () => {
    for (const name of ['influence', 'territory', 'deadStones', 'score', 'moveValues']) {
      expect(ANALYSES.has(name)).toBe(true);
    }
  });

  it('returns JSON with Black-positive maps and per-point grids', () => {
    const position = positionFromGame(game());
    const report = analyzePosition(
      position,
      ['influence', 'territory', 'deadStones', 'score', 'moveValues'],
      {
        moveValues: { top: 3, candidates: 10 },
      },
    );
    const json = JSON.parse(JSON.stringify(report)) as typeof report;
    expect(json).toEqual(report);
    for (const name of ['influence', 'territory', 'deadStones', 'moveValues']) {
      const def = ANALYSES.get(name)!;
      const result = def.run(position, name === 'moveValues' ? { top: 3, candidates: 10 } : {});
      const grid = def.grid!(result, position);
      expect(grid).toHaveLength(81);
    }
    const territory = ANALYSES.get('territory')!.run(position, {}) as { ownership: number[] };
    expect(territory.ownership.every((v) => v >= -1 && v <= 1)).toBe(true);
    // C3 (row 3 from the bottom, column C) is a living Black stone: positive ownership.
    expect(territory.ownership[(9 - 3) * 9 + 2]).toBeGreaterThan(0);
    const moves = ANALYSES.get('moveValues')!.run(position, { top: 3, candidates: 10 }) as {
      moves: unknown[];
    };
    expect(moves.moves).toHaveLength(3);
  });

  it('shares one territory run between the analyses of a position, and sees later moves', () => {
    const g = game();
    const before = positionFromGame(g);
    const first = ANALYSES.get('score')!.run(before, {}) as { black: { stones: number } };
    expect(ANALYSES.get('score')!.run(before, {})).toEqual(first);
    // The same board after another move (and with other komi): a new analysis, not the old one.
    g.playVertex('E3');
    const after = positionFromGame(g);
    expect(after.board).toBe(before.board);
    const second = ANALYSES.get('score')!.run(after, {}) as { black: { stones: number } };
    expect(second.black.stones).toBe(first.black.stones + 1);
    const komi = ANALYSES.get('score')!.run({ ...after, komi: 0.5 }, {}) as { komi: number };
    expect(komi.komi).toBe(0.5);
  });

  it('rejects unknown and bad options naming them', () => {
    const position = positionFromGame(game());
    expect(() => ANALYSES.get('territory')!.run(position, { foo: 1 })).toThrow(/territory.foo/);
    expect(() => ANALYSES.get('moveValues')!.run(position, { top: 0 })).toThrow(/top/);
    expect(() => ANALYSES.get('influence')!.run(position, { toMove: 'X' })).toThrow(/toMove/);
  });
});
