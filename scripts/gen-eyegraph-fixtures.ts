/**
 * Regenerates libs/engine/test/eyes/fixtures/gnugo-eyegraphs.json: eye graphs and GNU Go 3.8's exact
 * `analyze_eyegraph` answers for them. Run: `nice npx tsx scripts/gen-eyegraph-fixtures.ts`.
 *
 * The shapes are enumerated deterministically (seeded): every fixed polyomino of 1 to 5 points, one
 * orientation of each 6-point one, random connected shapes of 7 to 10 points, and variants with
 * marginal points, attacker stones (`X`, `$`), and shapes against an edge or in a corner.
 */
import { writeFileSync } from 'node:fs';
import * as prettier from 'prettier';
import { resolve } from 'node:path';
import { GnuGoGtp, gnugoAvailable, GNUGO_PATH } from '../libs/engine/test/eyes/support/gnugo';
import { seededRandom as rng } from '../libs/engine/src/board/random';

type Cell = [number, number];
const OUT = resolve(__dirname, '../libs/engine/test/eyes/fixtures/gnugo-eyegraphs.json');

const random = rng(20031003);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];

function normalise(cells: Cell[]): Cell[] {
  const r0 = Math.min(...cells.map((c) => c[0]));
  const c0 = Math.min(...cells.map((c) => c[1]));
  return cells.map(([r, c]) => [r - r0, c - c0] as Cell).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}
const keyOf = (cells: Cell[]) =>
  normalise(cells)
    .map((c) => c.join(','))
    .join(';');

/** All fixed polyominoes of n cells (translation-distinct). */
function fixedPolyominoes(n: number): Cell[][] {
  let level = new Map<string, Cell[]>([['0,0', [[0, 0]]]]);
  for (let size = 2; size <= n; size++) {
    const next = new Map<string, Cell[]>();
    for (const shape of level.values()) {
      const have = new Set(shape.map((c) => c.join(',')));
      for (const [r, c] of shape) {
        for (const [dr, dc] of [
          [1, 0],
          [-1, 0],
          [0, 1],
          [0, -1],
        ]) {
          const cell: Cell = [r + dr, c + dc];
          if (have.has(cell.join(','))) continue;
          const grown = normalise([...shape, cell]);
          next.set(keyOf(grown), grown);
        }
      }
    }
    level = next;
  }
  return [...level.values()];
}

/** Free polyominoes (rotation/reflection classes), one random orientation each. */
function freePolyominoes(n: number): Cell[][] {
  const seen = new Set<string>();
  const out: Cell[][] = [];
  for (const shape of fixedPolyominoes(n)) {
    const variants: Cell[][] = [];
    let s = shape;
    for (let rot = 0; rot < 4; rot++) {
      s = normalise(s.map(([r, c]) => [c, -r] as Cell));
      variants.push(s, normalise(s.map(([r, c]) => [r, -c] as Cell)));
    }
    const canon = variants.map(keyOf).sort()[0];
    if (seen.has(canon)) continue;
    seen.add(canon);
    out.push(pick(variants));
  }
  return out;
}

function randomShape(n: number): Cell[] {
  const cells: Cell[] = [[0, 0]];
  const have = new Set(['0,0']);
  while (cells.length < n) {
    const [r, c] = pick(cells);
    const [dr, dc] = pick([
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ]);
    const k = `${r + dr},${c + dc}`;
    if (have.has(k)) continue;
    have.add(k);
    cells.push([r + dr, c + dc]);
  }
  return normalise(cells);
}

/** Rows of a shape with per-cell characters (blank = 'O'). */
function rowsOf(cells: Cell[], chars: string[]): string[] {
  const h = Math.max(...cells.map((c) => c[0])) + 1;
  const w = Math.max(...cells.map((c) => c[1])) + 1;
  const grid = Array.from({ length: h }, () => Array<string>(w).fill('O'));
  cells.forEach(([r, c], i) => (grid[r][c] = chars[i]));
  return grid.map((row) => row.join('').replace(/O+$/, ''));
}

type Edge = 'top' | 'bottom' | 'left' | 'right' | 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';
function withEdge(rows: string[], edge: Edge): string[] {
  const w = Math.max(...rows.map((r) => r.length));
  let out = rows;
  if (edge.includes('left')) out = out.map((r) => '|' + r);
  if (edge.includes('right')) out = out.map((r) => r.padEnd(w, 'O') + '|');
  const line = (left: boolean, right: boolean) => (left ? '+' : '') + '-'.repeat(w) + (right ? '+' : '');
  if (edge.startsWith('top')) out = [line(edge.includes('left'), edge.includes('right')), ...out];
  if (edge.startsWith('bottom')) out = [...out, line(edge.includes('left'), edge.includes('right'))];
  return out;
}

