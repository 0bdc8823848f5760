import { describe, expect, it } from 'vitest';
import { BLACK, EMPTY, WALL, WHITE } from '../../src/board/color';
import { Geometry } from '../../src/board/geometry';
import {
  BOUZY_PRESETS,
  BouzyMapper,
  bouzyMap,
  bouzyOwners,
  resolveBouzyParams,
  type ColorPosition,
} from '../../src/influence';
import { readSeedText } from './seed003';
import { positionFromRows } from './rows';

/**
 * Seed 000 (GNU Go docs §14.2) works a "tobi" (two Black stones one point apart) through 1, 2, 3
 * dilations and then 3 dilations with 1..7 erosions. The HTML-to-text conversion flattened every
 * grid into one line of numbers, e.g. `1 1 1 128 2 128 1 1 1 |` for one dilation.
 *
 * Reconstruction: each flattened line is the grid read row by row, left to right, skipping the
 * points the author left blank. Laying the stones at columns 3 and 5 of a 9x7 window and reading the
 * diamond-shaped support of each grid row by row gives back the printed token order exactly: one
 * dilation is rows `1 . 1` / `1 128 2 128 1` / `1 . 1` (9 tokens), two dilations add a ring (21
 * tokens), three another (37 tokens). Blank points are 0. The printed lines contain four explicit
 * zeros: the empty point of the initial `128 0 128`, and in 3/1 the three points at the LEFT end of
 * the middle rows (`0 4 6 6 6 4`, `0 2 6 136 …`, `0 4 6 6 6 4`): each was nonzero after three
 * dilations (2, 1, 2) and eroded to exactly 0; their right-hand twins were left blank by the author,
 * so the grid below prints the left ones as `0` and the right ones as `.`, as the text does.
 * Every grid is then checked twice: its printed tokens must equal the seed's line (read from the seed
 * file at test time), and the computed map must equal the grid at every point of the window (blank =
 * 0), with every point outside the window 0.
 */

