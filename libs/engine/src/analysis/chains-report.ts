import type { Board } from '../board/board';
import { BLACK, EMPTY, WHITE } from '../board/color';
import { formatGtpVertex } from '../board/coords';
import type { Geometry } from '../board/geometry';

/** One chain in the `board` analysis result. */
export interface ChainInfo {
  color: 'B' | 'W';
  /** GTP vertices of the stones, in row-major order. */
  stones: string[];
  liberties: number;
  /** GTP vertices of the liberties, in row-major order. */
  libertyPoints: string[];
}

/** The stones, per-point liberties and chains of a board, as the `board` analysis reports them. */
export interface ChainsReport {
  /** Row-major from the top-left: 1 Black stone, -1 White stone, 0 empty. */
  stones: number[];
  /** Liberties of the chain at each stone (row-major), 0 on empty points. */
  liberties: number[];
  /** Each chain once, at its first stone in row-major order. */
  chains: ChainInfo[];
}

const vertexNames = new WeakMap<Geometry, string[]>();

/** GTP names of a geometry's points, indexed by point (empty strings off the board). */
function namesOf(geo: Geometry): string[] {
  let names = vertexNames.get(geo);
  if (!names) {
    names = new Array<string>(geo.arraySize).fill('');
    for (const p of geo.points) names[p] = formatGtpVertex(p, geo);
    vertexNames.set(geo, names);
  }
  return names;
}

/**
 * The chain part of the `board` analysis: every point's colour and chain liberties, and each
 * chain with its stones and liberty points (GTP vertices, row-major). The `board` analysis and
 * the stored compact form of its result (libs/persistence, board-result.ts: rebuilt from the
 * stones with `Board.fromRows`) both report through this one function.
 */
export function chainsReport(board: Board): ChainsReport {
  const geo = board.geo;
  const names = namesOf(geo);
  const stones: number[] = [];
  const liberties: number[] = [];
  const chains: ChainInfo[] = [];
  const buf = new Int32Array(geo.points.length);
  // Chains already reported, by head. Points run in row-major order, which is also the order of
  // their indices, so a chain is met first at its first stone and a sort of indices is row-major.
  const reported = new Uint8Array(geo.arraySize);
  for (const p of geo.points) {
    const c = board.colors[p];
    stones.push(c === BLACK ? 1 : c === WHITE ? -1 : 0);
    liberties.push(c === EMPTY ? 0 : board.chainLiberties(p));
    if (c === EMPTY) continue;
    const head = board.chainHead(p);
    if (reported[head] === 1) continue;
    reported[head] = 1;
    const chainStones = vertices(buf, board.chainStones(p, buf), names);
    const m = board.chainLibertyPoints(p, buf);
    chains.push({
      color: c === BLACK ? 'B' : 'W',
      stones: chainStones,
      liberties: m,
      libertyPoints: vertices(buf, m, names),
    });
  }
  return { stones, liberties, chains };
}

/** The names of the first `n` points of `buf`, in row-major order (sorts them in place). */
function vertices(buf: Int32Array, n: number, names: string[]): string[] {
  const points = buf.subarray(0, n).sort();
  const out = new Array<string>(n);
  for (let i = 0; i < n; i++) out[i] = names[points[i]];
  return out;
}