function variant(
  cells: Cell[],
  marks: { margins?: number; stones?: number; marginStones?: number },
): string[] {
  const chars = cells.map(() => '.');
  const free = cells.map((_, i) => i);
  const take = (count: number, ch: string) => {
    for (let k = 0; k < count && free.length > 0; k++) {
      const i = free.splice(Math.floor(random() * free.length), 1)[0];
      chars[i] = ch;
    }
  };
  take(marks.margins ?? 0, '!');
  take(marks.stones ?? 0, 'X');
  take(marks.marginStones ?? 0, '$');
  return rowsOf(cells, chars);
}

function buildGraphs(): string[] {
  const graphs: string[] = [];
  const add = (rows: string[]) => graphs.push(rows.join('%'));
  // Classics: the seed's example, straight and bent shapes, bent four in the corner, a ko shape.
  add(['OO!', 'O.X', '!...']);
  add(['+---', '|..', '|.', '|.']);
  add(['+----', '|...', '|.']);
  add(['-----', '.X.!', 'O.']);
  add(['|...', '|.X.', '|..', '+---']);
  for (let n = 1; n <= 5; n++)
    for (const s of fixedPolyominoes(n))
      add(
        rowsOf(
          s,
          s.map(() => '.'),
        ),
      );
  const six = freePolyominoes(6);
  for (const s of six)
    add(
      rowsOf(
        s,
        s.map(() => '.'),
      ),
    );
  for (let k = 0; k < 40; k++) add(variant(randomShape(7 + (k % 4)), {}));
  const sized = (lo: number, hi: number) => randomShape(lo + Math.floor(random() * (hi - lo + 1)));
  for (let k = 0; k < 110; k++) add(variant(sized(2, 8), { margins: 1 + (k % 3 === 0 ? 1 : 0) }));
  for (let k = 0; k < 70; k++)
    add(variant(sized(3, 9), { stones: 1 + (k % 4 === 0 ? 1 : 0), margins: k % 3 }));
  for (let k = 0; k < 25; k++) add(variant(sized(3, 8), { marginStones: 1, margins: k % 2 }));
  const edges: Edge[] = [
    'top',
    'bottom',
    'left',
    'right',
    'top-left',
    'top-right',
    'bottom-left',
    'bottom-right',
  ];
  for (let k = 0; k < 100; k++) {
    add(
      withEdge(
        variant(sized(2, 7), { margins: k % 3 === 2 ? 1 : 0, stones: k % 5 === 4 ? 1 : 0 }),
        edges[k % 8],
      ),
    );
  }
  return [...new Set(graphs)];
}

/** Inputs GNU Go does not reject (we do); recorded to document its behaviour. */
const JUNK = ['abc', '...%%...', '.O.', '17', '.,.'];

async function main(): Promise<void> {
  if (!gnugoAvailable()) {
    console.error(`gen-eyegraph-fixtures: ${GNUGO_PATH} not found (apt-get install gnugo)`);
    process.exit(2);
  }
  let gtp = new GnuGoGtp();
  const version = (await gtp.command('version')).replace(/^= /, '');
  const graphs = buildGraphs();
  const shapes: { graph: string; answer: string }[] = [];
  const started = Date.now();
  // GNU Go 3.8 aborts on some graphs (e.g. top-left corners, where its extra eye sits): keep those apart.
  const crashes: string[] = [];
  for (const graph of graphs) {
    try {
      shapes.push({ graph, answer: await gtp.command(`analyze_eyegraph ${graph}`) });
    } catch {
      crashes.push(graph);
      gtp = new GnuGoGtp();
    }
  }
  const junk: { graph: string; answer: string }[] = [];
  for (const graph of JUNK) junk.push({ graph, answer: await gtp.command(`analyze_eyegraph ${graph}`) });
  await gtp.close();
  const failed = shapes.filter((s) => s.answer.startsWith('?')).length;
  const json = JSON.stringify(
    {
      about:
        'GNU Go analyze_eyegraph answers (regenerate: nice npx tsx scripts/gen-eyegraph-fixtures.ts). ' +
        '`answer` is the GTP answer without the final blank line.',
      gnugo: `GNU Go ${version}`,
      shapes,
      crashesGnuGo: crashes,
      junkAcceptedByGnuGo: junk,
    },
    null,
    2,
  );
  // Formatted as the repository formats it, so a regeneration only shows real changes.
  const options = (await prettier.resolveConfig(OUT)) ?? {};
  writeFileSync(OUT, await prettier.format(json, { ...options, filepath: OUT }));
  console.log(
    `${shapes.length} shapes (${failed} failed to analyze, ${crashes.length} crashed gnugo) in ${((Date.now() - started) / 1000).toFixed(1)} s -> ${OUT}`,
  );
}

void main();