const TOBI_STAGES: { label: string; dilations: number; erosions: number; grid: string[] }[] = [
  {
    label: 'start',
    dilations: 0,
    erosions: 0,
    grid: [
      '.   .   .   .   .   .   .   .   .',
      '.   .   .   .   .   .   .   .   .',
      '.   .   .   .   .   .   .   .   .',
      '.   .   . 128   0 128   .   .   .',
      '.   .   .   .   .   .   .   .   .',
      '.   .   .   .   .   .   .   .   .',
      '.   .   .   .   .   .   .   .   .',
    ],
  },
  {
    label: '1 dilation',
    dilations: 1,
    erosions: 0,
    grid: [
      '.   .   .   .   .   .   .   .   .',
      '.   .   .   .   .   .   .   .   .',
      '.   .   .   1   .   1   .   .   .',
      '.   .   1 128   2 128   1   .   .',
      '.   .   .   1   .   1   .   .   .',
      '.   .   .   .   .   .   .   .   .',
      '.   .   .   .   .   .   .   .   .',
    ],
  },
  {
    label: '2 dilations',
    dilations: 2,
    erosions: 0,
    grid: [
      '.   .   .   .   .   .   .   .   .',
      '.   .   .   1   .   1   .   .   .',
      '.   .   2   2   3   2   2   .   .',
      '.   1   2 132   4 132   2   1   .',
      '.   .   2   2   3   2   2   .   .',
      '.   .   .   1   .   1   .   .   .',
      '.   .   .   .   .   .   .   .   .',
    ],
  },
  {
    label: '3 dilations',
    dilations: 3,
    erosions: 0,
    grid: [
      '.   .   .   1   .   1   .   .   .',
      '.   .   2   2   3   2   2   .   .',
      '.   2   4   6   6   6   4   2   .',
      '1   2   6 136   8 136   6   2   1',
      '.   2   4   6   6   6   4   2   .',
      '.   .   2   2   3   2   2   .   .',
      '.   .   .   1   .   1   .   .   .',
    ],
  },
  {
    label: '3/1',
    dilations: 3,
    erosions: 1,
    grid: [
      '.   .   .   .   .   .   .   .   .',
      '.   .   .   2   2   2   .   .   .',
      '.   0   4   6   6   6   4   .   .',
      '0   2   6 136   8 136   6   2   .',
      '.   0   4   6   6   6   4   .   .',
      '.   .   .   2   2   2   .   .   .',
      '.   .   .   .   .   .   .   .   .',
    ],
  },
  {
    label: '3/2',
    dilations: 3,
    erosions: 2,
    grid: [
      '.   .   .   .   .   .   .   .   .',
      '.   .   .   .   1   .   .   .   .',
      '.   .   2   6   6   6   2   .   .',
      '.   .   6 136   8 136   6   .   .',
      '.   .   2   6   6   6   2   .   .',
      '.   .   .   .   1   .   .   .   .',
      '.   .   .   .   .   .   .   .   .',
    ],
  },
  {
    label: '3/3',
    dilations: 3,
    erosions: 3,
    grid: [
      '.   .   .   .   .   .   .   .   .',
      '.   .   .   .   .   .   .   .   .',
      '.   .   .   5   6   5   .   .   .',
      '.   .   5 136   8 136   5   .   .',
      '.   .   .   5   6   5   .   .   .',
      '.   .   .   .   .   .   .   .   .',
      '.   .   .   .   .   .   .   .   .',
    ],
  },
  {
    label: '3/4',
    dilations: 3,
    erosions: 4,
    grid: [
      '.   .   .   .   .   .   .   .   .',
      '.   .   .   .   .   .   .   .   .',
      '.   .   .   3   5   3   .   .   .',
      '.   .   2 136   8 136   2   .   .',
      '.   .   .   3   5   3   .   .   .',
      '.   .   .   .   .   .   .   .   .',
      '.   .   .   .   .   .   .   .   .',
    ],
  },
  {
    label: '3/5',
    dilations: 3,
    erosions: 5,
    grid: [
      '.   .   .   .   .   .   .   .   .',
      '.   .   .   .   .   .   .   .   .',
      '.   .   .   1   4   1   .   .   .',
      '.   .   . 136   8 136   .   .   .',
      '.   .   .   1   4   1   .   .   .',
      '.   .   .   .   .   .   .   .   .',
      '.   .   .   .   .   .   .   .   .',
    ],
  },
  {
    label: '3/6',
    dilations: 3,
    erosions: 6,
    grid: [
      '.   .   .   .   .   .   .   .   .',
      '.   .   .   .   .   .   .   .   .',
      '.   .   .   .   3   .   .   .   .',
      '.   .   . 135   8 135   .   .   .',
      '.   .   .   .   3   .   .   .   .',
      '.   .   .   .   .   .   .   .   .',
      '.   .   .   .   .   .   .   .   .',
    ],
  },
  {
    label: '3/7',
    dilations: 3,
    erosions: 7,
    grid: [
      '.   .   .   .   .   .   .   .   .',
      '.   .   .   .   .   .   .   .   .',
      '.   .   .   .   .   .   .   .   .',
      '.   .   . 132   8 132   .   .   .',
      '.   .   .   .   .   .   .   .   .',
      '.   .   .   .   .   .   .   .   .',
      '.   .   .   .   .   .   .   .   .',
    ],
  },
];

/** The flattened example lines of seed 000, in order: every line of integers ending in `|`. */
function readSeed000Lines(): number[][] {
  return readSeedText('000_')
    .split(/\r?\n/)
    .filter((line) => /^\s*\d+(\s+\d+)*\s*\|\s*$/.test(line))
    .map((line) => line.replace('|', '').trim().split(/\s+/).map(Number));
}

// Window of the grids on a 19x19 board: far from the edges, so the example's open-board numbers hold.
const WINDOW_X = 5;
const WINDOW_Y = 6;

