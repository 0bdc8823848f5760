import { MoveFlag, type Board } from '../board/board';
import { EMPTY, type Player } from '../board/color';
import type { DragonView } from '../owl/eyespace';
import { goalStrings, stringLiberties, type RaceGoal } from './goal';

/** The count's verdict for the side to move. */
export const RaceCount = { Unknown: -1, MoverWins: 0, OtherWins: 1, Seki: 2 } as const;
export type RaceCount = (typeof RaceCount)[keyof typeof RaceCount];

/** Liberties an eye of n empty points gives in a race (the opponent fills it by playing inside). */
function eyeLiberties(n: number): number {
  return n <= 3 ? n : n === 4 ? 5 : n === 5 ? 8 : 12;
}

/** Enemy strings inside an eye with at most this many liberties make the count read the race. */
const INSIDE_READ = 2;

/** One side's numbers: the race string, its outside liberties and eye liberties. */
interface SideCount {
  string: number;
  outside: number;
  eye: number;
  hasEye: boolean;
}

/** The weakest string of `goal` that touches or shares a liberty with `other`'s strings. */
function raceString(
  board: Board,
  key: number,
  mine: readonly number[],
  theirs: readonly number[],
  buf: Int32Array,
): number {
  const theirLibs = new Set<number>();
  const theirHeads = new Set<number>();
  for (const s of theirs) {
    theirHeads.add(board.chainHead(s));
    for (const l of stringLiberties(board, s, buf)) theirLibs.add(l);
  }
  const adj = board.geo.adjacent;
  let best = 0;
  let bestLibs = 1 << 30;
  for (const s of mine) {
    let contact = false;
    for (const l of stringLiberties(board, s, buf)) if (theirLibs.has(l)) contact = true;
    if (!contact) {
      const n = board.chainStones(s, buf);
      for (let i = 0; i < n && !contact; i++)
        for (let k = 0; k < 4; k++) if (theirHeads.has(board.chainHead(buf[i] + adj[k]))) contact = true;
    }
    const libs = board.chainLiberties(s);
    // The named string races when it is in contact; else the weakest string that is.
    if (contact && board.chainHead(s) === board.chainHead(key)) return s;
    if (contact && libs < bestLibs) {
      best = s;
      bestLibs = libs;
    }
  }
  return best;
}

/**
 * Counts a quiet race the way players do (no string in atari, no unsettled eye space, no stones of
 * one side that can be taken inside the other's eye space; one stone with three or more liberties
 * inside an eye is one move of filling it done): each side's race string (the named one when in contact,
 * else its weakest string in contact), its outside liberties, the liberties of its clean eyes (an eye of n points is worth 1, 2, 3, 5, 8,
 * 12 liberties), and the shared liberties. Neither with an eye: with two or more shared liberties
 * the mover wins with outside liberties at least the other's plus shared minus one, loses when the
 * other has at least its own plus the shared ones, else seki; with fewer the mover wins with at
 * least as many. An eye against none: the shared liberties count for the eye. Both with eyes: decided
 * only when one side's count exceeds the other's by the shared liberties. Unknown when the position is not quiet
 * or a race string has a liberty the other side cannot simply fill (a suicide or a self-atari there: an
 * approach move or a capture comes first, which the reading finds), or the losing race string can join
 * another string of its colour that brings it liberties.
 */
