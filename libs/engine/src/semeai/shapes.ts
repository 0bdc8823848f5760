import type { Board } from '../board/board';
import { EMPTY, WALL } from '../board/color';
import type { DragonView } from '../owl/eyespace';

/**
 * True when `points` are four empty points bent around a corner of the board: the corner point, the
 * two next to it along one edge and the one next to it along the other (the bent four in the
 * corner). Its owner can only fight a ko for it that the other side starts when it likes, after
 * filling the owner's outside liberties: dead, as GNU Go and the Japanese rules count it.
 */
export function isBentFourInCorner(board: Board, points: readonly number[]): boolean {
  if (points.length !== 4) return false;
  const { colors } = board;
  const adj = board.geo.adjacent;
  for (const p of points) if (colors[p] !== EMPTY) return false;
  const set = new Set(points);
  for (const c of points) {
    const open: number[] = [];
    for (let k = 0; k < 4; k++) if (colors[c + adj[k]] !== WALL) open.push(adj[k]);
    if (open.length !== 2) continue;
    const [d, e] = open;
    const long = (a: number, b: number) => set.has(c + a) && set.has(c + 2 * a) && set.has(c + b);
    return long(d, e) || long(e, d);
  }
  return false;
}

/** The eyes `view` is sure of when the other side moves first, a bent four in the corner counted as one. */
export function sureEyes(board: Board, view: DragonView): number {
  let eyes = 0;
  for (const e of view.eyeSpaces) {
    eyes += isBentFourInCorner(board, e.points) ? Math.min(1, e.eyes.min) : e.eyes.min;
  }
  return eyes;
}
