import type { Board } from '../board/board';
import { EMPTY, WALL, type Player } from '../board/color';
import { passable } from './domains';
import { withHalfEye } from './half-eye';
import { floodReach } from './reach';
import { DEFAULT_EYE_SPACE_PARAMS, eyeRange, type EyeRange, type EyeSpaceParams } from '../groups/eyespace';

/** An enclosed eye space of the dragon: its points (empty and enemy stones) and eye range. */
export interface OwlEyeSpace {
  readonly points: number[];
  readonly eyes: EyeRange;
  /** The enemy can enter it from outside (its eyes were read with marginal points). */
  readonly leaky?: boolean;
}

/** An eye space the enemy can enter where the eye-graph reader names an attack point. */
export function threatenedOpen(e: OwlEyeSpace): boolean {
  return e.leaky === true && e.eyes.attack.length > 0;
}

/** What the owl sees of a dragon at one node. */
export interface DragonView {
  /** One stone per string of the dragon (goal strings plus strings sharing its eye spaces). */
  readonly strings: number[];
  readonly eyeSpaces: OwlEyeSpace[];
  /** The dragon's liberties that open into the outside (not in an eye space). */
  readonly outerLiberties: number[];
  /** Sums of the eye spaces' ranges. */
  readonly minEyes: number;
  readonly maxEyes: number;
  /** Empty points reachable from the outer liberties outside the enemy's sphere (capped). */
  readonly room: number;
  /** The room reaches a friendly living stone. */
  readonly connects: boolean;
  /** Enemy strings next to the dragon with one or two liberties (lunches), one stone each. */
  readonly lunches: number[];
  /** Smallest liberty count of the dragon's strings. */
  readonly weakestLiberties: number;
  /** A stone of the weakest string. */
  readonly weakest: number;
}

/** Limits of the owl's view of a dragon. */
export interface OwlViewParams {
  /** Connected non-owner areas up to this many points are eye spaces; larger ones are outside. */
  readonly maxEyeSpace: number;
  /** Room from which the dragon counts as escaped (alive). */
  readonly escapeRoom: number;
  /** Eye spaces of at most this many points are valued by the eye-graph reader, whatever their size. */
  readonly readerPoints: number;
  /**
   * An empty point is on the enemy's side also when two adjoining points around it off the first
   * line are (strong enemy stones or empty points next to them), unless an owner stone stands beside
   * both (GNU Go's eye-space domains, from its documentation of make_domains: influence does not
   * leak under a third-line wall along the first line, nor past a knight's move). It bounds the
   * eye spaces only; the room flood (reach.ts) does not use it. On for GTP's dragon commands (see
   * dragons/life.ts), off on the territory path.
   */
  readonly domains?: boolean;
  /**
   * A dragon with fewer than two liberties outside its eye spaces has its closed eye spaces of up to
   * the reader's size limit valued by the eye-graph reader with that many outer liberties (its usual
   * construction gives the surrounding group two), whatever their empty points: the rectangular six
   * in the corner, two eyes with outside liberties, is a ko or dead short of them, and a closed
   * space of seven points or more is then read, not two eyes by its size. GTP's dragon commands only.
   */
  readonly shortOfLiberties?: boolean;
  /**
   * A closed one-point eye in the open that one enemy move on a diagonal makes false (a half eye,
   * see half-eye.ts) is no sure eye: 0-1, that diagonal both sides' vital point. GTP's dragon
   * commands only.
   */
  readonly halfEyes?: boolean;
  /**
   * Room counts as an escape only when its flood (breadth first) reaches a point this many steps
   * from the dragon's outer liberties: `escapeRoom` points in a pocket the enemy's stones close
   * are no way out (see reach.ts). Unset: any `escapeRoom` points are.
   */
  readonly escapeReach?: number;
  /**
   * A space the enemy can enter that the eye-graph reader cannot value (no invincible attacker group
   * fits beside every marginal point, mostly in corners) has no sure eye instead of the size rule's
   * one (see EyeSpaceParams.unreadMarginsNoSureEye).
   */
  readonly unreadLeakyNoSureEye?: boolean;
}

export const DEFAULT_OWL_VIEW_PARAMS: OwlViewParams = { maxEyeSpace: 14, escapeRoom: 14, readerPoints: 8 };

/**
 * Scratch arrays for {@link viewDragon}, one per board: generation-stamped marks, so a view costs
 * flood fills and no clearing.
 */
export class OwlScratch {
  readonly mark: Int32Array;
  readonly regionMark: Int32Array;
  readonly stones: Int32Array;
  readonly libs: Int32Array;
  gen = 0;
  constructor(arraySize: number) {
    this.mark = new Int32Array(arraySize);
    this.regionMark = new Int32Array(arraySize);
    this.stones = new Int32Array(arraySize);
    this.libs = new Int32Array(arraySize);
  }
  next(): number {
    return ++this.gen;
  }
}

