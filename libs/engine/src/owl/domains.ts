import type { Board } from '../board/board';
import { EMPTY, WALL } from '../board/color';
import type { OwlViewParams } from './eyespace';

/** Enemy strings with at most this many liberties are weak: inside an eye space they are lunch. */
const WEAK_LIBERTIES = 2;

/**
 * A point on the owner's side: an empty point that no strong enemy string touches (with
 * `params.domains`, nor two adjoining points on the enemy's side: see OwlViewParams.domains), or a
 * stone of a weak enemy string. Pure.
 */
export function passable(board: Board, p: number, enemy: number, params?: OwlViewParams): boolean {
  const { colors } = board;
  const c = colors[p];
  if (c === enemy) return board.chainLiberties(p) <= WEAK_LIBERTIES;
  if (c !== EMPTY) return false;
  if (touchesStrong(board, p, enemy)) return false;
  return params?.domains !== true || !enemyDomain(board, p, enemy);
}

/** A strong enemy string touches the empty point p. */
function touchesStrong(board: Board, p: number, enemy: number): boolean {
  const { colors } = board;
  const adj = board.geo.adjacent;
  for (let k = 0; k < 4; k++) {
    const q = p + adj[k];
    if (colors[q] === enemy && board.chainLiberties(q) > WEAK_LIBERTIES) return true;
  }
  return false;
}

/** A point of the enemy's first ring (a strong enemy stone or an empty point it touches), off the first line. */
function enemyRing(board: Board, q: number, enemy: number): boolean {
  const { colors } = board;
  const adj = board.geo.adjacent;
  for (let k = 0; k < 4; k++) if (colors[q + adj[k]] === WALL) return false;
  if (colors[q] === enemy) return board.chainLiberties(q) > WEAK_LIBERTIES;
  return colors[q] === EMPTY && touchesStrong(board, q, enemy);
}

/**
 * Two adjoining points around p (one beside it, one diagonal to it) are on the enemy's first ring
 * and off the first line, and no owner stone stands on p's other side of the diagonal one.
 */
function enemyDomain(board: Board, p: number, enemy: number): boolean {
  const { colors } = board;
  const adj = board.geo.adjacent;
  const owner = 3 - enemy;
  for (let k = 0; k < 4; k++) {
    const a = p + adj[k];
    if (!enemyRing(board, a, enemy)) continue;
    // The two directions across k (adjacent holds left, right, up, down).
    const across = k < 2 ? [2, 3] : [0, 1];
    for (const j of across) {
      if (colors[p + adj[j]] === owner) continue;
      if (enemyRing(board, a + adj[j], enemy)) return true;
    }
  }
  return false;
}
