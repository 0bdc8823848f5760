import { describe, expect, it } from 'vitest';
import { analyzePosition } from '../../src/analysis';
import { Board } from '../../src/board/board';
import { BLACK } from '../../src/board/color';
import { RULES } from '../../src/board/rules';
import { overlayFromResult, readResultMap, RenderInputError } from '../../src/render';

describe('overlayFromResult', () => {
  const flat = Array.from({ length: 25 }, (_, i) => (i % 5) - 2);

  it('reads flat maps and row maps alike', () => {
    const rows = Array.from({ length: 5 }, (_, y) => flat.slice(y * 5, y * 5 + 5));
    expect(readResultMap(rows, 5)).toEqual(flat);
    expect(readResultMap(flat, 5)).toEqual(flat);
    expect(readResultMap(flat.slice(1), 5)).toBeUndefined();
    expect(readResultMap({ values: flat }, 5)).toEqual(flat);
  });

  it('finds ownership (clamped), Bouzy maps and Freihofner numbers', () => {
    const result = { ownership: flat.map((v) => v / 2), bouzy: { moyo: flat }, freihofner: flat };
    const own = overlayFromResult(result, 'ownership', 5);
    expect(own).toMatchObject({ kind: 'ownership' });
    expect(Array.from((own as { values: ArrayLike<number> }).values)).toEqual(
      flat.map((v) => Math.max(-1, Math.min(1, v / 2))),
    );
    expect(overlayFromResult(result, 'moyo', 5)).toEqual({ kind: 'owners', map: 'moyo', values: flat });
    expect(overlayFromResult(result, 'territory', 5)).toBeUndefined();
    expect(overlayFromResult(result, 'freihofner', 5)).toEqual({ kind: 'numbers', values: flat });
  });

  it('reads dead stones and move values in GTP, {x,y} and [x,y] forms', () => {
    const result = {
      deadStones: ['A5', { x: 1, y: 1 }, [4, 4]],
      moveValues: [
        { move: 'C3', value: 4.5 },
        { x: 0, y: 4, value: 1 },
        { move: 'pass', value: 0 },
      ],
    };
    expect(overlayFromResult(result, 'dead', 5)).toEqual({
      kind: 'dead',
      points: [
        { x: 0, y: 0 },
        { x: 1, y: 1 },
        { x: 4, y: 4 },
      ],
    });
    expect(overlayFromResult(result, 'moveValues', 5)).toEqual({
      kind: 'moveValues',
      moves: [
        { x: 2, y: 2, value: 4.5 },
        { x: 0, y: 4, value: 1 },
      ],
    });
  });

  it('names the field when a present value is not drawable', () => {
    expect(() => overlayFromResult({ deadStones: ['Z9'] }, 'dead', 5)).toThrow(/^deadStones\[0\]: /);
    expect(() => overlayFromResult({ moveValues: [{ move: 'A1' }] }, 'moveValues', 5)).toThrow(
      RenderInputError,
    );
    expect(overlayFromResult(null, 'dead', 5)).toBeUndefined();
  });
});

describe('overlayFromResult on an analysis report', () => {
  it('reads the bouzy and freihofner analyses of analyzePosition', () => {
    const board = Board.fromRows(['.....', '.X...', '.....', '...O.', '.....']);
    const position = {
      board,
      toPlay: BLACK,
      komi: 0,
      rules: RULES.japanese,
      moveNumber: 0,
      captures: { black: 0, white: 0 },
      handicap: 0,
    } as const;
    const report = analyzePosition(position, ['bouzy', 'freihofner'], {
      bouzy: { presets: ['territory', 'moyo'] },
    });
    const json = JSON.parse(JSON.stringify(report));
    expect(overlayFromResult(json, 'moyo', 5)).toEqual({
      kind: 'owners',
      map: 'moyo',
      values: json.analyses.bouzy.maps.moyo.values,
    });
    expect(overlayFromResult(json, 'territory', 5)).toEqual({
      kind: 'owners',
      map: 'territory',
      values: json.analyses.bouzy.maps.territory.values,
    });
    expect(overlayFromResult(json, 'area', 5)).toBeUndefined();
    expect(overlayFromResult(json, 'freihofner', 5)).toEqual({
      kind: 'numbers',
      values: json.analyses.freihofner.map,
    });
  });

  it('prefers the two-layer owner map of a territory analysis for the territory overlay', () => {
    const owner = Array.from({ length: 25 }, (_, i) => (i < 10 ? 1 : i > 15 ? -1 : 0));
    const report = {
      analyses: { territory: { owner }, bouzy: { maps: { territory: { values: new Array(25).fill(5) } } } },
    };
    expect(overlayFromResult(report, 'territory', 5)).toEqual({
      kind: 'owners',
      map: 'territory',
      values: owner,
    });
  });
});

describe('overlayFromResult on the territory analyses', () => {
  it('reads deadStones and moveValues results as their analyses write them', () => {
    const report = {
      analyses: {
        deadStones: { deadStones: ['B4', 'C4'], groups: [] },
        moveValues: {
          player: 'B',
          moves: [{ vertex: 'D3', value: 6, followup: 1, reverseFollowup: 0, total: 6.5 }],
        },
      },
    };
    expect(overlayFromResult(report, 'dead', 5)).toEqual({
      kind: 'dead',
      points: [
        { x: 1, y: 1 },
        { x: 2, y: 1 },
      ],
    });
    expect(overlayFromResult(report, 'moveValues', 5)).toEqual({
      kind: 'moveValues',
      moves: [{ x: 3, y: 2, value: 6 }],
    });
  });
});