/**
 * The dragon made of the goal stones still on the board (`goal` lists them; those of another colour
 * now are ignored): its strings, eye spaces (connected areas of empty points and enemy stones
 * bounded by the owner's stones, at most `maxEyeSpace` points, valued by the eye-graph reader), the
 * liberties that lead outside, and the room outside (empty points not in `enemySphere`, flooded from
 * those liberties, stopping at `escapeRoom`). Strings sharing an eye space join the dragon. Pure
 * apart from the scratch marks. Returns null when no goal stone is left.
 */
export function viewDragon(
  board: Board,
  goal: readonly number[],
  owner: Player,
  enemySphere: Uint8Array,
  friendAlive: Uint8Array,
  scratch: OwlScratch,
  params: OwlViewParams = DEFAULT_OWL_VIEW_PARAMS,
): DragonView | null {
  const { colors } = board;
  const adj = board.geo.adjacent;
  const enemy = 3 - owner;
  const strMark = scratch.next();
  const strings: number[] = [];
  for (const p of goal) {
    if (colors[p] !== owner) continue;
    const h = board.chainHead(p);
    if (scratch.mark[h] === strMark) continue;
    scratch.mark[h] = strMark;
    strings.push(p);
  }
  if (strings.length === 0) return null;
  const regionGen = scratch.next();
  const eyeSpaces: OwlEyeSpace[] = [];
  const outerLiberties: number[] = [];
  const lunchSeen = new Set<number>();
  const lunches: number[] = [];
  let weakestLiberties = 1 << 30;
  let weakest = strings[0];
  const region: number[] = [];
  const stack: number[] = [];
  // Strings are visited breadth-first; eye spaces found add their other bordering strings.
  for (let si = 0; si < strings.length; si++) {
    const s = strings[si];
    const nlib = board.chainLibertyPoints(s, scratch.libs);
    if (board.chainLiberties(s) < weakestLiberties) {
      weakestLiberties = board.chainLiberties(s);
      weakest = s;
    }
    const libs = Array.from(scratch.libs.subarray(0, nlib));
    // Lunches: enemy strings touching this string with few liberties.
    const ns = board.chainStones(s, scratch.stones);
    for (let i = 0; i < ns; i++) {
      for (let k = 0; k < 4; k++) {
        const q = scratch.stones[i] + adj[k];
        if (colors[q] !== enemy) continue;
        const h = board.chainHead(q);
        if (lunchSeen.has(h)) continue;
        lunchSeen.add(h);
        if (board.chainLiberties(q) <= 2) lunches.push(q);
      }
    }
    for (const l of libs) {
      if (scratch.regionMark[l] === regionGen || scratch.regionMark[l] === -regionGen) {
        if (scratch.regionMark[l] === -regionGen && !outerLiberties.includes(l)) outerLiberties.push(l);
        continue;
      }
      if (!passable(board, l, enemy, params)) {
        // A liberty next to a strong enemy stone: the boundary, no eye space.
        if (!outerLiberties.includes(l)) outerLiberties.push(l);
        continue;
      }
      // Flood the owner's side from l: empty points no strong enemy stone touches, weak enemy stones.
      region.length = 0;
      stack.length = 0;
      stack.push(l);
      scratch.regionMark[l] = regionGen;
      let open = false;
      // Owner strings (heads) bordering the space that are not (yet) part of the dragon.
      const foreign = new Set<number>();
      // Boundary points where the enemy's side begins (empty points a strong enemy string touches).
      const leaks = new Set<number>();
      while (stack.length > 0) {
        const p = stack.pop()!;
        region.push(p);
        if (region.length > params.maxEyeSpace || leaks.size > MAX_LEAKS) {
          open = true;
          break;
        }
        for (let k = 0; k < 4; k++) {
          const q = p + adj[k];
          const c = colors[q];
          if (c === owner && scratch.mark[board.chainHead(q)] !== strMark) foreign.add(board.chainHead(q));
          if (c === WALL || c === owner || scratch.regionMark[q] === regionGen) continue;
          if (!passable(board, q, enemy, params)) {
            leaks.add(q);
            continue;
          }
          scratch.regionMark[q] = regionGen;
          stack.push(q);
        }
      }
      if (open || leaks.size > MAX_LEAKS) {
        // Everything touched is outside; remember it so later liberties do not flood again.
        for (const p of region) scratch.regionMark[p] = -regionGen;
        for (const p of stack) scratch.regionMark[p] = -regionGen;
        outerLiberties.push(l);
        continue;
      }
      const points = region.slice();
      let empties = 0;
      for (const p of points) if (colors[p] === EMPTY) empties++;
      if (empties === 0) continue;
      let eyes =
        leaks.size === 0
          ? eyeRange(board, points, owner)
          : leakyEyes(board, points, owner, leaks, claim(board, strings, foreign), params);
      if (params.halfEyes === true && leaks.size === 0 && points.length === 1)
        eyes = withHalfEye(board, points[0], owner, eyes);
      eyeSpaces.push({ points, eyes, leaky: leaks.size > 0 });
      for (const q of leaks)
        if (!outerLiberties.includes(q) && board.colors[q] === EMPTY) outerLiberties.push(q);
      if (leaks.size > 0) continue;
      // Owner strings bordering a small clean space join the dragon (new stones of the owner's
      // moves, strings around one eye); larger spaces or spaces holding enemy stones do not, so a
      // dragon cannot spread through the opponent's dead stones over the board.
      if (empties !== points.length || points.length > JOIN_SPACE) continue;
      for (const p of points) {
        for (let k = 0; k < 4; k++) {
          const q = p + adj[k];
          if (colors[q] !== owner) continue;
          const h = board.chainHead(q);
          if (scratch.mark[h] === strMark) continue;
          scratch.mark[h] = strMark;
          strings.push(q);
        }
      }
    }
  }
  if (params.shortOfLiberties === true && outerLiberties.length < 2)
    readShortOfLiberties(board, eyeSpaces, owner, outerLiberties.length);
  let minEyes = 0;
  let maxEyes = 0;
  for (const e of eyeSpaces) {
    minEyes += e.eyes.min;
    maxEyes += e.eyes.max;
  }
  const own = new Set<number>();
  for (const s of strings) own.add(board.chainHead(s));
  const { room, connects } = floodReach(
    board,
    own,
    outerLiberties,
    owner,
    enemySphere,
    friendAlive,
    scratch,
    params,
  );
  return {
    strings,
    eyeSpaces,
    outerLiberties,
    minEyes,
    maxEyes,
    room,
    connects,
    lunches,
    weakestLiberties,
    weakest,
  };
}

