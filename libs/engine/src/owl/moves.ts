import { MoveFlag, type Board } from '../board/board';
import { EMPTY, opponent, type Player } from '../board/color';
import type { DragonView, OwlEyeSpace } from './eyespace';

/** Score of an eye space's vital point; one the other side also needs scores SHARED_VITAL with sharedFirst. */
const VITAL = 100;
const SHARED_VITAL = 110;
/** Score of the attacker's capture inside an eye space (below a vital point, above placements). */
const CAPTURE_INSIDE = 75;
/** The owner's score of an attacker's point in a space the reader settled (see settledAttack). */
const SETTLED_ATTACK = 60;

/** Candidate moves with scores; the best `width` legal ones are kept. */
class Candidates {
  private readonly score = new Map<number, number>();
  add(p: number, s: number): void {
    const old = this.score.get(p);
    if (old === undefined || s > old) this.score.set(p, s);
  }
  /** The best `width` moves for `player` that are legal and (unless `allowSelfAtari`) no self-atari. */
  best(board: Board, player: Player, width: number, allowSelfAtari: (p: number) => boolean): number[] {
    const list = [...this.score.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    const out: number[] = [];
    for (const [p] of list) {
      if (out.length >= width) break;
      const f = board.analyzeMove(p, player);
      if (f & MoveFlag.Illegal) continue;
      if (f & MoveFlag.SelfAtari && !(f & MoveFlag.Capturing) && !allowSelfAtari(p)) continue;
      out.push(p);
    }
    return out;
  }
}

function emptyNeighbours(board: Board, p: number): number {
  const adj = board.geo.adjacent;
  let n = 0;
  for (let k = 0; k < 4; k++) if (board.colors[p + adj[k]] === EMPTY) n++;
  return n;
}

/** Liberties of the string at p. */
export function libertiesOf(board: Board, p: number): number[] {
  const out = new Int32Array(board.chainLiberties(p) + 1);
  const n = board.chainLibertyPoints(p, out);
  return Array.from(out.subarray(0, n));
}

/**
 * The attacker's candidates against a dragon: vital points of unsettled eye spaces, points inside
 * eye spaces (placements, throw-ins), liberties of a short string of the dragon, the liberties that
 * lead outside (blocking), with `contain` also the points one beyond them (blocking from a
 * distance, as GNU Go's attack patterns do), captures inside eye spaces (even those worth no
 * eye), and saving its own lunch strings in atari (even by a self-atari: a sacrifice). Best
 * `width` first; with `sharedFirst` a vital point that is also the owner's goes before the others;
 * among vital points of equal score, the one with more neighbours in its space goes first.
 */
export function attackerMoves(
  board: Board,
  v: DragonView,
  attacker: Player,
  width: number,
  contain = false,
  sharedFirst = false,
): number[] {
  const c = new Candidates();
  const inEye = new Set<number>();
  for (const e of v.eyeSpaces) {
    for (const p of e.points) {
      inEye.add(p);
      // A capture inside an eye space, even one worth no eye (ld_owl 192's T19 in the corner),
      // goes before the placements.
      if (board.colors[p] === EMPTY && board.analyzeMove(p, attacker) & MoveFlag.Capturing)
        c.add(p, CAPTURE_INSIDE);
    }
    if (e.eyes.max === 0) continue;
    if (e.eyes.min < e.eyes.max)
      for (const p of e.eyes.attack) c.add(p, vitalScore(e, p, sharedFirst) + insideCount(board, e, p));
    for (const p of e.points) {
      if (board.colors[p] !== EMPTY) continue;
      c.add(p, 30 + 5 * insideCount(board, e, p));
    }
  }
  if (v.weakestLiberties <= 2) for (const l of libertiesOf(board, v.weakest)) c.add(l, 80);
  for (const l of v.outerLiberties) {
    c.add(l, 40 + 4 * emptyNeighbours(board, l));
    if (!contain) continue;
    for (let k = 0; k < 4; k++) {
      const q = l + board.geo.adjacent[k];
      if (board.colors[q] === EMPTY && !v.outerLiberties.includes(q))
        c.add(q, 25 + 3 * emptyNeighbours(board, q));
    }
  }
  // Saving a lunch in atari may be a self-atari: a sacrifice that makes the shape the owner
  // captures bigger, a dead shape or a false eye (ld_owl 104's T6), so it is not left out.
  const extend = new Set<number>();
  for (const s of v.lunches) {
    if (board.chainLiberties(s) !== 1) continue;
    for (const l of libertiesOf(board, s)) {
      c.add(l, 70);
      extend.add(l);
    }
  }
  return c.best(board, attacker, width, (p) => inEye.has(p) || extend.has(p));
}

/**
 * The owner's candidates: vital points of unsettled eye spaces, capturing or atari on lunches,
 * saving a string of the dragon in atari, the liberties leading outside and the points beyond them
 * (more eye space, running). Best `width` first; self-ataris are left out. With `sharedFirst` a
 * vital point that is also the attacker's goes before the others; with `settledAttack` the
 * attacker's points the reader names in spaces whose range it settled (min = max >= 1) are taken
 * too (OwlParams.settledAttackPoints).
 */
export function defenderMoves(
  board: Board,
  v: DragonView,
  owner: Player,
  width: number,
  sharedFirst = false,
  settledAttack = false,
): number[] {
  const c = new Candidates();
  const adj = board.geo.adjacent;
  for (const e of v.eyeSpaces) {
    if (e.eyes.min < e.eyes.max) for (const p of e.eyes.defense) c.add(p, vitalScore(e, p, sharedFirst));
    else if (settledAttack && e.eyes.max > 0) for (const p of e.eyes.attack) c.add(p, SETTLED_ATTACK);
  }
  for (const s of v.lunches) {
    const n = board.chainLiberties(s);
    for (const l of libertiesOf(board, s)) c.add(l, n === 1 ? 90 : 50);
  }
  if (v.weakestLiberties === 1) for (const l of libertiesOf(board, v.weakest)) c.add(l, 95);
  for (const l of v.outerLiberties) {
    c.add(l, 40 + 4 * emptyNeighbours(board, l));
    for (let k = 0; k < 4; k++) {
      const q = l + adj[k];
      if (board.colors[q] === EMPTY && !v.outerLiberties.includes(q))
        c.add(q, 20 + 3 * emptyNeighbours(board, q));
    }
  }
  return c.best(board, owner, width, () => false);
}

/** A vital point's score: SHARED_VITAL when `sharedFirst` and both sides' lists of the space hold it. */
function vitalScore(e: OwlEyeSpace, p: number, sharedFirst: boolean): number {
  return sharedFirst && e.eyes.attack.includes(p) && e.eyes.defense.includes(p) ? SHARED_VITAL : VITAL;
}

/**
 * The attacker's moves against a dragon the static view calls alive whose eyes may hang on a short
 * string (see OwlParams.weakAliveDepth): the legal liberties of its strings of two liberties or
 * fewer, and its outer liberties where it has at most `outer` (OwlParams.weakAliveOuter).
 */
export function weakLiberties(board: Board, v: DragonView, attacker: Player, outer = 0): number[] {
  const out: number[] = [];
  addShortLiberties(board, v.strings, attacker, out);
  if (v.outerLiberties.length <= outer) addLegal(board, v.outerLiberties, attacker, out);
  return out;
}

/**
 * Adds to the attacker's `moves` the liberties of the owner's stones played on this line (`line`)
 * that stand outside the dragon's view in strings of two liberties or fewer (see
 * OwlParams.newStoneLiberties).
 */
export function addNewStoneLiberties(
  board: Board,
  v: DragonView,
  line: readonly number[],
  owner: Player,
  moves: number[],
): void {
  if (line.length === 0) return;
  const own = new Set(v.strings.map((s) => board.chainHead(s)));
  const outside = line.filter((m) => board.colors[m] === owner && !own.has(board.chainHead(m)));
  addShortLiberties(board, outside, opponent(owner), moves);
}

/**
 * Adds to `moves` the liberties of the strings at `stones` (each string once) that have two
 * liberties or fewer, where legal for `attacker` and not yet listed.
 */
function addShortLiberties(board: Board, stones: readonly number[], attacker: Player, moves: number[]): void {
  const seen = new Set<number>();
  for (const s of stones) {
    const head = board.chainHead(s);
    if (seen.has(head) || board.chainLiberties(s) > 2) continue;
    seen.add(head);
    addLegal(board, libertiesOf(board, s), attacker, moves);
  }
}

/** Adds to `moves` each of `points` that is legal for `player` and not yet listed, in order. */
export function addLegal(board: Board, points: readonly number[], player: Player, moves: number[]): void {
  for (const p of points) if (!moves.includes(p) && board.isLegal(p, player)) moves.push(p);
}

/**
 * Neighbours of p inside eye space e: the attacker's placement score inside the space grows with
 * it, and it is added to the score of a vital point, so among the reader's points the one deeper
 * inside the space goes first (a placement in its middle before one at its mouth; ld_owl 86 -> 87,
 * 8 gained; owl 141 -> 142, 18 gained; none lost).
 */
function insideCount(board: Board, e: OwlEyeSpace, p: number): number {
  let inside = 0;
  for (let k = 0; k < 4; k++) if (e.points.includes(p + board.geo.adjacent[k])) inside++;
  return inside;
}
