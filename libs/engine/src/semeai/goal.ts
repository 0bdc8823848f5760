import type { Board } from '../board/board';
import { EMPTY, WALL, type Player } from '../board/color';

/**
 * One side of a capturing race: the strings that fight it. Built from the named string outwards
 * over solid links only (see {@link raceGoal}), so a dragon that the amalgamation joined loosely to
 * distant groups races with the stones that are really attached to the named one.
 */
export interface RaceGoal {
  readonly owner: Player;
  /** A stone of the named string: the side is captured when it is. */
  readonly key: number;
  /** Every stone of the goal at the start (stones captured later are simply gone). */
  readonly stones: readonly number[];
}

/** The liberties of the string at p. */
export function stringLiberties(board: Board, p: number, out: Int32Array): number[] {
  const n = board.chainLibertyPoints(p, out);
  return Array.from(out.subarray(0, n));
}

/**
 * True when two strings of `owner` that meet diagonally at a and b cannot be cut: neither of the
 * two points beside the diagonal holds an enemy stone (if one did, the other would be a cut).
 */
function diagonalLink(board: Board, a: number, b: number, owner: Player): boolean {
  const w = board.geo.stride;
  const ax = a % w;
  const bx = b % w;
  const c1 = a - ax + bx; // same row as a, column of b
  const c2 = b - bx + ax; // same row as b, column of a
  const enemy = 3 - owner;
  return board.colors[c1] !== enemy && board.colors[c2] !== enemy;
}

/**
 * An empty point every neighbour of which is the owner's stone or the edge: a one-point eye that
 * holds the strings around it together.
 */
function eyePoint(board: Board, p: number, owner: Player): boolean {
  if (board.colors[p] !== EMPTY) return false;
  const adj = board.geo.adjacent;
  for (let k = 0; k < 4; k++) {
    const c = board.colors[p + adj[k]];
    if (c !== owner && c !== WALL) return false;
  }
  return true;
}

/**
 * The race goal of the string at `key`: strings of its colour reached from it over links that the
 * opponent cannot break with one move: two shared liberties, a shared one-point eye, or a diagonal
 * with no enemy stone beside it. `limit` (the dragon's stones, when given) bounds the search to the
 * dragon the caller named.
 */
export function raceGoal(board: Board, key: number, limit?: ReadonlySet<number>): RaceGoal {
  const owner = board.colors[key] as Player;
  const adj = board.geo.adjacent;
  const diag = board.geo.diagonal;
  const heads = new Set<number>([board.chainHead(key)]);
  const queue = [key];
  const stoneBuf = new Int32Array(board.geo.arraySize);
  const libBuf = new Int32Array(board.geo.arraySize);
  const stones: number[] = [];
  while (queue.length > 0) {
    const s = queue.pop()!;
    const n = board.chainStones(s, stoneBuf);
    const own = Array.from(stoneBuf.subarray(0, n));
    stones.push(...own);
    const libs = new Set(stringLiberties(board, s, libBuf));
    const candidates = new Map<number, number>();
    const consider = (q: number, link: boolean) => {
      if (board.colors[q] !== owner) return;
      const h = board.chainHead(q);
      if (heads.has(h) || (limit && !limit.has(q))) return;
      if (link) candidates.set(h, q);
    };
    for (const p of own) {
      for (let k = 0; k < 4; k++) {
        const q = p + diag[k];
        if (board.colors[q] === owner) consider(q, diagonalLink(board, p, q, owner));
      }
    }
    // Strings sharing two liberties or a one-point eye with this one.
    const shared = new Map<number, number>();
    for (const l of libs) {
      for (let k = 0; k < 4; k++) {
        const q = l + adj[k];
        if (board.colors[q] !== owner) continue;
        const h = board.chainHead(q);
        if (heads.has(h)) continue;
        const count = (shared.get(h) ?? 0) + (eyePoint(board, l, owner) ? 2 : 1);
        shared.set(h, count);
        if (count >= 2) consider(q, true);
      }
    }
    for (const [h, q] of candidates) {
      if (heads.has(h)) continue;
      heads.add(h);
      queue.push(q);
    }
  }
  return { owner, key, stones };
}

/** True when the goal's key string has been captured. */
export function goalCaptured(board: Board, goal: RaceGoal): boolean {
  return board.colors[goal.key] !== goal.owner;
}

/**
 * One stone per string of the goal now on the board (strings merged by later moves count once),
 * written into `out`; returns how many.
 */
export function goalStrings(board: Board, goal: RaceGoal, out: number[]): number {
  out.length = 0;
  const seen: number[] = [];
  for (const p of goal.stones) {
    if (board.colors[p] !== goal.owner) continue;
    const h = board.chainHead(p);
    if (seen.includes(h)) continue;
    seen.push(h);
    out.push(p);
  }
  return out.length;
}

/** True when the empty point p is a liberty of one of the goal's strings. */
export function libertyOfGoal(board: Board, goal: RaceGoal, p: number): boolean {
  const adj = board.geo.adjacent;
  for (let k = 0; k < 4; k++) {
    const q = p + adj[k];
    if (board.colors[q] === goal.owner && goal.stones.includes(q)) return true;
  }
  return false;
}
