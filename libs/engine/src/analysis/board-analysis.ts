import { BLACK, EMPTY, WHITE } from '../board/color';
import { formatGtpVertex } from '../board/coords';
import type { AnalysisDefinition, PointGrid } from './types';

/** One chain in the `board` analysis result. */
export interface ChainInfo {
  color: 'B' | 'W';
  /** GTP vertices of the stones, in row-major order. */
  stones: string[];
  liberties: number;
  /** GTP vertices of the liberties, in row-major order. */
  libertyPoints: string[];
}

/** Result of the `board` analysis. */
export interface BoardAnalysisResult {
  /** Row-major from the top-left: 1 Black stone, -1 White stone, 0 empty. */
  stones: number[];
  /** Liberties of the chain at each stone (row-major), 0 on empty points. */
  liberties: number[];
  chains: ChainInfo[];
  captures: { black: number; white: number };
  /** The simple-ko point forbidden to the player to move, or null. */
  ko: string | null;
  toPlay: 'B' | 'W';
}

/** The `board` analysis: stones, chains with their liberties, captures and ko. */
export const boardAnalysis: AnalysisDefinition<BoardAnalysisResult> = {
  name: 'board',
  description: 'stones (+1 Black, -1 White), chains with liberties, captures, ko point; no options',
  run(position) {
    const { board, toPlay } = position;
    const geo = board.geo;
    const stones: number[] = [];
    const liberties: number[] = [];
    const chains: ChainInfo[] = [];
    const stoneBuf = new Int32Array(geo.points.length);
    const libBuf = new Int32Array(geo.points.length);
    const byIndex = (a: number, b: number) => geo.index(a) - geo.index(b);
    for (const p of geo.points) {
      const c = board.colors[p];
      stones.push(c === BLACK ? 1 : c === WHITE ? -1 : 0);
      liberties.push(c === EMPTY ? 0 : board.chainLiberties(p));
      if (c === EMPTY) continue;
      const n = board.chainStones(p, stoneBuf);
      // Report each chain once, at its first stone in row-major order.
      let first = p;
      for (let i = 0; i < n; i++) if (geo.index(stoneBuf[i]) < geo.index(first)) first = stoneBuf[i];
      if (first !== p) continue;
      const m = board.chainLibertyPoints(p, libBuf);
      chains.push({
        color: c === BLACK ? 'B' : 'W',
        stones: Array.from(stoneBuf.subarray(0, n))
          .sort(byIndex)
          .map((q) => formatGtpVertex(q, geo)),
        liberties: m,
        libertyPoints: Array.from(libBuf.subarray(0, m))
          .sort(byIndex)
          .map((q) => formatGtpVertex(q, geo)),
      });
    }
    const ko = board.koPointFor(toPlay);
    return {
      stones,
      liberties,
      chains,
      captures: { black: board.captures[BLACK], white: board.captures[WHITE] },
      ko: ko === 0 ? null : formatGtpVertex(ko, geo),
      toPlay: toPlay === BLACK ? 'B' : 'W',
    };
  },
  grid(result): PointGrid {
    return result.liberties.map((l, i) => (result.stones[i] === 0 ? null : l));
  },
};