function tobi(): ColorPosition {
  const geo = Geometry.of(19);
  const colors = geo.emptyColors.slice();
  colors[geo.pt(WINDOW_X + 3, WINDOW_Y + 3)] = BLACK;
  colors[geo.pt(WINDOW_X + 5, WINDOW_Y + 3)] = BLACK;
  return { geo, colors };
}

describe('Bouzy dilation/erosion: the seed-000 tobi example', () => {
  const lines = readSeed000Lines();

  it('finds the eleven example lines in the seed', () => {
    expect(lines).toHaveLength(TOBI_STAGES.length);
  });

  it.each(TOBI_STAGES.map((stage, i) => ({ ...stage, i })))(
    '$label: grid tokens are the seed line and the computed map is the grid',
    ({ dilations, erosions, grid, i }) => {
      const printed = grid.flatMap((row) =>
        row
          .trim()
          .split(/\s+/)
          .filter((t) => t !== '.')
          .map(Number),
      );
      expect(printed).toEqual(lines[i]);

      const pos = tobi();
      const map = bouzyMap(pos, { dilations, erosions });
      const { geo } = pos;
      let checked = 0;
      for (const p of geo.points) {
        const wx = geo.x(p) - WINDOW_X;
        const wy = geo.y(p) - WINDOW_Y;
        const inWindow = wx >= 0 && wx < 9 && wy >= 0 && wy < grid.length;
        const token = inWindow ? grid[wy].trim().split(/\s+/)[wx] : '.';
        expect(map[p], `point (${geo.x(p)},${geo.y(p)})`).toBe(token === '.' ? 0 : Number(token));
        checked++;
      }
      expect(checked).toBe(361);
    },
  );

  it('3/7 leaves exactly one point of territory (between the stones)', () => {
    const pos = tobi();
    const map = bouzyMap(pos, { dilations: 3, erosions: 7 });
    const owners = bouzyOwners(pos.geo, map);
    const territory = [...pos.geo.points].filter((p) => pos.colors[p] === EMPTY && owners[p] === BLACK);
    expect(territory).toEqual([pos.geo.pt(WINDOW_X + 4, WINDOW_Y + 3)]);
  });
});

