import { describe, expect, it } from 'vitest';
import { analyzePosition, getAnalysis, type Position } from '../../src/analysis';
import { Board } from '../../src/board/board';
import { BLACK } from '../../src/board/color';
import { RULES } from '../../src/board/rules';
import {
  bouzyMap,
  bouzyAnalysis,
  freihofnerAnalysis,
  freihofnerMap,
  rankJunctions,
} from '../../src/influence';
import { readSeed003 } from './seed003';

function positionOf(rows: string[]): Position {
  return {
    board: Board.fromRows(rows),
    toPlay: BLACK,
    komi: 6.5,
    rules: RULES.japanese,
    moveNumber: 0,
    captures: { black: 0, white: 0 },
    handicap: 0,
  };
}

const ROWS = [
  '.........',
  '..X...O..',
  '...X..O..',
  '..X..O...',
  '.........',
  '...O.X...',
  '.........',
  '..X...O..',
  '.........',
];

function rowMajor(board: Board, map: Int32Array): number[] {
  return Array.from(board.geo.points, (p) => map[p]);
}

describe('bouzy and freihofner in the analysis registry', () => {
  it('are registered under their names', () => {
    expect(getAnalysis('bouzy')).toBe(bouzyAnalysis);
    expect(getAnalysis('freihofner')).toBe(freihofnerAnalysis);
  });

  it('bouzy: presets keyed by name, row-major values and owners, counts of owned non-stone points', () => {
    const pos = positionOf(ROWS);
    const report = analyzePosition(pos, ['bouzy'], { bouzy: { presets: ['territory', 'area'] } });
    const result = report.analyses.bouzy as unknown as ReturnType<typeof bouzyAnalysis.run>;
    expect(Object.keys(result.maps)).toEqual(['territory', 'area']);
    const area = result.maps.area;
    expect(area.values).toEqual(rowMajor(pos.board, bouzyMap(pos.board, { preset: 'area' })));
    expect(area.owner).toEqual(area.values.map((v) => Math.sign(v) || 0));
    const emptyOwned = (sign: number) =>
      area.values.filter((v, i) => Math.sign(v) === sign && ROWS[Math.floor(i / 9)][i % 9] === '.').length;
    expect([area.black, area.white]).toEqual([emptyOwned(1), emptyOwned(-1)]);
    expect(bouzyAnalysis.grid!(result, pos)).toEqual(result.maps.territory.values);
  });

  it('bouzy: explicit counts and dead stones (GTP vertices) count the dead stone as owned', () => {
    const pos = positionOf(ROWS);
    // The White stone at D4 (x 3, y 5) sits among Black stones.
    const result = bouzyAnalysis.run(pos, { dilations: 5, erosions: 10, deadStones: ['D4'] });
    expect(Object.keys(result.maps)).toEqual(['moyo']); // 5/10 is the moyo preset
    expect(result.deadStones).toEqual(['D4']);
    const d4 = 5 * 9 + 3;
    expect(result.maps.moyo.values[d4]).toBeGreaterThan(0);
    expect(result.maps.moyo.values).toEqual(
      rowMajor(pos.board, bouzyMap(pos.board, { preset: 'moyo', deadStones: [pos.board.geo.pt(3, 5)] })),
    );
    expect(Object.keys(bouzyAnalysis.run(pos, { dilations: 2, erosions: 1 }).maps)).toEqual(['2/1']);
  });

  it('bouzy: bad options name the field', () => {
    const pos = positionOf(ROWS);
    expect(() => bouzyAnalysis.run(pos, { preset: 'big' })).toThrow(/preset/);
    expect(() => bouzyAnalysis.run(pos, { presets: ['moyo', 3] })).toThrow(/presets\[1\]/);
    expect(() => bouzyAnalysis.run(pos, { dilations: 3 })).toThrow(/erosions/);
    expect(() => bouzyAnalysis.run(pos, { dilations: 3, erosions: 99 })).toThrow(/erosions/);
    expect(() => bouzyAnalysis.run(pos, { deadStones: ['A1'] })).toThrow(/deadStones\[0\].*no stone/);
    expect(() => bouzyAnalysis.run(pos, { deadStones: ['Z99'] })).toThrow(/deadStones\[0\]/);
    expect(() => bouzyAnalysis.run(pos, { deadStones: 'D4' })).toThrow(/deadStones/);
    expect(() => bouzyAnalysis.run(pos, { colour: 1 })).toThrow(/bouzy\.colour: unknown option/);
  });

  it('freihofner: map, L13 junction of seed position 2, grid with B/W on stones', () => {
    const pos = positionOf(readSeed003()[1].rows);
    const report = analyzePosition(pos, ['freihofner'], { freihofner: { limit: 3 } });
    const result = report.analyses.freihofner as unknown as ReturnType<typeof freihofnerAnalysis.run>;
    expect(result.map).toEqual(rowMajor(pos.board, freihofnerMap(pos.board)));
    expect(result.junctions).toEqual({
      threshold: 16,
      top: [
        { vertex: 'L13', value: 708 },
        { vertex: 'L12', value: 693 },
        { vertex: 'K13', value: 692 },
      ],
    });
    const grid = freihofnerAnalysis.grid!(result, pos);
    expect(grid).toHaveLength(361);
    expect(grid[0]).toBe(-14); // A19, printed -14 in the post
    expect(grid[2 * 19 + 3]).toBe('W'); // D17
    expect(grid[2 * 19 + 4]).toBe('B'); // E17
  });

  it('freihofner: junctions can be turned off; bad options name the field', () => {
    const pos = positionOf(ROWS);
    const result = freihofnerAnalysis.run(pos, { junctions: false });
    expect(result.junctions).toBeUndefined();
    const t8 = freihofnerAnalysis.run(pos, { threshold: 8, limit: 2 });
    expect(t8.junctions!.top.map((j) => j.value)).toEqual(rankJunctions(pos.board, 8, 2).map((j) => j.value));
    expect(() => freihofnerAnalysis.run(pos, { junctions: 'yes' })).toThrow(/junctions/);
    expect(() => freihofnerAnalysis.run(pos, { threshold: -1 })).toThrow(/threshold/);
    expect(() => freihofnerAnalysis.run(pos, { limit: 1.5 })).toThrow(/limit/);
    expect(() => freihofnerAnalysis.run(pos, { depth: 1 })).toThrow(/freihofner\.depth/);
  });
});