/**
 * The eyes of a space the enemy can enter at `leaks`. When the dragon surrounds it alone, the points
 * next to a leak are marginal (GNU Go's marginal vertices: the enemy can play there from outside),
 * which the eye-graph reader values as such. When it is `shared` with bigger owner strings outside
 * the dragon, the reader's picture (one invincible surrounding group) does not hold: the space's own
 * value, one eye less.
 */
function leakyEyes(
  board: Board,
  points: readonly number[],
  owner: Player,
  leaks: ReadonlySet<number>,
  shared: boolean,
  params: OwlViewParams,
): EyeRange {
  if (shared) {
    const read = eyeRange(board, points, owner);
    return { ...read, min: Math.max(0, read.min - 1), max: Math.max(0, read.max - 1) };
  }
  const adj = board.geo.adjacent;
  const margins = new Set<number>();
  for (const p of points) for (let k = 0; k < 4; k++) if (leaks.has(p + adj[k])) margins.add(p);
  return eyeRange(board, points, owner, eyeParams(points.length, true, params), margins);
}

/**
 * The closed eye spaces of a dragon with `liberties` (0 or 1) liberties outside its eye spaces,
 * valued again by the eye-graph reader with that many outer liberties instead of its usual two, up
 * to its size limit whatever their empty points (see OwlViewParams.shortOfLiberties). In place.
 */
function readShortOfLiberties(
  board: Board,
  eyeSpaces: OwlEyeSpace[],
  owner: Player,
  liberties: number,
): void {
  const params: EyeSpaceParams = {
    ...DEFAULT_EYE_SPACE_PARAMS,
    outerLiberties: liberties,
    bigSpace: Infinity,
  };
  for (let i = 0; i < eyeSpaces.length; i++) {
    const e = eyeSpaces[i];
    if (e.leaky === true || e.points.length > params.readerMaxPoints) continue;
    eyeSpaces[i] = { ...e, eyes: eyeRange(board, e.points, owner, params) };
  }
}

/**
 * True when the owner strings outside the dragon that border a space (`foreign` heads) have more
 * stones than the dragon's strings found so far: the space is theirs more than the dragon's.
 */
function claim(board: Board, strings: readonly number[], foreign: ReadonlySet<number>): boolean {
  if (foreign.size === 0) return false;
  let outside = 0;
  for (const h of foreign) outside += board.chainSize(h);
  let inside = 0;
  for (const s of strings) inside += board.chainSize(s);
  return outside > inside;
}

/**
 * The eye-space limits for a space of `size` points: a space the enemy can enter (with marginal
 * points) goes to the eye-graph reader up to `params.readerPoints`, not counted as two eyes by its
 * size (with `params.unreadLeakyNoSureEye`, no sure eye when the reader cannot value it); closed
 * spaces and bigger ones keep the size rule.
 */
function eyeParams(size: number, open: boolean, params: OwlViewParams): EyeSpaceParams {
  return open && size <= params.readerPoints
    ? {
        ...DEFAULT_EYE_SPACE_PARAMS,
        readerMaxPoints: params.readerPoints,
        bigSpace: Infinity,
        unreadMarginsNoSureEye: params.unreadLeakyNoSureEye === true,
      }
    : DEFAULT_EYE_SPACE_PARAMS;
}

/** A space with at most this many boundary points on the enemy's side is still an eye space. */
const MAX_LEAKS = 2;

/** Eye spaces of at most this many empty points join the owner strings around them to the dragon. */
const JOIN_SPACE = 6;
