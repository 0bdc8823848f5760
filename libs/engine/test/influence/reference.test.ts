import { describe, expect, it } from 'vitest';
import { bouzyMap, freihofnerMap, type ColorPosition } from '../../src/influence';
import { positionFromRows } from './rows';
import { seededRandom as mulberry32 } from '../../src/board/random';

/**
 * Differential tests: the fast typed-array maps against slow, literal transcriptions of the rules
 * (seed 000 for Bouzy; the formula of specs/freihofner-influence.md for Freihofner) on seeded random
 * positions, edges and corners included.
 */

function randomRows(size: number, seed: number, density: number): string[] {
  const rnd = mulberry32(seed);
  return Array.from({ length: size }, () =>
    Array.from({ length: size }, () => {
      const r = rnd();
      return r < density / 2 ? 'X' : r < density ? 'O' : '.';
    }).join(''),
  );
}

const STEPS = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
] as const;

/** Seed 000 read literally, on a 2D array with explicit bounds checks. */
function bouzyReference(rows: string[], dilations: number, erosions: number): number[][] {
  const n = rows.length;
  let m: number[][] = rows.map((r) => [...r].map((c) => (c === 'X' ? 128 : c === 'O' ? -128 : 0)));
  const neighbours = (x: number, y: number, grid: number[][]) =>
    STEPS.map(([dx, dy]) => [x + dx, y + dy])
      .filter(([a, b]) => a >= 0 && b >= 0 && a < n && b < n)
      .map(([a, b]) => grid[b][a]);
  for (let k = 0; k < dilations; k++) {
    m = m.map((row, y) =>
      row.map((v, x) => {
        const nb = neighbours(x, y, m);
        let w = v;
        if (v >= 0 && !nb.some((q) => q < 0)) w += nb.filter((q) => q > 0).length;
        if (v <= 0 && !nb.some((q) => q > 0)) w -= nb.filter((q) => q < 0).length;
        return w;
      }),
    );
  }
  for (let k = 0; k < erosions; k++) {
    m = m.map((row, y) =>
      row.map((v, x) => {
        const nb = neighbours(x, y, m);
        if (v > 0) return Math.max(0, v - nb.filter((q) => q <= 0).length);
        if (v < 0) return Math.min(0, v + nb.filter((q) => q >= 0).length);
        return 0;
      }),
    );
  }
  return m;
}

/** The spec's formula read literally: d0 by BFS, dE as an explicit minimum over edge points. */
function freihofnerReference(rows: string[]): number[][] {
  const n = rows.length;
  const empty = (x: number, y: number) => rows[y][x] === '.';
  // Distances from (sx, sy) through empty points (the source itself may be a stone).
  const bfs = (sx: number, sy: number): number[][] => {
    const d = rows.map(() => new Array<number>(n).fill(Infinity));
    d[sy][sx] = 0;
    const queue: [number, number][] = [[sx, sy]];
    for (let i = 0; i < queue.length; i++) {
      const [x, y] = queue[i];
      for (const [dx, dy] of STEPS) {
        const a = x + dx;
        const b = y + dy;
        if (a >= 0 && b >= 0 && a < n && b < n && empty(a, b) && d[b][a] === Infinity) {
          d[b][a] = d[y][x] + 1;
          queue.push([a, b]);
        }
      }
    }
    return d;
  };
  const edges: [number, number][][] = [[], [], [], []]; // left, right, top, bottom
  for (let i = 0; i < n; i++) {
    edges[0].push([0, i]);
    edges[1].push([n - 1, i]);
    edges[2].push([i, 0]);
    edges[3].push([i, n - 1]);
  }
  const fromEdge = new Map<string, number[][]>();
  for (const edge of edges) for (const [x, y] of edge) if (empty(x, y)) fromEdge.set(`${x},${y}`, bfs(x, y));
  const f = (d: number) => Math.max(0, 9 - d);
  const out = rows.map(() => new Array<number>(n).fill(0));
  for (let sy = 0; sy < n; sy++) {
    for (let sx = 0; sx < n; sx++) {
      const c = rows[sy][sx];
      if (c === '.') continue;
      const sign = c === 'X' ? 1 : -1;
      const d0 = bfs(sx, sy);
      for (let py = 0; py < n; py++) {
        for (let px = 0; px < n; px++) {
          if (!empty(px, py)) continue;
          let total = f(d0[py][px]);
          for (const edge of edges) {
            let best = Infinity;
            for (const [ex, ey] of edge) {
              const de = fromEdge.get(`${ex},${ey}`);
              if (de) best = Math.min(best, d0[ey][ex] + 1 + de[py][px]);
            }
            total += f(best);
          }
          out[py][px] += sign * total;
        }
      }
    }
  }
  return out;
}

function toGrid(pos: ColorPosition, map: Int32Array): number[][] {
  const n = pos.geo.size;
  return Array.from({ length: n }, (_, y) => Array.from({ length: n }, (_, x) => map[pos.geo.pt(x, y)]));
}

describe('influence maps against literal reference implementations', () => {
  const cases = [
    { size: 5, seed: 1, density: 0.3 },
    { size: 9, seed: 2, density: 0.2 },
    { size: 9, seed: 3, density: 0.5 },
    { size: 13, seed: 4, density: 0.15 },
    { size: 19, seed: 5, density: 0.1 },
    { size: 19, seed: 6, density: 0.35 },
  ];

  it.each(cases)('Bouzy, $size x $size, seed $seed', ({ size, seed, density }) => {
    const rows = randomRows(size, seed, density);
    const pos = positionFromRows(rows);
    for (const [dil, ero] of [
      [5, 21],
      [5, 10],
      [4, 0],
      [2, 3],
      [0, 4],
    ]) {
      expect(toGrid(pos, bouzyMap(pos, { dilations: dil, erosions: ero }))).toEqual(
        bouzyReference(rows, dil, ero),
      );
    }
  });

  it.each(cases)('Freihofner, $size x $size, seed $seed', ({ size, seed, density }) => {
    const rows = randomRows(size, seed, density);
    const pos = positionFromRows(rows);
    expect(toGrid(pos, freihofnerMap(pos))).toEqual(freihofnerReference(rows));
  });
});