describe('Bouzy maps', () => {
  it('presets are territory 5/21, moyo 5/10, area 4/0, territory by default', () => {
    expect(BOUZY_PRESETS).toEqual({
      territory: { dilations: 5, erosions: 21 },
      moyo: { dilations: 5, erosions: 10 },
      area: { dilations: 4, erosions: 0 },
    });
    expect(resolveBouzyParams()).toEqual({ dilations: 5, erosions: 21 });
    expect(resolveBouzyParams({ preset: 'moyo', erosions: 3 })).toEqual({ dilations: 5, erosions: 3 });
  });

  it('5/21 gives an isolated stone no territory (21 = 1 + 5*4 erosions)', () => {
    const rows = Array.from({ length: 19 }, (_, y) => (y === 9 ? '.........X.........' : '.'.repeat(19)));
    const pos = positionFromRows(rows);
    const map = bouzyMap(pos, { preset: 'territory' });
    for (const p of pos.geo.points) {
      if (pos.colors[p] === EMPTY) expect(map[p]).toBe(0);
    }
    // 5/10 still leaves a moyo around it.
    const moyo = bouzyMap(pos, { preset: 'moyo' });
    expect(moyo[pos.geo.pt(9, 8)]).toBeGreaterThan(0);
  });

  it('is colour-symmetric: swapping colours negates the map', () => {
    const rows = [
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
    const swapped = rows.map((r) => r.replace(/[XO]/g, (c) => (c === 'X' ? 'O' : 'X')));
    const a = bouzyMap(positionFromRows(rows), { preset: 'moyo' });
    const b = bouzyMap(positionFromRows(swapped), { preset: 'moyo' });
    for (let p = 0; p < a.length; p++) expect(a[p]).toBe(-b[p] || 0);
  });

  it('dilation stops at a point touching the other colour; erosion ignores the board edge', () => {
    // 5x5, Black at the left edge (0,2), White at (2,2): the point between touches both.
    const pos = positionFromRows(['.....', '.....', 'X.O..', '.....', '.....']);
    const { geo } = pos;
    const d1 = bouzyMap(pos, { dilations: 1, erosions: 0 });
    expect(d1[geo.pt(1, 2)]).toBe(0);
    expect(d1[geo.pt(0, 2)]).toBe(128);
    expect(d1[geo.pt(0, 1)]).toBe(1);
    expect(d1[geo.pt(2, 2)]).toBe(-128);
    expect(d1[geo.pt(3, 2)]).toBe(-1);
    // One erosion: (0,1) = 1 has on-board neighbours (0,0) = 0, (1,1) = 0 and (0,2) = 128 -> 1 - 2 < 0 -> 0.
    // The Black stone has neighbours (0,1) = 1, (0,3) = 1, (1,2) = 0 -> 128 - 1 = 127 (the wall does not count).
    const e1 = bouzyMap(pos, { dilations: 1, erosions: 1 });
    expect(e1[geo.pt(0, 1)]).toBe(0);
    expect(e1[geo.pt(0, 2)]).toBe(127);
    expect(e1[geo.pt(2, 2)]).toBe(-127);
  });

  it('removes dead stones before mapping', () => {
    const rows = [
      '.........',
      '.........',
      '..X......',
      '.........',
      '....O....',
      '.........',
      '......X..',
      '.........',
      '.........',
    ];
    const pos = positionFromRows(rows);
    const dead = [pos.geo.pt(4, 4)];
    const withDead = bouzyMap(pos, { preset: 'moyo', deadStones: dead });
    const removed = rows.map((r) => r.replace('O', '.'));
    expect([...withDead]).toEqual([...bouzyMap(positionFromRows(removed), { preset: 'moyo' })]);
    expect(withDead[pos.geo.pt(4, 4)]).toBeGreaterThan(0);
    expect(() => bouzyMap(pos, { deadStones: [pos.geo.pt(0, 0)] })).toThrow(/deadStones\[0\].*no stone/);
    expect(() => bouzyMap(pos, { deadStones: [0] })).toThrow(/deadStones\[0\].*not a point/);
  });

  it('owners follow the sign, WALL on the border', () => {
    const pos = positionFromRows(['X....', '.....', '.....', '.....', '....O']);
    const map = bouzyMap(pos, { preset: 'area' });
    const owners = bouzyOwners(pos.geo, map);
    expect(owners[pos.geo.pt(1, 0)]).toBe(BLACK);
    expect(owners[pos.geo.pt(3, 4)]).toBe(WHITE);
    // The anti-diagonal is equidistant: dilation never crosses it, so it stays neutral.
    for (let i = 0; i < 5; i++) {
      expect(map[pos.geo.pt(i, 4 - i)]).toBe(0);
      expect(owners[pos.geo.pt(i, 4 - i)]).toBe(EMPTY);
    }
    expect(owners[0]).toBe(WALL);
  });

  it('a reused mapper and caller-supplied output give the same map as a fresh call', () => {
    const pos = positionFromRows(['X...O', '.X.O.', '.....', '.O.X.', 'O...X']);
    const mapper = new BouzyMapper(pos.geo);
    const out = new Int32Array(pos.geo.arraySize).fill(99);
    for (const preset of ['territory', 'moyo', 'area'] as const) {
      const params = BOUZY_PRESETS[preset];
      expect(mapper.compute(pos.colors, params, undefined, out)).toBe(out);
      expect([...out]).toEqual([...bouzyMap(pos, { preset })]);
    }
  });

  it('rejects bad options with the field name', () => {
    const pos = positionFromRows(['.....', '.....', '.....', '.....', '.....']);
    expect(() => bouzyMap(pos, { dilations: -1 })).toThrow(/dilations/);
    expect(() => bouzyMap(pos, { erosions: 1.5 })).toThrow(/erosions/);
    expect(() => bouzyMap(pos, { preset: 'nope' as never })).toThrow(/preset/);
    expect(() => bouzyMap(pos, {}, new Int32Array(3))).toThrow(/out/);
  });
});