export function countRace(
  board: Board,
  mover: RaceGoal,
  other: RaceGoal,
  moverView: DragonView | null,
  otherView: DragonView | null,
  buf: Int32Array,
): RaceCount {
  if (!moverView || !otherView) return RaceCount.Unknown;
  const mine: number[] = [];
  const theirs: number[] = [];
  goalStrings(board, mover, mine);
  goalStrings(board, other, theirs);
  for (const s of mine) if (board.chainLiberties(s) <= 1) return RaceCount.Unknown;
  for (const s of theirs) if (board.chainLiberties(s) <= 1) return RaceCount.Unknown;
  const a = raceString(board, mover.key, mine, theirs, buf);
  const b = raceString(board, other.key, theirs, mine, buf);
  if (a === 0 || b === 0) return RaceCount.Unknown;
  const side = (s: number, view: DragonView, enemy: number): SideCount | null => {
    // Each clean eye's index by point, and its liberty value.
    const eyeOf = new Map<number, number>();
    const values: number[] = [];
    for (const e of view.eyeSpaces) {
      if (e.eyes.min < e.eyes.max) return null;
      let stones = 0;
      for (const p of e.points) {
        if (board.colors[p] !== enemy) continue;
        // The other's stones inside that can be taken: the race is read (a capture there may not
        // give life). A stronger one was played to fill the eye: one move of it done.
        if (board.chainLiberties(p) <= INSIDE_READ) return null;
        stones++;
      }
      if (e.eyes.min === 0) continue;
      // One stone on the eye's vital point is counted; more make shapes the count does not know.
      if (stones > 1) return null;
      for (const p of e.points) eyeOf.set(p, values.length);
      values.push(Math.max(1, eyeLiberties(e.points.length) - stones));
    }
    let eye = 0;
    const outside = 0;
    const counted = new Set<number>();
    for (const l of stringLiberties(board, s, buf)) {
      const i = eyeOf.get(l);
      if (i === undefined || counted.has(i)) continue;
      counted.add(i);
      eye += values[i];
    }
    return { string: s, outside, eye, hasEye: eye > 0 };
  };
  const ma = side(a, moverView, other.owner);
  const ob = side(b, otherView, mover.owner);
  if (!ma || !ob) return RaceCount.Unknown;
  const libsB = new Set(stringLiberties(board, b, buf));
  const libsA = stringLiberties(board, a, buf);
  // A liberty the other side cannot simply fill (suicide, self-atari) is not counted: read it.
  if (libsA.some((l) => unfillable(board, l, other.owner)) || [...libsB].some((l) => unfillable(board, l, mover.owner)))
    return RaceCount.Unknown;
  let shared = 0;
  for (const l of libsA) {
    if (libsB.has(l)) shared++;
    else if (!isEyePoint(moverView, l)) ma.outside++;
  }
  for (const l of libsB) if (!isShared(board, a, l) && !isEyePoint(otherView, l)) ob.outside++;
  const x = ma.outside + ma.eye;
  const verdict = decide(ma, ob, x, ob.outside + ob.eye, shared);
  // The losing race string may join another string of its colour at a liberty and gain that
  // string's liberties (semeai 135: Black's R10 joins two strings into a seki): read it.
  if (verdict === RaceCount.OtherWins && libsA.some((l) => joinGains(board, a, l, mover.owner, buf)))
    return RaceCount.Unknown;
  if (verdict === RaceCount.MoverWins && [...libsB].some((l) => joinGains(board, b, l, other.owner, buf)))
    return RaceCount.Unknown;
  return verdict;
}

/** The count itself (see {@link countRace}). */
function decide(ma: SideCount, ob: SideCount, x: number, y: number, shared: number): RaceCount {
  if (!ma.hasEye && !ob.hasEye) {
    if (shared >= 2) {
      if (x >= y + shared - 1) return RaceCount.MoverWins;
      if (y >= x + shared) return RaceCount.OtherWins;
      return RaceCount.Seki;
    }
    return x >= y ? RaceCount.MoverWins : RaceCount.OtherWins;
  }
  if (ma.hasEye && !ob.hasEye) return x + shared >= y ? RaceCount.MoverWins : RaceCount.OtherWins;
  if (!ma.hasEye && ob.hasEye) return x >= y + shared ? RaceCount.MoverWins : RaceCount.OtherWins;
  // Both with eyes: the shared liberties go last and a side filling the last one puts itself in
  // atari; counted only with a margin of all of them, else read.
  if (x >= y + shared) return RaceCount.MoverWins;
  if (y > x + shared) return RaceCount.OtherWins;
  return RaceCount.Unknown;
}

function isEyePoint(view: DragonView, p: number): boolean {
  for (const e of view.eyeSpaces) if (e.eyes.min > 0 && e.points.includes(p)) return true;
  return false;
}

/**
 * True when `player` cannot simply fill the empty point l: a suicide, or a self-atari that captures
 * nothing (a ko retake is still a fill).
 */
function unfillable(board: Board, l: number, player: Player): boolean {
  const f = board.analyzeMove(l, player);
  if (f & MoveFlag.Illegal) return (f & MoveFlag.Ko) === 0;
  return (f & MoveFlag.SelfAtari) !== 0 && (f & MoveFlag.Capturing) === 0;
}

/** True when the empty point l is a liberty of the string at s. */
function isShared(board: Board, s: number, l: number): boolean {
  const adj = board.geo.adjacent;
  const h = board.chainHead(s);
  for (let k = 0; k < 4; k++) if (board.colors[l + adj[k]] !== EMPTY && board.chainHead(l + adj[k]) === h) return true;
  return false;
}

/**
 * True when the empty point l joins the string at s to another string of `owner` that has a
 * liberty besides l that s lacks.
 */
function joinGains(board: Board, s: number, l: number, owner: number, buf: Int32Array): boolean {
  const adj = board.geo.adjacent;
  const h = board.chainHead(s);
  for (let k = 0; k < 4; k++) {
    const q = l + adj[k];
    if (board.colors[q] !== owner || board.chainHead(q) === h) continue;
    const n = board.chainLibertyPoints(q, buf);
    for (let i = 0; i < n; i++) if (buf[i] !== l && !isShared(board, s, buf[i])) return true;
  }
  return false;
}
