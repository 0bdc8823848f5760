export { seededRandom } from '../../../src/board/random';
/** Seeded random eye graphs for the live differential test and the bench. */

const EDGES = ['', 'top', 'bottom', 'left', 'right', 'bottom-left', 'bottom-right', 'top-right'] as const;

/** How often a cell is a marginal point, an attacker stone, or a marginal attacker stone. */
export interface EyeGraphMarkRates {
  margin: number;
  stone: number;
  marginStone: number;
}

const DEFAULT_RATES: EyeGraphMarkRates = { margin: 0.15, stone: 0.1, marginStone: 0.03 };

/**
 * A connected shape of `points` cells with some marginal points and attacker stones, possibly
 * against an edge (never the top-left corner, where GNU Go 3.8 aborts).
 */
export function randomEyeGraph(
  random: () => number,
  points: number,
  rates: EyeGraphMarkRates = DEFAULT_RATES,
): string {
  const cells: [number, number][] = [[0, 0]];
  const have = new Set(['0,0']);
  while (cells.length < points) {
    const [r, c] = cells[Math.floor(random() * cells.length)];
    const [dr, dc] = [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ][Math.floor(random() * 4)];
    const key = `${r + dr},${c + dc}`;
    if (have.has(key)) continue;
    have.add(key);
    cells.push([r + dr, c + dc]);
  }
  const r0 = Math.min(...cells.map((c) => c[0]));
  const c0 = Math.min(...cells.map((c) => c[1]));
  const h = Math.max(...cells.map((c) => c[0])) - r0 + 1;
  const w = Math.max(...cells.map((c) => c[1])) - c0 + 1;
  const grid = Array.from({ length: h }, () => Array<string>(w).fill('O'));
  for (const [r, c] of cells) {
    const x = random();
    const { margin, stone, marginStone } = rates;
    grid[r - r0][c - c0] =
      x < margin ? '!' : x < margin + stone ? 'X' : x < margin + stone + marginStone ? '$' : '.';
  }
  let rows = grid.map((row) => row.join(''));
  const edge = EDGES[Math.floor(random() * EDGES.length)];
  if (edge.includes('left')) rows = rows.map((r) => '|' + r);
  if (edge.includes('right')) rows = rows.map((r) => r + '|');
  const line = (edge.includes('left') ? '+' : '') + '-'.repeat(w) + (edge.includes('right') ? '+' : '');
  if (edge.startsWith('top')) rows = [line, ...rows];
  if (edge.startsWith('bottom')) rows = [...rows, line];
  return rows.join('%');
}

/**
 * The live differential test's draw: a shape of 1 to 10 points, with fewer marginal points on
 * bigger shapes (or most could not be realised). scripts/eyegraph-sweep.ts draws the same.
 */
export function randomLiveShape(random: () => number): string {
  const points = 1 + Math.floor(random() * 10);
  return randomEyeGraph(random, points, {
    margin: Math.min(0.15, 1.2 / points),
    stone: 0.1,
    marginStone: 0.03,
  });
}
